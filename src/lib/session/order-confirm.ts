import { calls } from '../api/index.ts';
import { session, useSession } from './index.ts';
import type { UserInfo } from './session-store.ts';

/** spec §3 userInfo.orderConfirmStatus: whether orders ask for a confirmation (true unless turned off). */
export function orderConfirmEnabled(userInfo: UserInfo | null): boolean {
  return userInfo?.['orderConfirmStatus'] !== false;
}

export function useOrderConfirm(): boolean {
  return useSession((s) => orderConfirmEnabled(s.userInfo));
}

/**
 * The account's order confirmation on or off (the trading page's "don't ask again" and its switch, the reminder
 * page): spec §7 POST /institution/updateOrderConfirmStatus, then the session's user info follows the server's
 * answer, so every tab of the page reads the same setting.
 */
export async function setOrderConfirm(enabled: boolean): Promise<boolean> {
  const reply = await calls.post('/institution/updateOrderConfirmStatus', { orderConfirmStatus: enabled });
  const { userInfo, userMenu } = session.getState();
  if (userInfo) session.actions.setUser({ ...userInfo, orderConfirmStatus: reply.orderConfirmStatus }, userMenu);
  return reply.orderConfirmStatus;
}
