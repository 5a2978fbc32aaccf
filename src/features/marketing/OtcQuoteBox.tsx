import './locale.ts';
import Decimal from 'decimal.js';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Code } from '../../../contract/codes.ts';
import { CONVERT_DIGITAL, CONVERT_FIAT, convertKind } from '../../../contract/convert-rules.ts';
import { isApiError } from '../../lib/api/index.ts';
import { formatAmount, formatDateTime, formatQuantity, groupThousands, parseAmount } from '../../lib/format/index.ts';
import { Field, TextField } from '../../components/form/index.ts';
import { marketingApi, type OtcQuote } from './api.ts';
import { priceShown, shownUnit, limitFromWire } from '../../../contract/otc-limit-rules.ts';
import { useSettled } from '../../lib/use-load.ts';

const ASSETS = [...CONVERT_DIGITAL, ...CONVERT_FIAT];
/** The desk's price moves with the books: the indicative quote is asked for again this often while shown. */
const REFRESH_MS = 10_000;

/** One side's asset of the quote box (`otcFrom`, `otcTo`). */
function AssetSelect({ side, label, value, onValue }: { side: 'from' | 'to'; label: string; value: string; onValue: (asset: string) => void }) {
  const name = side === 'from' ? 'otcFrom' : 'otcTo';
  return (
    <Field name={name} label={label}>
      {(aria) => (
        <select {...aria} value={value} onChange={(e) => onValue(e.target.value)} data-testid={`otc-quote-${side}`}>
          {ASSETS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

type Outcome = { key: string; quote: OtcQuote } | { key: string; error: string };

/**
 * A live indicative OTC quote (the public `/institution/block/getQuote`): what the desk would pay now for an amount
 * of one asset in another, at the desk's price for that size, refreshed every 10 seconds. It binds nothing; a
 * firm quote is asked for at the desk (otc/form).
 */
/** The quoted price the traders' way round (1 BTC = … USDT) whichever side is paid (contract/otc-limit-rules.ts). */
function useReadablePrice(): (quote: OtcQuote) => string {
  const { t } = useTranslation('marketing');
  return (quote) => {
    const unit = shownUnit(quote.fromAsset, quote.toAsset, false);
    const price = groupThousands(priceShown(limitFromWire(quote.price, unit, quote.fromAsset)));
    return t('otc.quote.priceValue', { from: unit.base, price, to: unit.quote });
  };
}

export function OtcQuoteBox({ minUsd }: { minUsd: string | null }) {
  const { t } = useTranslation('marketing');
  const readablePriceText = useReadablePrice();
  const [from, setFrom] = useState<string>('BTC');
  const [to, setTo] = useState<string>('USDT');
  const [amount, setAmount] = useState('5');
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const parsed = parseAmount(amount);
  const pairOk = convertKind(from, to) !== null;
  const localIssue = !pairOk ? t('otc.quote.pairInvalid') : !parsed || parsed.isZero() ? t('otc.quote.amountFormat') : null;
  const request = useMemo(() => (localIssue || !parsed ? null : { fromAsset: from, toAsset: to, fromAmount: parsed.toFixed() }), [localIssue, parsed, from, to]);
  const key = request ? JSON.stringify(request) : '';
  // Asked for once typing pauses, not at every keystroke.
  const settledKey = useSettled(key, 400);

  useEffect(() => {
    if (!settledKey) return undefined;
    const body = JSON.parse(settledKey) as { fromAsset: string; toAsset: string; fromAmount: string };
    const controller = new AbortController();
    const load = () =>
      marketingApi.otcQuote(body, controller.signal).then(
        (quote) => setOutcome({ key: settledKey, quote }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setOutcome({ key: settledKey, error: describe(error) });
        },
      );
    const describe = (error: unknown): string => {
      if (!isApiError(error)) return t('otc.quote.failed');
      const data = (error.data ?? {}) as Record<string, unknown>;
      if (error.code === Code.otcBelowMinimum) return t('otc.quote.belowMinimum', { min: formatAmount(String(data['minUsd'] ?? minUsd ?? ''), 0), value: formatAmount(String(data['usdValue'] ?? ''), 2) });
      if (error.code === Code.quoteUnavailable) return t('otc.quote.unavailable');
      if (error.code === Code.badRequest) return t('otc.quote.invalid');
      return t('otc.quote.failed');
    };
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [settledKey, t, minUsd]);

  const current = outcome && outcome.key === settledKey && settledKey === key ? outcome : null;
  const state = localIssue ? 'invalid' : !current ? 'loading' : 'quote' in current ? 'indicative' : 'error';
  const quote = current && 'quote' in current ? current.quote : null;
  const swap = () => {
    setFrom(to);
    setTo(from);
  };

  return (
    <section className="td-mk-panel" aria-labelledby="otc-quote-title" data-testid="otc-quote">
      <h2 id="otc-quote-title">{t('otc.quote.title')}</h2>
      <form className="td-mk-quote-form" onSubmit={(e) => e.preventDefault()}>
        <AssetSelect side="from" label={t('otc.quote.from')} value={from} onValue={setFrom} />
        <TextField name="otcAmount" label={t('otc.quote.amount', { asset: from })} inputMode="decimal" autoComplete="off" value={amount} onValue={setAmount} error={localIssue ?? undefined} />
        <button type="button" className="td-button td-button-secondary td-mk-swap" onClick={swap} aria-label={t('otc.quote.swap')} data-testid="otc-quote-swap">
          {t('otc.quote.swapShort')}
        </button>
        <AssetSelect side="to" label={t('otc.quote.to')} value={to} onValue={setTo} />
      </form>
      <div className="td-mk-quote" aria-live="polite" data-testid="otc-quote-result" data-state={state}>
        {quote ? (
          <>
            <p className="td-mk-quote-main" data-testid="otc-quote-amounts">
              {t('otc.quote.amounts', { fromAmount: formatQuantity(quote.fromAmount), from: quote.fromAsset, toAmount: formatQuantity(quote.toAmount), to: quote.toAsset })}
            </p>
            <dl className="td-mk-facts">
              <dt>{t('otc.quote.price')}</dt>
              <dd data-testid="otc-quote-price">{readablePriceText(quote)}</dd>
              <dt>{t('otc.quote.usdValue')}</dt>
              <dd>{t('otc.quote.usdValueAmount', { value: formatAmount(quote.usdValue, 2) })}</dd>
              <dt>{t('otc.quote.spread')}</dt>
              <dd>{t('otc.terms.spreadValue', { value: new Decimal(quote.spread).times(100).toFixed(2) })}</dd>
              <dt>{t('otc.quote.asOf')}</dt>
              <dd data-testid="otc-quote-time">{formatDateTime(quote.serverTime, { zone: true })}</dd>
            </dl>
          </>
        ) : current && 'error' in current ? (
          <p className="td-form-message td-form-message-error" data-testid="otc-quote-error">
            {current.error}
          </p>
        ) : state === 'loading' ? (
          <p className="td-mk-muted">{t('otc.quote.loading')}</p>
        ) : null}
        <p className="td-mk-muted">{t('otc.quote.note')}</p>
      </div>
    </section>
  );
}
