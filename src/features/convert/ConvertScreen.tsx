import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CONVERT_QUOTE_TTL_MS, type ConvertKind } from '../../../contract/convert-rules.ts';
import { formatDateTime } from '../../lib/format/index.ts';
import { bootstrapSession, useAccountInfo } from '../account/index.ts';
import { FormMessage } from '../../components/form/index.ts';
import { HelpLink } from '../help/shared.ts';
import { ConvertResult } from './ConvertResult.tsx';
import { ConvertTabs, tabPath } from './ConvertTabs.tsx';
import { describeConvertError } from './errors.ts';
import { usdText } from './format.ts';
import { PermissionNotice, SignInPrompt } from './Notices.tsx';
import { QuoteConfirm } from './QuoteConfirm.tsx';
import { QuoteFacts } from './QuoteFacts.tsx';
import { QuoteForm } from './QuoteForm.tsx';
import { useConvertData } from './use-convert-data.ts';
import { useQuoteFlow } from './use-quote-flow.ts';
import { CONVERT_CALLS } from './convert-calls.ts';
import './convert.css';

/**
 * The convert screen (spec §1, §2, §7 "Convert and OTC"), signed in (convert/coin, `?tab=fiat`) or public
 * (nologin/convert/coin|fiat): the same form with indicative prices; signed in it gets a firm quote, confirms
 * it and shows the filled order, unless the user menu says convert is off (then what is missing, and where to
 * fix it); public, a sign-in prompt in place of "Get quote".
 */
export function ConvertScreen({ tab, signedIn }: { tab: ConvertKind; signedIn: boolean }) {
  const { t } = useTranslation('convert');
  const data = useConvertData(signedIn);
  const flow = useQuoteFlow(tab, signedIn, data, CONVERT_CALLS);
  const info = useAccountInfo();
  const root = useRef<HTMLDivElement>(null);
  const permission = signedIn ? info?.permissions?.[tab === 'coin' ? 'convertCoin' : 'convertFiat'] : undefined;
  // Permissions come from the user menu (spec §6): read again here, so a KYC or authenticator just done elsewhere counts.
  useEffect(() => {
    if (signedIn) void bootstrapSession();
  }, [signedIn]);

  const focusSoon = (selector: string) => setTimeout(() => root.current?.querySelector<HTMLElement>(selector)?.focus(), 0);
  let action = null;
  if (!signedIn) action = <SignInPrompt ns="convert" back={tabPath(tab, true)} />;
  else if (permission && !permission.enabled) action = <PermissionNotice ns="convert" reason={permission.reason ?? 'operations'} values={{ kind: t(`tabs.${tab}`) }} />;
  else if (flow.step.name !== 'confirm') {
    action = (
      <button type="submit" id="convert-get-quote" className="td-button td-button-primary td-convert-submit" disabled={flow.submitting || flow.pairOff} data-testid="convert-get-quote">
        {flow.submitting ? t('actions.processing') : t('actions.getQuote')}
      </button>
    );
  }
  return (
    <div className="td-convert" ref={root} data-testid={signedIn ? 'convert' : 'convert-public'} data-tab={tab}>
      <div className="td-convert-head">
        <h1>{t('title')}</h1>
        <ConvertTabs tab={tab} signedIn={signedIn} />
      </div>
      <p className="td-convert-intro">{t(tab === 'coin' ? 'intro.coin' : 'intro.fiat')}</p>
      {data.error ? <FormMessage text={describeConvertError(t, data.error).message} /> : null}
      <div className="td-convert-grid">
        <QuoteForm
          kind={tab}
          flow={flow}
          data={data}
          signedIn={signedIn}
          action={action}
          facts={
            <QuoteFacts flow={flow}>
              <dt>{t('quote.fee')}</dt>
              <dd data-testid="convert-fee">{t('quote.feeValue')}</dd>
              {data.limit ? (
                <>
                  <dt>{t('quote.limitLeft')}</dt>
                  <dd data-testid="convert-limit">
                    {t('quote.limitValue', { value: usdText(data.limit.remainingUsd), time: formatDateTime(data.limit.resetsAt, { zone: true }) })}
                  </dd>
                </>
              ) : null}
            </QuoteFacts>
          }
        />
        {flow.step.name === 'confirm' ? (
          <QuoteConfirm flow={flow}>
            <dt>{t('quote.fee')}</dt>
            <dd data-testid="confirm-fee">{t('quote.feeValue')}</dd>
          </QuoteConfirm>
        ) : flow.step.name === 'done' ? (
          <ConvertResult
            order={flow.step.order}
            onAgain={() => {
              flow.back();
              focusSoon('input[name="fromAmount"]');
            }}
          />
        ) : (
          <section className="td-convert-panel td-convert-about" aria-labelledby="convert-about-title">
            <h2 id="convert-about-title">{t('about.title')}</h2>
            <ul>
              <li>{t('about.fee')}</li>
              <li>{t('about.quote', { seconds: CONVERT_QUOTE_TTL_MS / 1000 })}</li>
              <li>{t(tab === 'coin' ? 'about.coin' : 'about.fiat')}</li>
            </ul>
            <HelpLink article="convert/quotes" />
          </section>
        )}
      </div>
    </div>
  );
}
