import Decimal from 'decimal.js';
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

export type PositionRow = Awaited<ReturnType<typeof tradeApi.positions>>[number];
const NO_POSITIONS: PositionRow[] = [];

/** The pair's open positions (both sides in hedge mode), for the ladder's entry and liquidation marks and the PnL. */
export const positionsStore = createStore<{ symbol: string | null; positions: PositionRow[] }>(() => ({ symbol: null, positions: NO_POSITIONS }));

export async function refreshPositions(pair: Pair, keyId: string): Promise<void> {
  const rows = await tradeApi.positions(keyId, pair.symbol);
  positionsStore.setState({ symbol: pair.symbol, positions: rows.filter((p) => p.instrumentId === pair.symbol && !new Decimal(p.positionAmt).isZero()) });
}

function after(pair: Pair, keyId: string): void {
  futuresData.refresh();
  refreshOpenOrders(pair, keyId).catch(() => {});
  refreshPositions(pair, keyId).catch(() => {});
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

/**
 * Closes the pair's whole position (each hedge side): 'none' when there is nothing to close (checked against a
 * fresh position query, not the last poll), else the number of sides closed. A refusal throws (the API client
 * shows it).
 */
export async function closeAll(pair: Pair, keyId: string): Promise<{ closed: number }> {
  try {
    await refreshPositions(pair, keyId);
    const open = positionsStore.getState().positions;
    if (open.length === 0) return { closed: 0 };
    const hedge = session.getState().positionSide === 'hedge';
    if (!hedge) {
      await tradeApi.closePosition({ instrumentId: pair.symbol, exchangeKeyId: keyId });
      return { closed: 1 };
    }
    for (const p of open) await tradeApi.closePosition({ instrumentId: pair.symbol, exchangeKeyId: keyId, positionSide: p.positionSide });
    return { closed: open.length };
  } finally {
    after(pair, keyId);
  }
}

/** Cancels the pair's open orders; returns how many the server cancelled. */
export async function cancelAll(pair: Pair, keyId: string): Promise<{ cancelled: number }> {
  try {
    const reply = await tradeApi.cancelAll('usdm', pair.symbol, keyId);
    return { cancelled: reply.cancelled };
  } finally {
    after(pair, keyId);
  }
}

/** Cancels the trader's orders resting at one ladder level. */
export async function cancelOrders(pair: Pair, keyId: string, orderIds: readonly string[]): Promise<void> {
  try {
    for (const id of orderIds) await tradeApi.cancelOrder('usdm', id, keyId);
  } finally {
    after(pair, keyId);
  }
}
