import { useShallow } from 'zustand/react/shallow';
import { DEFAULT_ORDER_GUARD, ORDER_GUARD_LIMITS } from '../../../contract/rules.ts';
import { calls } from '../api/index.ts';
import { session, useSession } from './index.ts';
import type { UserInfo } from './session-store.ts';

/** The account's fat-finger guard (contract/rules.ts `DEFAULT_ORDER_GUARD`): a price band from the mark and a notional limit. */
export interface OrderGuardSettings {
  priceBandOn: boolean;
  /** percent of the mark (futures) or last price (spot) */
  priceBandPct: number;
  notionalOn: boolean;
  /** whole USDT */
  maxNotional: number;
}

const inRange = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

/** The user info's guard, each field checked; what is missing or out of range is the default (a session restored before the setting existed). */
export function orderGuardOf(userInfo: UserInfo | null): OrderGuardSettings {
  const raw = (userInfo?.['orderGuard'] ?? null) as Partial<Record<keyof OrderGuardSettings, unknown>> | null;
  const L = ORDER_GUARD_LIMITS;
  return {
    priceBandOn: typeof raw?.priceBandOn === 'boolean' ? raw.priceBandOn : DEFAULT_ORDER_GUARD.priceBandOn,
    priceBandPct: inRange(raw?.priceBandPct, L.bandMinPct, L.bandMaxPct) ? raw.priceBandPct : DEFAULT_ORDER_GUARD.priceBandPct,
    notionalOn: typeof raw?.notionalOn === 'boolean' ? raw.notionalOn : DEFAULT_ORDER_GUARD.notionalOn,
    maxNotional: inRange(raw?.maxNotional, L.notionalMin, L.notionalMax) ? raw.maxNotional : DEFAULT_ORDER_GUARD.maxNotional,
  };
}

export function useOrderGuard(): OrderGuardSettings {
  return useSession(useShallow((s) => orderGuardOf(s.userInfo)));
}

/** Saves the account's guard (POST /institution/updateOrderGuard); the session's user info follows the server's answer. */
export async function setOrderGuard(guard: OrderGuardSettings): Promise<OrderGuardSettings> {
  const reply = await calls.post('/institution/updateOrderGuard', guard);
  const { userInfo, userMenu } = session.getState();
  if (userInfo) session.actions.setUser({ ...userInfo, orderGuard: reply }, userMenu);
  return reply;
}
