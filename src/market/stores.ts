import { createStore } from 'zustand/vanilla';
import {
  KLINES_MAX,
  tradesKeptAfter,
  type BatchMessage,
  type BookPayload,
  type HealthSnapshot,
  type Kline,
  type Market,
  type MarkPrice,
  type MiniTicker,
  type Trade,
} from '../../workers/contract.ts';

/** A book as the tab keeps it: the core's book message without its routing fields (levels best first, transferred). */
export type BookView = Omit<BookPayload, 'type' | 'key' | 'market' | 'symbol'>;

// One vanilla store per topic (../shared/CONVENTIONS.md "Stores and rendering"): the bridge writes,
// components read through narrow selectors. Keys are subscription ids (see subscriptionId).
export const bookStore = createStore<{ books: Record<string, BookView> }>(() => ({ books: {} }));
export const tradesStore = createStore<{ trades: Record<string, Trade[]> }>(() => ({ trades: {} }));
export const tickersStore = createStore<{ tickers: Record<Market, Record<string, MiniTicker>> }>(() => ({
  tickers: { spot: {}, usdm: {} },
}));
export const klinesStore = createStore<{ klines: Record<string, Kline[]> }>(() => ({ klines: {} }));
export const markStore = createStore<{ marks: Record<string, MarkPrice | null> }>(() => ({ marks: {} }));
export const healthStore = createStore<{ health: HealthSnapshot | null }>(() => ({ health: null }));

/**
 * Merge bars by open time: replace the ones we have, append the newer ones; the oldest go past KLINES_MAX, as in
 * the core's series, so a tab open for days holds no more than a new one.
 */
function mergeKlines(current: Kline[] | undefined, delta: Kline[]): Kline[] {
  if (current === undefined || current.length === 0) return delta;
  const out = current.slice(); // deliberate: a new array for the store
  for (const bar of delta) {
    let i = out.length - 1;
    while (i >= 0 && (out[i] as Kline).openTime > bar.openTime) i--;
    if (i >= 0 && (out[i] as Kline).openTime === bar.openTime) out[i] = bar;
    else out.splice(i + 1, 0, bar);
  }
  if (out.length > KLINES_MAX) out.splice(0, out.length - KLINES_MAX);
  return out;
}

/**
 * A tab's trades after a delta (the trades added since its previous message, newest first): in front of the
 * list, trimmed as the core trimmed its own (spec §3/§9), so the two stay the same.
 */
export function mergeTrades(list: readonly Trade[] = [], added: readonly Trade[]): Trade[] {
  const kept = tradesKeptAfter(list.length, added.length);
  return added.length >= kept ? added.slice(0, kept) : added.concat(list.slice(0, kept - added.length));
}

/**
 * Apply one batched message from the worker to the stores: one setState per touched store, so a tick
 * costs at most one notification per store.
 */
export function applyBatch(message: BatchMessage): void {
  let books: Record<string, BookView> | null = null;
  let trades: Record<string, Trade[]> | null = null;
  let tickers: Record<Market, Record<string, MiniTicker>> | null = null;
  let klines: Record<string, Kline[]> | null = null;
  let marks: Record<string, MarkPrice | null> | null = null;
  for (const item of message.items) {
    switch (item.type) {
      case 'book': {
        books ??= { ...bookStore.getState().books };
        books[item.key] = {
          synced: item.synced,
          lastUpdateId: item.lastUpdateId,
          time: item.time,
          tickSize: item.tickSize,
          depth: item.depth,
          group: item.group,
          bids: item.bids,
          asks: item.asks,
        };
        break;
      }
      case 'trades':
        trades ??= { ...tradesStore.getState().trades };
        trades[item.key] = item.full ? item.trades : mergeTrades(trades[item.key], item.trades);
        break;
      case 'tickers': {
        tickers ??= { ...tickersStore.getState().tickers };
        // Only changed tickers arrive (all of them in a full snapshot); unchanged entries keep their
        // identity so a row selecting one symbol does not re-render.
        const map = item.full ? {} : { ...tickers[item.market] };
        for (const t of item.tickers) map[t.s] = t;
        tickers[item.market] = map;
        break;
      }
      case 'klines':
        klines ??= { ...klinesStore.getState().klines };
        klines[item.key] = item.full ? item.klines : mergeKlines(klines[item.key], item.klines);
        break;
      case 'mark':
        marks ??= { ...markStore.getState().marks };
        marks[item.key] = item.mark;
        break;
    }
  }
  if (books) bookStore.setState({ books });
  if (trades) tradesStore.setState({ trades });
  if (tickers) tickersStore.setState({ tickers });
  if (klines) klinesStore.setState({ klines });
  if (marks) markStore.setState({ marks });
}

/** Forget what a released subscription left in the stores. */
export function dropSubscription(id: string): void {
  const drop = <T,>(record: Record<string, T>): Record<string, T> | null => {
    if (!(id in record)) return null;
    const next = { ...record };
    delete next[id];
    return next;
  };
  const books = drop(bookStore.getState().books);
  if (books) bookStore.setState({ books });
  const trades = drop(tradesStore.getState().trades);
  if (trades) tradesStore.setState({ trades });
  const klines = drop(klinesStore.getState().klines);
  if (klines) klinesStore.setState({ klines });
  const marks = drop(markStore.getState().marks);
  if (marks) markStore.setState({ marks });
}
