import type Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { PLACEHOLDER, formatAssetAmount } from '../../../lib/format/index.ts';
import { decimalOrNull, spotCost } from './spot-fee.ts';
import { orderSideLabel, type OrderRequest } from './order-request.ts';
import type { PairRules } from './validate.ts';

/** What the confirmation shows: pair, side, type, price, amount, value and (USD-M) leverage. */
export function OrderSummary(props: {
  order: OrderRequest;
  rules: PairRules & { listInstrumentId: string };
  value: Decimal | null | undefined;
  leverage: number | undefined;
  feeRate?: Decimal | undefined;
}) {
  const { order, rules, value, leverage } = props;
  const { t } = useTranslation('orders');
  return (
    <dl className="td-of-summary" data-testid="order-confirm">
      <dt>{t('form.confirmPair')}</dt>
      <dd>{rules.listInstrumentId}</dd>
      <dt>{t('form.confirmSide')}</dt>
      <dd data-testid="order-confirm-side">{t(orderSideLabel(rules.market, order))}</dd>
      <dt>{t('form.confirmType')}</dt>
      <dd>
        {t(`form.type.${order.priceType}`)}
        {order.timeInForce && order.timeInForce !== 'GTC' ? ` · ${t(`form.tif.${order.timeInForce}`)}` : ''}
        {order.postOnly ? ` · ${t('form.postOnly')}` : ''}
        {order.reduceOnly ? ` · ${t('form.reduceOnly')}` : ''}
      </dd>
      {order.stopPrice && (
        <>
          <dt>{t('form.confirmTrigger')}</dt>
          <dd>
            {order.stopPrice} ({t(rules.market === 'spot' || order.workingType === 'CONTRACT_PRICE' ? 'form.lastPrice' : 'form.markPrice')})
          </dd>
        </>
      )}
      {order.stopLimitPrice && (
        <>
          <dt>{t('form.stopLimitPrice', { asset: rules.quoteAsset })}</dt>
          <dd data-testid="confirm-stop-limit-price">{order.stopLimitPrice}</dd>
        </>
      )}
      <dt>{t('form.confirmPrice')}</dt>
      <dd>{order.price ?? t('form.marketPrice')}</dd>
      {order.takeProfit && (
        <>
          <dt>{t('form.takeProfitShort')}</dt>
          <dd>{order.takeProfit}</dd>
        </>
      )}
      {order.stopLoss && (
        <>
          <dt>{t('form.stopLossShort')}</dt>
          <dd>{order.stopLoss}</dd>
        </>
      )}
      <dt>{t('form.confirmVolume')}</dt>
      <dd>
        {order.volume} {rules.baseAsset}
      </dd>
      <dt>{t('form.confirmValue')}</dt>
      <dd>
        {value ? value.toDecimalPlaces(8).toFixed() : '--'} {rules.quoteAsset}
      </dd>
      {rules.market === 'spot' && <SpotFeeLine {...props} />}
      {leverage !== undefined && (
        <>
          {/* The label once: the term is the <dt>, the figure alone the <dd> ("Leverage 10x", not "Leverage Leverage 10x"). */}
          <dt>{t('columns.leverage')}</dt>
          <dd data-testid="order-confirm-leverage">{t('leverage.button', { leverage })}</dd>
        </>
      )}
    </dl>
  );
}

/** Spot: the estimated fee (spot-fee.ts) as the ticket showed it; the value line above is the total. */
function SpotFeeLine(props: { order: OrderRequest; rules: PairRules; value: Decimal | null | undefined; feeRate?: Decimal | undefined }) {
  const { order, rules, value, feeRate } = props;
  const { t } = useTranslation('orders');
  const price = value && order.volume ? value.div(order.volume) : null;
  const { total, fee, feeAsset } = spotCost(order.direction, price, decimalOrNull(order.volume), feeRate, rules);
  return (
    <>
      <dt>{t('form.estFee')}</dt>
      <dd data-testid="order-confirm-fee">{total && fee ? `${formatAssetAmount(fee, feeAsset)} ${feeAsset}` : PLACEHOLDER}</dd>
    </>
  );
}
