import { useTranslation } from 'react-i18next';
import type { AccountCalls } from '../../../contract/account.ts';
import type { ReplyOf } from '../../../contract/call.ts';
import { apiPost } from '../../lib/api/index.ts';
import { session, useSession, type UserInfo } from '../../lib/session/index.ts';
import { showToast } from '../../lib/toast/index.ts';

type Reply = ReplyOf<AccountCalls['/institution/updateOrderConfirmStatus']>;

/** spec §3 userInfo.orderConfirmStatus: whether orders ask for a confirmation (true unless turned off). */
export function orderConfirmEnabled(userInfo: UserInfo | null): boolean {
  return userInfo?.['orderConfirmStatus'] !== false;
}

export function useOrderConfirm(): boolean {
  return useSession((s) => orderConfirmEnabled(s.userInfo));
}

/**
 * "Don't ask again" and its undo: spec §7 POST /institution/updateOrderConfirmStatus, then the session's user
 * info follows the server's answer (so every tab of the page reads the same setting).
 */
export async function setOrderConfirm(enabled: boolean): Promise<boolean> {
  const reply = await apiPost<Reply>('/institution/updateOrderConfirmStatus', { orderConfirmStatus: enabled });
  const { userInfo, userMenu } = session.getState();
  if (userInfo) session.actions.setUser({ ...userInfo, orderConfirmStatus: reply.orderConfirmStatus }, userMenu);
  return reply.orderConfirmStatus;
}

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
