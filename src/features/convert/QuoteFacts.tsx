import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format/index.ts';
import { percentText, quoteMatches } from './convert-form.ts';
import { priceText, usdText } from './format.ts';
import type { ConvertData } from './use-convert-data.ts';
import type { ConvertFlow } from './use-convert-flow.ts';

/**
 * Under the amounts: the price both ways, the spread said explicitly, the zero fee and, signed in, what today's
 * limit leaves. An indicative price is labelled as such; while a firm quote binds, its countdown.
 */
export function QuoteFacts({ flow, data }: { flow: ConvertFlow; data: ConvertData }) {
  const { t } = useTranslation('convert');
  const quote = quoteMatches(flow.quote, flow.draft) ? flow.quote : null;
  const firm = flow.step.name === 'confirm';
  return (
    <div className="td-convert-facts" data-testid="convert-facts">
      <p className="td-convert-quote-state" data-testid="convert-quote-state" data-state={firm ? (flow.expired ? 'expired' : 'firm') : quote ? 'indicative' : 'none'}>
        {firm ? <Countdown seconds={flow.secondsLeft} expired={flow.expired} /> : quote ? t('quote.indicative') : t('quote.none')}
      </p>
      <dl className="td-wallet-facts">
        <dt>{t('quote.price')}</dt>
        <dd data-testid="convert-price">{quote ? t('quote.rate', { from: quote.fromAsset, to: quote.toAsset, price: priceText(quote.price) }) : '--'}</dd>
        <dt>{t('quote.inversePrice')}</dt>
        <dd data-testid="convert-inverse">{quote ? t('quote.rate', { from: quote.toAsset, to: quote.fromAsset, price: priceText(quote.inversePrice) }) : '--'}</dd>
        <dt>{t('quote.spread')}</dt>
        <dd data-testid="convert-spread">{quote ? t('quote.spreadValue', { value: percentText(quote.spread) }) : '--'}</dd>
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
      </dl>
    </div>
  );
}

/** The firm quote's time left; the same reading in the form and the confirm step (one clock, use-seconds-left.ts). */
export function Countdown({ seconds, expired }: { seconds: number | null; expired: boolean }) {
  const { t } = useTranslation('convert');
  if (expired) return <span data-testid="convert-countdown" data-expired="true">{t('quote.expired')}</span>;
  return (
    // A timer region: screen readers do not announce every second (role timer is polite-off).
    <span role="timer" data-testid="convert-countdown" data-seconds={seconds ?? ''}>
      {t('quote.validFor', { seconds: seconds ?? '--' })}
    </span>
  );
}
