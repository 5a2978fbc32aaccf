/** Spot-only market-data endpoints (`/api/v3`): average price, UI klines, rolling-window tickers. */
import { klineRow, windowTickerRest } from './payloads.ts';
import type { Get } from './rest.ts';
import { BinanceError, klineParams, str, symbolList, symbolOf, type Query } from './rest-params.ts';
import type { Simulator } from './simulator.ts';
import { WEIGHTS } from './weights.ts';
import type { SymbolMarket } from './market.ts';

const MINUTE = 60_000;

/** Binance's `windowSize`: 1m…59m, 1h…23h, 1d…7d (units never combined); undefined when invalid. */
export function windowMs(size: string): number | undefined {
  const m = /^([1-9][0-9]?)([mhd])$/.exec(size);
  if (!m) return undefined;
  const n = Number(m[1]);
  if (m[2] === 'm') return n <= 59 ? n * MINUTE : undefined;
  if (m[2] === 'h') return n <= 23 ? n * 60 * MINUTE : undefined;
  return n <= 7 ? n * 1440 * MINUTE : undefined;
}

export function registerSpotRest(get: Get, sim: Simulator, base: string): void {
  const now = (): number => sim.scheduler.now();

  get(`${base}/avgPrice`, 2, (q) => {
    const m = symbolOf(sim, 'spot', q);
    return { mins: 5, price: m.averagePrice(now()).toFixed(8), closeTime: m.lastTradeTime() };
  });

  // Binance shapes these for charts; the simulator's candles need no adjustment, so they equal the klines.
  get(`${base}/uiKlines`, 2, (q) => {
    const m = symbolOf(sim, 'spot', q);
    const k = klineParams(q, 'spot');
    m.roll(now());
    return m.klines(k.interval, k.limit, k.start, k.end).map((x) => klineRow(m.inst, x));
  });

  get(`${base}/ticker`, WEIGHTS.spot.rolling, (q) => {
    const list = rollingSymbols(sim, q);
    const size = str(q, 'windowSize') ?? '1d';
    const ms = windowMs(size);
    if (ms === undefined) throw new BinanceError(400, -1130, "Data sent for parameter 'windowSize' is not valid.");
    const type = str(q, 'type') ?? 'FULL';
    if (type !== 'FULL' && type !== 'MINI') throw new BinanceError(400, -1139, 'Invalid ticker type.');
    const rows = list.map((m) => windowTickerRest(m.inst, m.windowTicker(now(), ms), type === 'MINI'));
    return str(q, 'symbol') !== undefined ? rows[0] : rows;
  });
}

/** `/api/v3/ticker` needs `symbol` or `symbols` (at most 100). */
function rollingSymbols(sim: Simulator, q: Query): SymbolMarket[] {
  if (str(q, 'symbol') !== undefined) return [symbolOf(sim, 'spot', q)];
  const list = symbolList(sim, 'spot', q);
  if (list === undefined) throw new BinanceError(400, -1102, "Param 'symbol' or 'symbols' must be sent, but both were empty/null!");
  if (list.length > 100) throw new BinanceError(400, -1101, 'Too many parameters sent for this endpoint.');
  return list.map((i) => sim.touch('spot', i.symbol)!);
}
