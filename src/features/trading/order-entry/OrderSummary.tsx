import type Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import type { OrderRequest } from './OrderForm.tsx';
import type { PairRules } from './validate.ts';

/** What the confirmation shows: pair, side, type, price, amount, value and (USD-M) leverage. */
export function OrderSummary(props: { order: OrderRequest; rules: PairRules & { listInstrumentId: string }; value: Decimal | null | undefined; leverage: number | undefined }) {
  const { order, rules, value, leverage } = props;
  const { t } = useTranslation('orders');
  return (
    <dl className="td-of-summary" data-testid="order-confirm">
      <dt>{t('form.confirmPair')}</dt>
      <dd>{rules.listInstrumentId}</dd>
      <dt>{t('form.confirmSide')}</dt>
      <dd>{t(order.direction === 'buy' ? 'form.buy' : 'form.sell')}</dd>
      <dt>{t('form.confirmType')}</dt>
      <dd>{t(order.priceType === 'limit' ? 'form.limit' : 'form.market')}</dd>
      <dt>{t('form.confirmPrice')}</dt>
      <dd>{order.price ?? t('form.marketPrice')}</dd>
      <dt>{t('form.confirmVolume')}</dt>
      <dd>
        {order.volume} {rules.baseAsset}
      </dd>
      <dt>{t('form.confirmValue')}</dt>
      <dd>
        {value ? value.toDecimalPlaces(8).toFixed() : '--'} {rules.quoteAsset}
      </dd>
      {leverage !== undefined && (
        <>
          <dt>{t('columns.leverage')}</dt>
          <dd>{t('form.leverage', { leverage })}</dd>
        </>
      )}
    </dl>
  );
}
