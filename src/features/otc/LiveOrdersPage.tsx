import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '../../components/index.ts';
import { FormMessage } from '../../components/form/index.ts';
import { describeWalletError, WalletShell } from '../wallet/shared.ts';
import { OrderCard } from './OrderCard.tsx';
import { useCancelOrder } from './use-cancel-order.ts';
import { useLiveOrders } from './use-live-orders.ts';

/**
 * otcinfo/list: the user's live OTC orders — delegated orders still open and filled ones waiting for settlement —
 * each with its timeline (requested → quoted → accepted → settled), the 30-minute result promise and the T+1
 * settlement time; an open delegated order can be cancelled, releasing its hold.
 */
export default function LiveOrdersPage() {
  const { t } = useTranslation('otc');
  const { lang } = useParams();
  const orders = useLiveOrders(5_000);
  const cancelling = useCancelOrder(orders.reload);
  const list = orders.data ?? [];
  return (
    <WalletShell
      title={t('info.list.title')}
      actions={
        <Link className="td-button td-button-secondary" to={`/${lang}/otcinfo/record`}>
          {t('info.list.records')}
        </Link>
      }
    >
      <p className="td-muted">{t('info.list.intro')}</p>
      {orders.error ? <FormMessage text={describeWalletError(t, orders.error).message} /> : null}
      {cancelling.message ? <FormMessage text={cancelling.message.text} tone={cancelling.message.tone} /> : null}
      {orders.data && list.length === 0 ? <EmptyState /> : null}
      <div className="td-otc-orders" data-testid="otc-live-list">
        {list.map((order) => (
          <OrderCard
            key={order.orderId}
            order={order}
            heading="h2"
            actions={
              order.status === 'open' ? (
                <button
                  type="button"
                  className="td-button td-button-secondary"
                  disabled={cancelling.submitting}
                  onClick={() => cancelling.cancel(order)}
                  aria-label={t('order.cancelNamed', { id: order.orderId })}
                  data-testid="otc-cancel"
                >
                  {t('order.cancel')}
                </button>
              ) : null
            }
          />
        ))}
      </div>
    </WalletShell>
  );
}
