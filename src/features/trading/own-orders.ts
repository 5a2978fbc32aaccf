import Decimal from 'decimal.js';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { Pair } from '../market/index.ts';
import { LIST_POLL_MS } from './futures-data/futures-store.ts';
import { tradeApi, type OrderView } from './futures-data/trade-api.ts';

/**
 * The signed-in user's open orders on the viewed pair, so the trading page's book can mark the levels that
 * hold them (as the lightning terminal's book does). Polled like the futures lists (spec §4/§9: 5000 ms)
 * and refreshed at once after the trader places or cancels an order.
 */
interface OwnOrders {
  /** `${market}:${symbol}` the orders belong to */
  key: string | null;
  orders: readonly OrderView[];
}

export const ownOrdersStore = createStore<OwnOrders>(() => ({ key: null, orders: [] }));

let current: { pair: Pair; keyId: string | null } | null = null;

/** Loads the open orders of the pair being watched (after an order is placed or cancelled, or on a timer). */
export async function refreshOwnOrders(): Promise<void> {
  const watching = current;
  if (!watching) return;
  const { pair, keyId } = watching;
  const key = `${pair.market}:${pair.symbol}`;
  try {
    const orders = await tradeApi.openOrders(pair.market, keyId ?? '', { instrumentId: pair.symbol });
    if (current === watching) ownOrdersStore.setState({ key, orders });
  } catch {
    // The orders area shows the API's errors; the marks keep their last state until the next poll.
  }
}

/**
 * Watches the pair's open orders while signed in (and, for futures, once the trading key is known).
 * Returns the orders of this pair (none while signed out).
 */
export function useOwnOrders(pair: Pair, isLogin: boolean, keyId: string | null): readonly OrderView[] {
  const ready = isLogin && (pair.market === 'spot' || keyId !== null);
  useEffect(() => {
    if (!ready) return undefined;
    const watching = { pair, keyId };
    current = watching;
    void refreshOwnOrders();
    const timer = setInterval(() => void refreshOwnOrders(), LIST_POLL_MS);
    return () => {
      clearInterval(timer);
      if (current === watching) current = null;
      ownOrdersStore.setState({ key: null, orders: [] });
    };
  }, [ready, pair, keyId]);
  const key = `${pair.market}:${pair.symbol}`;
  return useStore(ownOrdersStore, (s) => (ready && s.key === key ? s.orders : NONE));
}

const NONE: readonly OrderView[] = [];

/**
 * The book prices (as shown, `digits` places) of one side that hold open orders: buys on the bids, sells on
 * the asks. With price grouping an order marks its bucket: bids round down to the step, asks up, as the
 * grouped book does.
 */
export function ownPrices(orders: readonly OrderView[], side: 'bid' | 'ask', step: string, digits: number): ReadonlySet<string> {
  const out = new Set<string>();
  const size = new Decimal(step);
  for (const order of orders) {
    if (order.price === null || order.priceType !== 'limit') continue;
    if ((side === 'bid') !== (order.direction === 'buy')) continue;
    const price = new Decimal(order.price);
    const bucket = price.div(size)[side === 'bid' ? 'floor' : 'ceil']().times(size);
    out.add(bucket.toFixed(digits));
  }
  return out;
}
