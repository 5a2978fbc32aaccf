import { useEffect } from 'react';
import { useLoad, type Loaded } from '../../lib/use-load.ts';
import { otcApi, type OtcOrder } from './api.ts';

const newestFirst = (a: OtcOrder, b: OtcOrder) => Date.parse(b.timeline.requestedAt) - Date.parse(a.timeline.requestedAt);

/** The orders the desk still works on (open delegated ones, filled ones waiting for settlement), newest first; polled. */
export function useLiveOrders(everyMs: number): Loaded<OtcOrder[]> {
  return useLoad(async () => {
    const page = (status: 'open' | 'pendingSettlement') => otcApi.orders({ pageCondition: { pageNum: 1, pageSize: 100 }, queryCondition: { status } });
    const [open, pending] = await Promise.all([page('open'), page('pendingSettlement')]);
    return [...open.list, ...pending.list].sort(newestFirst);
  }, [], everyMs);
}

/**
 * An order on screen follows the desk while it can still change by itself (open: filled, rejected or expired
 * by the desk; pending settlement: settled): read again every `everyMs` and handed back when its state moved.
 */
export function useOrderFollow(order: OtcOrder | null, onChange: (order: OtcOrder) => void, everyMs: number): void {
  const id = order?.orderId ?? null;
  const status = order?.status ?? null;
  useEffect(() => {
    if (id === null || (status !== 'open' && status !== 'pendingSettlement')) return undefined;
    let stopped = false;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      otcApi.orders({ pageCondition: { pageNum: 1, pageSize: 20 }, queryCondition: { status } }).then(
        async (page) => {
          if (stopped || page.list.some((o) => o.orderId === id)) return;
          // No longer in its state: find where it went.
          const all = await otcApi.orders({ pageCondition: { pageNum: 1, pageSize: 50 } });
          const moved = all.list.find((o) => o.orderId === id);
          if (!stopped && moved) onChange(moved);
        },
        () => undefined,
      );
    }, everyMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [id, status, onChange, everyMs]);
}
