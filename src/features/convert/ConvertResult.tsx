import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format/index.ts';
import type { ConvertOrder } from './api.ts';
import { amountText, priceText } from './format.ts';
import { ResultPanel } from './ResultPanel.tsx';

/** The filled order: exactly what was paid and received (the order's own amounts), and where the records are. */
export function ConvertResult({ order, onAgain }: { order: ConvertOrder; onAgain: () => void }) {
  const { t } = useTranslation('convert');
  return (
    <ResultPanel ns="convert" focusKey={order.orderId} next={{ path: 'record/convert', text: t('result.records'), testId: 'convert-records' }} onAgain={onAgain}>
      <dl className="td-wallet-facts">
        <dt>{t('result.paid')}</dt>
        <dd data-testid="result-from" data-amount={order.fromAmount}>
          {t('units.amount', { value: amountText(order.fromAmount), asset: order.fromAsset })}
        </dd>
        <dt>{t('result.received')}</dt>
        <dd data-testid="result-to" data-amount={order.toAmount}>
          {t('units.amount', { value: amountText(order.toAmount), asset: order.toAsset })}
        </dd>
        <dt>{t('quote.price')}</dt>
        <dd>{t('quote.rate', { from: order.fromAsset, to: order.toAsset, price: priceText(order.price) })}</dd>
        <dt>{t('quote.fee')}</dt>
        <dd>{t('quote.feeValue')}</dd>
        <dt>{t('result.orderId')}</dt>
        <dd className="td-break" data-testid="result-order">
          {order.orderId}
        </dd>
        <dt>{t('result.time')}</dt>
        <dd>{formatDateTime(order.createdAt, { zone: true })}</dd>
      </dl>
    </ResultPanel>
  );
}
