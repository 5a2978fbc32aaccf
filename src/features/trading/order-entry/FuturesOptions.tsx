import Decimal from 'decimal.js';
import type { Dispatch } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from './DecimalInput.tsx';
import { FieldMessage } from './FieldMessage.tsx';
import { isLimitLike, type FormAction, type TimeInForce, type TradeFormState } from './form-state.ts';
import { estimatedLiquidation, requiredFunds, volumeForPercent, type BalanceContext, type OrderErrors, type PairRules } from './validate.ts';

/**
 * USD-M order options (spec §3 "Trade form", §7 "Lightning futures" sendOrder): reduce-only, post-only (limit), time in force (limit and stop-limit),
 * take-profit / stop-loss with the entry.
 */
export function FuturesOptions(props: { form: TradeFormState; dispatch: Dispatch<FormAction>; errors: OrderErrors; quoteAsset: string }) {
  const { form, dispatch, errors, quoteAsset } = props;
  const { t } = useTranslation('orders');
  const uid = useId();
  const check = (key: 'reduceOnly' | 'postOnly' | 'tpsl', label: string) => (
    <label className="td-of-check">
      <input
        type="checkbox"
        data-testid={`order-${key}`}
        checked={form[key]}
        onChange={(e) => dispatch({ type: 'extras', patch: { [key]: e.target.checked } })}
      />
      {label}
    </label>
  );
  return (
    <>
      <div className="td-of-options">
        {check('reduceOnly', t('form.reduceOnly'))}
        {form.priceType === 'limit' && check('postOnly', t('form.postOnly'))}
        {check('tpsl', t('form.tpsl'))}
        {isLimitLike(form.priceType) && (
          <select
            aria-label={t('form.timeInForce')}
            data-testid="order-tif"
            value={form.timeInForce}
            onChange={(e) => dispatch({ type: 'extras', patch: { timeInForce: e.target.value as TimeInForce } })}
          >
            {(['GTC', 'IOC', 'FOK'] as const).map((tif) => (
              <option key={tif} value={tif}>
                {t(`form.tif.${tif}`)}
              </option>
            ))}
          </select>
        )}
      </div>
      {form.tpsl && (
        <>
          <div className="td-of-tpsl">
            {(['takeProfit', 'stopLoss'] as const).map((key) => (
              <label key={key} className="td-of-field td-of-field--stacked" htmlFor={`${uid}-${key}`}>
                <span>{t(`form.${key}`, { asset: quoteAsset })}</span>
                <DecimalInput
                  id={`${uid}-${key}`}
                  testId={`order-${key}`}
                  messageId={`order-${key}-msg`}
                  value={form[key]}
                  error={errors[key]}
                  onChange={(value) => dispatch({ type: 'extras', patch: { [key]: value } })}
                />
              </label>
            ))}
          </div>
          <FieldMessage id="order-takeProfit-msg" error={errors.takeProfit} />
          <FieldMessage id="order-stopLoss-msg" error={errors.stopLoss} />
        </>
      )}
    </>
  );
}

/** Before submitting (spec §2 "Futures trading"): the cost (initial margin + taker fee), the maximum openable size and the estimated liquidation price. */
export function FuturesEstimates(props: { rules: PairRules & { symbol: string }; form: TradeFormState; ctx: BalanceContext; price: Decimal | null; volume: string }) {
  const { rules, form, ctx, price, volume } = props;
  const { t } = useTranslation('orders');
  let qty: Decimal | null = null;
  try {
    qty = volume.trim() === '' ? null : new Decimal(volume);
  } catch {
    qty = null;
  }
  const ok = price !== null && price.gt(0) && qty !== null && qty.gt(0);
  const cost = ok ? requiredFunds(rules, form.direction, price, qty!, ctx) : null;
  const max = volumeForPercent(rules, form.direction, form.priceType, 100, ctx, price);
  // Reduce-only without the account: nothing to tell of the position it reduces.
  const liq = ok && (ctx.risk || !form.reduceOnly) ? estimatedLiquidation(rules, form.direction, price, qty!, ctx) : null;
  const tickDecimals = new Decimal(rules.tickSize).decimalPlaces();
  return (
    <dl className="td-of-estimates" data-testid="order-estimates">
      <div>
        <dt>{t('form.cost')}</dt>
        <dd data-testid="order-cost">{cost ? `${cost.toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2)} ${rules.quoteAsset}` : '--'}</dd>
      </div>
      <div>
        <dt>{t('form.maxOpen')}</dt>
        <dd data-testid="order-max">{max ? `${max} ${rules.baseAsset}` : '--'}</dd>
      </div>
      <div>
        <dt>{t('form.estLiquidation')}</dt>
        <dd data-testid="order-liquidation">{liq ? `${liq.toFixed(tickDecimals)} ${rules.quoteAsset}` : '--'}</dd>
      </div>
    </dl>
  );
}
