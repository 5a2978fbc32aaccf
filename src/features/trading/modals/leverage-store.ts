import { createStore } from 'zustand/vanilla';
import { tradeApi, type PairRef } from '../futures-data/trade-api.ts';

/** spec §3 "Leverage state": leverage, topLeverage (default 100), modal visibility. */
export const DEFAULT_TOP_LEVERAGE = 100;

export interface LeverageState {
  /** the pair the figures belong to */
  symbol: string | null;
  leverage: number | null;
  topLeverage: number;
  visible: boolean;
}

export const leverageStore = createStore<LeverageState>(() => ({ symbol: null, leverage: null, topLeverage: DEFAULT_TOP_LEVERAGE, visible: false }));

export function pairRef(pair: { baseAsset: string; quoteAsset: string }, keyId: string): PairRef {
  return { baseCurrency: pair.baseAsset, quoteCurrency: pair.quoteAsset, exchangeKeyId: keyId };
}

/** Current and maximum leverage of a pair (spec §7 queryLeverage, queryMaxLeverage). */
export async function loadLeverage(pair: { symbol: string; baseAsset: string; quoteAsset: string }, keyId: string): Promise<void> {
  const ref = pairRef(pair, keyId);
  const [current, max] = await Promise.all([tradeApi.queryLeverage(ref), tradeApi.queryMaxLeverage(ref)]);
  leverageStore.setState({ symbol: pair.symbol, leverage: current.leverage, topLeverage: max.leverage || DEFAULT_TOP_LEVERAGE });
}

export function showLeverageModal(visible: boolean): void {
  leverageStore.setState({ visible });
}

/** A leverage typed by a person: a whole number from 1 to the top leverage. */
export function parseLeverage(text: string, top: number): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= 1 && n <= top ? n : null;
}

/** The leverages offered as one-tap choices (Binance's USD-M set). */
export const LEVERAGE_PRESETS = [1, 2, 3, 5, 10, 20, 50, 75, 100, 125] as const;

/** The presets up to the pair's maximum (spec §7 queryMaxLeverage, the bracket's top), ending on the maximum itself. */
export function leveragePresets(top: number): number[] {
  const shown: number[] = LEVERAGE_PRESETS.filter((n) => n <= top);
  if (top >= 1 && shown.at(-1) !== top) shown.push(top);
  return shown;
}
