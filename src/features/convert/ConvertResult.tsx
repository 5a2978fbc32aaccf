import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { formatDateTime } from '../../lib/format/index.ts';
import type { ConvertOrder } from './api.ts';
import { amountText, priceText } from './format.ts';

/** The filled order: exactly what was paid and received (the order's own amounts), and where the records are. */
export function ConvertResult({ order, onAgain }: { order: ConvertOrder; onAgain: () => void }) {
  const { t } = useTranslation('convert');
  const { lang } = useParams();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [order.orderId]);
  return (
    <section className="td-convert-panel" aria-labelledby="convert-result-title" data-testid="convert-result" data-order={order.orderId}>
      <h2 id="convert-result-title" ref={heading} tabIndex={-1}>
        {t('result.title')}
      </h2>
      <p className="td-form-message td-form-message-success" role="status">
        {t('result.done')}
      </p>
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
      <div className="td-convert-actions">
        <Link className="td-button td-button-secondary" to={`/${lang}/record/convert`} data-testid="convert-records">
          {t('result.records')}
        </Link>
        <button type="button" className="td-button td-button-primary" onClick={onAgain} data-testid="convert-again">
          {t('result.again')}
        </button>
      </div>
    </section>
  );
}
