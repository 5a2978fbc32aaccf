import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConvertKind } from '../../../contract/convert-rules.ts';
import { FormMessage } from '../account/shared.ts';
import { AmountSide } from './AmountSide.tsx';
import { swap } from './convert-form.ts';
import { QuoteFacts } from './QuoteFacts.tsx';
import type { ConvertData } from './use-convert-data.ts';
import type { ConvertFlow } from './use-convert-flow.ts';

/**
 * The convert form: from and to with the swap button between them, the quote's facts and the action (get a
 * quote, or what is missing, or sign in). While a firm quote is being confirmed the fields are locked: what is
 * confirmed is exactly what the form shows.
 */
export function ConvertForm({ tab, flow, data, signedIn, action }: { tab: ConvertKind; flow: ConvertFlow; data: ConvertData; signedIn: boolean; action: ReactNode }) {
  const { t } = useTranslation('convert');
  const locked = flow.step.name === 'confirm';
  return (
    <form
      className="td-convert-form"
      noValidate
      aria-label={t('form.label')}
      data-testid="convert-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (signedIn && !locked) flow.requestQuote();
      }}
    >
      <fieldset className="td-convert-fields" disabled={locked}>
        <AmountSide side="from" tab={tab} flow={flow} data={data} signedIn={signedIn} />
        <div className="td-convert-swap">
          <button type="button" className="td-convert-swap-button" aria-label={t('form.swap')} title={t('form.swap')} data-testid="convert-swap" onClick={() => flow.edit(swap(flow.draft))}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M7 4v13M7 17l-3-3M7 17l3-3M17 20V7M17 7l-3 3M17 7l3 3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </div>
        <AmountSide side="to" tab={tab} flow={flow} data={data} signedIn={signedIn} />
      </fieldset>
      <QuoteFacts flow={flow} data={data} />
      {flow.pairOff ? (
        <p className="td-notice td-notice-danger" role="status" data-testid="convert-pair-off">
          {t('errors.pairDisabled', { from: flow.draft.from, to: flow.draft.to })}
        </p>
      ) : null}
      {locked ? null : <FormMessage text={flow.message} help={flow.help} />}
      {action}
    </form>
  );
}
