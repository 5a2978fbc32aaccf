import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { percentText, quoteMatches, type QuoteNs } from './convert-form.ts';
import { priceText } from './format.ts';
import type { QuoteFlow } from './use-quote-flow.ts';

// i18n namespaces: convert, otc

/**
 * Under the amounts: the price both ways and the spread said explicitly, then the desk's own facts
 * (`children`: convert's zero fee and today's limit, the OTC desk's USD value). An indicative price is
 * labelled as such; while a firm quote binds, its countdown.
 */
export function QuoteFacts({ flow, children }: { flow: QuoteFlow; children?: ReactNode }) {
  const { ns } = flow;
  const { t } = useTranslation(ns);
  const quote = quoteMatches(flow.quote, flow.draft) ? flow.quote : null;
  const firm = flow.step.name === 'confirm';
  return (
    <div className="td-convert-facts" data-testid={`${ns}-facts`}>
      <p className="td-convert-quote-state" data-testid={`${ns}-quote-state`} data-state={firm ? (flow.expired ? 'expired' : 'firm') : quote ? 'indicative' : 'none'}>
        {firm ? <Countdown ns={ns} seconds={flow.secondsLeft} expired={flow.expired} /> : quote ? t('quote.indicative') : t('quote.none')}
      </p>
      <dl className="td-wallet-facts">
        <dt>{t('quote.price')}</dt>
        <dd data-testid={`${ns}-price`}>{quote ? t('quote.rate', { from: quote.fromAsset, to: quote.toAsset, price: priceText(quote.price) }) : '--'}</dd>
        <dt>{t('quote.inversePrice')}</dt>
        <dd data-testid={`${ns}-inverse`}>{quote ? t('quote.rate', { from: quote.toAsset, to: quote.fromAsset, price: priceText(quote.inversePrice) }) : '--'}</dd>
        <dt>{t('quote.spread')}</dt>
        <dd data-testid={`${ns}-spread`}>{quote ? t('quote.spreadValue', { value: percentText(quote.spread) }) : '--'}</dd>
        {children}
      </dl>
    </div>
  );
}

/** The firm quote's time left; the same reading in the form and the confirm step (one clock, use-seconds-left.ts). */
export function Countdown({ ns, seconds, expired }: { ns: QuoteNs; seconds: number | null; expired: boolean }) {
  const { t } = useTranslation(ns);
  if (expired) return <span data-testid={`${ns}-countdown`} data-expired="true">{t('quote.expired')}</span>;
  return (
    // A timer region: screen readers do not announce every second (role timer is polite-off).
    <span role="timer" data-testid={`${ns}-countdown`} data-seconds={seconds ?? ''}>
      {t('quote.validFor', { seconds: seconds ?? '--' })}
    </span>
  );
}
