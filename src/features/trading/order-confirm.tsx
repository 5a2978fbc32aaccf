import { useTranslation } from 'react-i18next';
import { setOrderConfirm, useOrderConfirm } from '../../lib/session/order-confirm.ts';
import { showToast } from '../../lib/toast/index.ts';

async function change(enabled: boolean, text: (on: boolean) => string): Promise<void> {
  try {
    const on = await setOrderConfirm(enabled);
    showToast({ severity: 'success', text: text(on) });
  } catch {
    // the API client has shown the error
  }
}

/** The checkbox of an order confirmation: ticking it turns confirmations off for the account. */
export function DontAskAgain() {
  const { t: tr } = useTranslation('risk');
  const enabled = useOrderConfirm();
  return (
    <label className="td-dont-ask">
      <input
        type="checkbox"
        data-testid="order-confirm-dont-ask"
        checked={!enabled}
        onChange={(e) => void change(!e.target.checked, (on) => tr(on ? 'toasts.orderConfirmOn' : 'toasts.orderConfirmOff'))}
      />{' '}
      {tr('orderConfirm.dontAsk')}
    </label>
  );
}

/** Beside the order form: whether orders ask for a confirmation, and the way to turn it back on. */
export function OrderConfirmToggle() {
  const { t: tr } = useTranslation('risk');
  const enabled = useOrderConfirm();
  return (
    <button
      type="button"
      className="td-chip"
      data-testid="order-confirm-toggle"
      aria-pressed={enabled}
      onClick={() => void change(!enabled, (on) => tr(on ? 'toasts.orderConfirmOn' : 'toasts.orderConfirmOff'))}
    >
      {tr('orderConfirm.label')} {tr(enabled ? 'orderConfirm.on' : 'orderConfirm.off')}
    </button>
  );
}
