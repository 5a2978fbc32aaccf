import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { formatDateTime } from '../../lib/format/index.ts';
import type { ConvertOrder } from './api.ts';
import type { QuoteNs } from './convert-form.ts';
import { amountText, priceText } from './format.ts';

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

/**
 * The order a quote made (convert's filled one, the OTC desk's accepted one): its title, focused for keyboard and
 * screen-reader users when a new order arrives (`focusKey`), that it is done, the desk's own account of it, where
 * to follow it (`next`, a path below the language) and a new quote.
 */
export function ResultPanel({
  ns,
  focusKey,
  next,
  onAgain,
  children,
}: {
  ns: QuoteNs;
  focusKey: string;
  next: { path: string; text: string; testId: string };
  onAgain: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(ns);
  const { lang } = useParams();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [focusKey]);
  return (
    <section className="td-convert-panel" aria-labelledby={`${ns}-result-title`} data-testid={`${ns}-result`} data-order={focusKey}>
      <h2 id={`${ns}-result-title`} ref={heading} tabIndex={-1}>
        {t('result.title')}
      </h2>
      <p className="td-form-message td-form-message-success" role="status">
        {t('result.done')}
      </p>
      {children}
      <div className="td-convert-actions">
        <Link className="td-button td-button-secondary" to={`/${lang}/${next.path}`} data-testid={next.testId}>
          {next.text}
        </Link>
        <button type="button" className="td-button td-button-primary" onClick={onAgain} data-testid={`${ns}-again`}>
          {t('result.again')}
        </button>
      </div>
    </section>
  );
}
