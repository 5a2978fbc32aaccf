import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/form/index.ts';
import { HelpLink } from '../help/shared.ts';
import { AmountSide } from './AmountSide.tsx';
import { swap, type PairKind } from './convert-form.ts';
import type { QuoteData, QuoteFlow } from './use-quote-flow.ts';

// i18n namespaces: convert, otc

/**
 * A quote form (convert's, and the OTC desk's instant quote): from and to with the swap button between them,
 * the quote's facts and the action (get a quote, or what is missing, or sign in). While a firm quote is being
 * confirmed the fields are locked: what is confirmed is exactly what the form shows.
 */
export function QuoteForm({
  kind,
  flow,
  data,
  signedIn,
  facts,
  action,
}: {
  kind: PairKind;
  flow: QuoteFlow;
  data: QuoteData;
  signedIn: boolean;
  facts: ReactNode;
  action: ReactNode;
}) {
  const { ns } = flow;
  const { t } = useTranslation(ns);
  const locked = flow.step.name === 'confirm';
  return (
    <form
      className="td-convert-form"
      noValidate
      aria-label={t('form.label')}
      data-testid={`${ns}-form`}
      onSubmit={(event) => {
        event.preventDefault();
        if (signedIn && !locked) flow.requestQuote();
      }}
    >
      <fieldset className="td-convert-fields" disabled={locked}>
        <AmountSide side="from" kind={kind} flow={flow} data={data} signedIn={signedIn} />
        <div className="td-convert-swap">
          <button type="button" className="td-convert-swap-button" aria-label={t('form.swap')} title={t('form.swap')} data-testid={`${ns}-swap`} onClick={() => flow.edit(swap(flow.draft))}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M7 4v13M7 17l-3-3M7 17l3-3M17 20V7M17 7l-3 3M17 7l3 3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </div>
        <AmountSide side="to" kind={kind} flow={flow} data={data} signedIn={signedIn} />
      </fieldset>
      {facts}
      {flow.pairOff ? (
        <p className="td-notice td-notice-danger" role="status" data-testid={`${ns}-pair-off`}>
          {t('errors.pairDisabled', { from: flow.draft.from, to: flow.draft.to })}
        </p>
      ) : null}
      {locked ? null : <FormMessage text={flow.message} helpLink={flow.help ? <HelpLink article={flow.help} variant="error" /> : null} />}
      {action}
    </form>
  );
}
