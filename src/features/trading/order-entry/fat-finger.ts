import Decimal from 'decimal.js';
import { useRef, useState } from 'react';
import { useStore } from 'zustand';
import { markStore, subscriptionId, tickersStore } from '../../../market/index.ts';
import { useOrderGuard, type OrderGuardSettings } from '../../../lib/session/order-guard.ts';
import type { PriceType } from './form-state.ts';

/** USD stablecoins the sandbox quotes in: a notional in one of them is taken as that many USDT. */
const USD_QUOTES = new Set(['USDT', 'USDC', 'FDUSD', 'BUSD']);

/** What the guard looks at in an order (the trade form's and the lightning terminal's alike). */
export interface GuardedOrder {
  priceType: PriceType;
  /** limit price, null on market and stop-market orders */
  price: string | null;
  stopPrice?: string | null | undefined;
  volume: string;
}

/** Why an order asks a second time, with the figures the dialog states. */
export interface FatFingerBreach {
  /** the order's price, null on a market order */
  price: Decimal | null;
  /** the mark (futures) or last price (spot) the order is compared with */
  mark: Decimal | null;
  /** |price − mark| / mark in %, null without a price or a mark */
  deviationPct: Decimal | null;
  /** the account's band in %, null when switched off */
  bandPct: number | null;
  bandBreached: boolean;
  /** the order's value in the quote asset */
  notional: Decimal | null;
  /** the notional in USDT, null when the quote asset has no USDT price */
  notionalUsdt: Decimal | null;
  /** the account's limit in USDT, null when switched off */
  maxNotional: number | null;
  notionalBreached: boolean;
}

/**
 * The fat-finger guard (contract/rules.ts `DEFAULT_ORDER_GUARD`): a limit (or stop-limit) order priced more than the
 * band from the mark, or any order worth more than the notional limit, is a breach; null when the order passes.
 * A market order has no price of its own: no band check, and its notional is taken at the mark. A stop-market order's
 * notional is taken at its trigger. `quoteUsdt` is the USDT price of one unit of the quote asset (1 for USDT).
 */
export function checkFatFinger(order: GuardedOrder, mark: Decimal | null, guard: OrderGuardSettings, quoteUsdt: Decimal | null): FatFingerBreach | null {
  const price = order.price !== null && order.priceType !== 'market' && order.priceType !== 'stop_market' ? new Decimal(order.price) : null;
  const deviationPct = price && mark && mark.gt(0) ? price.minus(mark).abs().div(mark).mul(100) : null;
  const bandBreached = guard.priceBandOn && deviationPct !== null && deviationPct.gt(guard.priceBandPct);
  const at = price ?? (order.stopPrice ? new Decimal(order.stopPrice) : mark);
  const notional = at ? at.mul(order.volume) : null;
  const notionalUsdt = notional && quoteUsdt ? notional.mul(quoteUsdt) : null;
  const notionalBreached = guard.notionalOn && notionalUsdt !== null && notionalUsdt.gt(guard.maxNotional);
  if (!bandBreached && !notionalBreached) return null;
  return {
    price,
    mark,
    deviationPct,
    bandPct: guard.priceBandOn ? guard.priceBandPct : null,
    bandBreached,
    notional,
    notionalUsdt,
    maxNotional: guard.notionalOn ? guard.maxNotional : null,
    notionalBreached,
  };
}

const positive = (n: number | undefined): Decimal | null => (n !== undefined && Number.isFinite(n) && n > 0 ? new Decimal(String(n)) : null);

type MarkState = ReturnType<typeof markStore.getState>;
type TickersState = ReturnType<typeof tickersStore.getState>;
const markOf = (s: MarkState, symbol: string, market: 'spot' | 'usdm') =>
  market === 'usdm' ? s.marks[subscriptionId({ topic: 'mark', symbol })]?.markPrice : undefined;
const quoteLastOf = (s: TickersState, quoteAsset: string) => (USD_QUOTES.has(quoteAsset) ? undefined : s.tickers.spot[`${quoteAsset}USDT`]?.c);
const quoteUsdtFrom = (quoteAsset: string, last: number | undefined): Decimal | null => (USD_QUOTES.has(quoteAsset) ? new Decimal(1) : positive(last));

/**
 * The price the guard compares with: USD-M the mark price (markPrice@1s, subscribed by the page: the pair header, the
 * lightning terminal), else the last price; spot the last price. Read from the stores without a subscription of its own.
 */
export function useGuardMark(symbol: string, market: 'spot' | 'usdm', last: Decimal | null): Decimal | null {
  const mark = useStore(markStore, (s) => markOf(s, symbol, market));
  return positive(mark) ?? last;
}

/** The USDT price of one unit of the quote asset: 1 for a USD stablecoin, else the spot ticker `<quote>USDT`'s last. */
export function useQuoteUsdt(quoteAsset: string): Decimal | null {
  return quoteUsdtFrom(quoteAsset, useStore(tickersStore, (s) => quoteLastOf(s, quoteAsset)));
}

/** `checkFatFinger` with the stores' mark and quote price now (outside React: the lightning terminal's one-click orders). */
export function checkFatFingerNow(order: GuardedOrder, pair: { symbol: string; market: 'spot' | 'usdm'; quoteAsset: string }, last: Decimal | null, guard: OrderGuardSettings): FatFingerBreach | null {
  const mark = positive(markOf(markStore.getState(), pair.symbol, pair.market)) ?? last;
  return checkFatFinger(order, mark, guard, quoteUsdtFrom(pair.quoteAsset, quoteLastOf(tickersStore.getState(), pair.quoteAsset)));
}

/**
 * The guard in front of an order's sending: `hold(order, go)` keeps an order that breaches the account's limits and
 * shows the breach (true), or lets it through (false: the caller sends it). `confirm` sends the held order with the
 * `go` it was held with; `cancel` drops it and nothing is sent.
 */
export function useFatFingerGate<O extends GuardedOrder>(pair: { symbol: string; market: 'spot' | 'usdm'; quoteAsset: string }, last: Decimal | null) {
  const guard = useOrderGuard();
  const mark = useGuardMark(pair.symbol, pair.market, last);
  const quoteUsdt = useQuoteUsdt(pair.quoteAsset);
  const [breach, setBreach] = useState<FatFingerBreach | null>(null);
  const held = useRef<{ order: O; go: (order: O) => unknown } | null>(null);

  const hold = (order: O, go: (order: O) => unknown): boolean => {
    const found = checkFatFinger(order, mark, guard, quoteUsdt);
    if (!found) return false;
    held.current = { order, go };
    setBreach(found);
    return true;
  };
  const cancel = () => {
    held.current = null;
    setBreach(null);
  };
  const confirm = () => {
    const h = held.current;
    cancel();
    if (h) void h.go(h.order);
  };
  return { breach, hold, confirm, cancel };
}
