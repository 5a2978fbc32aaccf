import { createStore } from 'zustand/vanilla';
import type { Market } from '../../market/index.ts';

/**
 * The price a trader picked by clicking an order-book row (spec §2 "Futures trading" order book).
 * The trade form (spec §3 "Trade form") reads it: `pickedPriceStore.subscribe` or `useStore(pickedPriceStore, s => s.picked)`. The price is
 * the row's text at the pair's precision, so the form can hand it to decimal.js unchanged.
 */
export interface PickedPrice {
  market: Market;
  symbol: string;
  /** decimal string at the pair's price precision (or the grouping step's) */
  price: string;
  /** which side of the book the row was on */
  side: 'bid' | 'ask';
  /** increases on every pick, so picking the same price twice still notifies */
  seq: number;
}

export const pickedPriceStore = createStore<{ picked: PickedPrice | null }>(() => ({ picked: null }));

let seq = 0;

export function pickPrice(picked: Omit<PickedPrice, 'seq'>): void {
  pickedPriceStore.setState({ picked: { ...picked, seq: ++seq } });
}

export function clearPickedPrice(): void {
  pickedPriceStore.setState({ picked: null });
}
