import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../components/form/index.ts';
import { amountText } from '../convert/shared.ts';
import { otcApi, type OtcOrder } from './api.ts';
import { describeOtcError } from './errors.ts';

/**
 * Cancelling an open delegated order (cancelLimitOrder): once at a time; says that its hold is released, or
 * why the desk refused (10257: it filled or ended meanwhile).
 */
export function useCancelOrder(onCancelled: (order: OtcOrder) => void) {
  const { t } = useTranslation('otc');
  const { submitting, run } = useSubmit();
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const cancel = (order: OtcOrder) =>
    void run(async () => {
      setMessage(null);
      try {
        const done = await otcApi.cancelLimitOrder(order.orderId);
        setMessage({ text: t('order.cancelled', { value: amountText(done.fromAmount), asset: done.fromAsset }), tone: 'success' });
        onCancelled(done);
      } catch (error) {
        setMessage({ text: describeOtcError(t, error).message, tone: 'error' });
        onCancelled(order);
      }
    });
  return { cancel, submitting, message };
}
