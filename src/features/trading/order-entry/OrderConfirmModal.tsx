import type Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { PageModal } from '../modals/PageModal.tsx';
import { DontAskAgain } from '../order-confirm.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import type { OrderRequest } from './order-request.ts';
import type { OrderFormRules } from './use-order-form.ts';

/**
 * The order confirmation (spec §3 userInfo.orderConfirmStatus): what will be sent, sent only on its confirm button.
 * The trade form and a position's market close ask through this one dialog.
 */
export function OrderConfirmModal(props: {
  pending: OrderRequest | null;
  rules: Pick<OrderFormRules, 'market' | 'baseAsset' | 'quoteAsset' | 'tickSize' | 'stepSize' | 'listInstrumentId'>;
  value: Decimal | null | undefined;
  leverage: number | undefined;
  /** Spot: the account's taker fee rate, for the estimated fee line. */
  feeRate?: Decimal | undefined;
  sending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { pending, rules, value, leverage, feeRate, sending, onClose, onConfirm } = props;
  const { t } = useTranslation('orders');
  return (
    <PageModal visible={pending !== null} title={t('form.confirmTitle')} onClose={onClose} onConfirm={onConfirm} confirmDisabled={sending} className="td-of-confirm">
      {pending && <OrderSummary order={pending} rules={rules} value={value} leverage={leverage} feeRate={feeRate} />}
      <DontAskAgain />
    </PageModal>
  );
}
