// W3: trades trim (spec §3: newest first, trimmed to 150 above 200). Our ring vs the two usual array ways.
import type { Trade } from '../workers/contract.ts';
import { TRADES_KEEP, TRADES_MAX, TradeList } from '../workers/topics/trade-list.ts';
import { consume, measure, ms, ratio } from './harness.ts';
import { mulberry32 } from './replay.ts';

export interface W3Result {
  trades: number;
  nsPerTrade: { ours: number; unshiftTrim: number; spreadSlice: number };
  ratioVsUnshift: number;
  ratioVsSpread: number;
}

export async function runW3(options: { trades: number; time: number; rounds: number }): Promise<W3Result> {
  const random = mulberry32(5);
  const n = options.trades;
  const prices = Float64Array.from({ length: n }, () => 100 + random());
  const qtys = Float64Array.from({ length: n }, () => random() * 10);

  const list = new TradeList();
  const ours = (): void => {
    for (let i = 0; i < n; i++) list.add(i, i, prices[i] as number, qtys[i] as number, (i & 1) === 0);
    consume(list.size);
  };

  let unshifted: Trade[] = [];
  const unshiftTrim = (): void => {
    for (let i = 0; i < n; i++) {
      unshifted.unshift({ id: i, time: i, price: prices[i] as number, qty: qtys[i] as number, isBuyerMaker: (i & 1) === 0 });
      if (unshifted.length > TRADES_MAX) unshifted.length = TRADES_KEEP;
    }
    consume(unshifted.length);
  };

  let spread: Trade[] = [];
  const spreadSlice = (): void => {
    for (let i = 0; i < n; i++) {
      // The immutable-store idiom: a new array per trade.
      spread = [{ id: i, time: i, price: prices[i] as number, qty: qtys[i] as number, isBuyerMaker: (i & 1) === 0 }, ...spread];
      if (spread.length > TRADES_MAX) spread = spread.slice(0, TRADES_KEEP);
    }
    consume(spread.length);
  };

  const rounds = await measure('W3 trades', { ours, unshiftTrim, spreadSlice }, { time: options.time, iterations: 3, rounds: options.rounds });
  const ns = (name: string): number => (ms(rounds, name) * 1e6) / n;
  unshifted = [];
  spread = [];
  return {
    trades: n,
    nsPerTrade: { ours: ns('ours'), unshiftTrim: ns('unshiftTrim'), spreadSlice: ns('spreadSlice') },
    ratioVsUnshift: ratio(rounds, 'unshiftTrim', 'ours'),
    ratioVsSpread: ratio(rounds, 'spreadSlice', 'ours'),
  };
}
