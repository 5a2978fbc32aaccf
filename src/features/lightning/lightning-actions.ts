import type Decimal from 'decimal.js';
import { createStore } from 'zustand/vanilla';
import { session } from '../../lib/session/index.ts';
import type { Pair } from '../market/index.ts';
import { type FieldError, futuresData, type OrderView, tradeApi, validateOrder } from '../trading/shared.ts';

/** Open orders of the terminal's pair, for the marks on the book (refreshed after every action). */
export const openOrdersStore = createStore<{ symbol: string | null; orders: OrderView[] }>(() => ({ symbol: null, orders: [] }));

export async function refreshOpenOrders(pair: Pair, keyId: string): Promise<void> {
  const orders = await tradeApi.openOrders('usdm', keyId, { instrumentId: pair.symbol });
  openOrdersStore.setState({ symbol: pair.symbol, orders });
}

function after(pair: Pair, keyId: string): void {
  futuresData.refresh();
  refreshOpenOrders(pair, keyId).catch(() => {});
}

export type ActionResult = { ok: true } | { ok: false; error: FieldError } | { ok: false; error: null };

/** One-click order: checked like the trade form (decimal.js, tick and step, minimum value) before sending. */
export async function place(
  pair: Pair,
  keyId: string,
  order: { side: 'buy' | 'sell'; priceType: 'limit' | 'market'; price?: string; volume: string; referencePrice: Decimal | null },
): Promise<ActionResult> {
  const checked = validateOrder(
    pair,
    { direction: order.side, priceType: order.priceType, price: order.price ?? '', volume: order.volume },
    { available: null, referencePrice: order.referencePrice },
  );
  const error = checked.errors.volume ?? checked.errors.price;
  if (error || !checked.volume) return { ok: false, error: error ?? null };
  const hedge = session.getState().positionSide === 'hedge';
  try {
    await tradeApi.sendOrder('usdm', {
      instrumentId: pair.symbol,
      direction: order.side,
      priceType: order.priceType,
      ...(checked.price ? { price: checked.price.toFixed() } : {}),
      volume: checked.volume.toFixed(),
      exchangeKeyId: keyId,
      ...(hedge ? { positionSide: order.side === 'buy' ? 'LONG' : 'SHORT' } : {}),
    });
  } catch {
    return { ok: false, error: null };
  } finally {
    after(pair, keyId);
  }
  return { ok: true };
}

export async function closeAll(pair: Pair, keyId: string): Promise<void> {
  try {
    await tradeApi.closePosition({ instrumentId: pair.symbol, exchangeKeyId: keyId });
  } finally {
    after(pair, keyId);
  }
}

export async function cancelAll(pair: Pair, keyId: string): Promise<void> {
  try {
    await tradeApi.cancelAll('usdm', pair.symbol, keyId);
  } finally {
    after(pair, keyId);
  }
}

export async function cancelOne(pair: Pair, keyId: string, orderId: string): Promise<void> {
  try {
    await tradeApi.cancelOrder('usdm', orderId, keyId);
  } finally {
    after(pair, keyId);
  }
}
