import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAssetAmount, formatDateTime } from '../../lib/format/index.ts';
import { usdText } from '../convert/shared.ts';
import type { OtcOrder } from './api.ts';
import { OrderTimeline } from './OrderTimeline.tsx';
import { traderUnit } from '../../../contract/otc-limit-rules.ts';
import { priceIn } from './limit-form.ts';
import { orderAmountLabels } from './order-labels.ts';

/** An OTC order's state, translated, in one colour per state family (open, waiting for settlement, done, ended). */
export function OrderStatus({ status }: { status: OtcOrder['status'] }) {
  const { t } = useTranslation('otc');
  return (
    <span className={`td-otc-status td-otc-status-${status}`} data-testid="otc-status" data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

/**
 * One OTC order: what it pays (held until settlement) and receives, its price and USD value, its expiry when
 * delegated, its id, its timeline, and what may be done with it (`actions`: cancel while open).
 */
export function OrderCard({ order, heading, actions }: { order: OtcOrder; heading: 'h2' | 'h3'; actions?: ReactNode }) {
  const { t } = useTranslation('otc');
  const Heading = heading;
  const titleId = `otc-order-${order.orderId}`;
  // The price as traders read the pair (quote per base), whichever side was paid.
  const unit = traderUnit(order.fromAsset, order.toAsset);
  const labels = orderAmountLabels(order.status);
  return (
    <article className="td-otc-order" aria-labelledby={titleId} data-testid="otc-order" data-order={order.orderId} data-status={order.status} data-mode={order.mode}>
      <div className="td-otc-order-head">
        <Heading id={titleId}>{t('order.title', { mode: t(`modes.${order.mode}`), from: order.fromAsset, to: order.toAsset })}</Heading>
        <OrderStatus status={order.status} />
      </div>
      <dl className="td-wallet-facts">
        <dt>{t(labels.from)}</dt>
        <dd data-testid="order-from" data-amount={order.fromAmount}>
          {t('units.amount', { value: formatAssetAmount(order.fromAmount, order.fromAsset), asset: order.fromAsset })}
        </dd>
        <dt>{t(labels.to)}</dt>
        <dd data-testid="order-to" data-amount={order.toAmount}>
          {t('units.amount', { value: formatAssetAmount(order.toAmount, order.toAsset), asset: order.toAsset })}
        </dd>
        <dt>{t(order.mode === 'limit' ? 'order.limitPrice' : 'quote.price')}</dt>
        <dd data-testid="order-price">{t('quote.rate', { from: unit.base, to: unit.quote, price: priceIn(order.price, unit, order.fromAsset) })}</dd>
        <dt>{t('quote.usdValue')}</dt>
        <dd>{t('units.usd', { value: usdText(order.usdValue) })}</dd>
        {order.expiresAt ? (
          <>
            <dt>{t('order.expires')}</dt>
            <dd>{formatDateTime(order.expiresAt, { zone: true })}</dd>
          </>
        ) : null}
        <dt>{t('order.orderId')}</dt>
        <dd className="td-break" data-testid="order-id">
          {order.orderId}
        </dd>
      </dl>
      <OrderTimeline order={order} />
      {actions ? <div className="td-convert-actions">{actions}</div> : null}
    </article>
  );
}
