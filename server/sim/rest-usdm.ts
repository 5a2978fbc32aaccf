/**
 * USD-M-only market-data endpoints (`/fapi/v1`): premium index, funding (history and info), open interest,
 * and the mark, index, premium-index and continuous-contract klines.
 */
import { fundingRate, indexOffset, type FundingRecord } from './futures.ts';
import { INSTRUMENTS, fmtQty } from './instruments.ts';
import type { Kline } from './klines.ts';
import type { SymbolMarket } from './market.ts';
import { klineRow, markInfo, priceKlineRow } from './payloads.ts';
import type { Get } from './rest.ts';
import { BinanceError, klineParams, limitOf, mandatory, str, symbolOf, timeRange, type Query } from './rest-params.ts';
import type { Simulator } from './simulator.ts';
import { WEIGHTS } from './weights.ts';

const CONTRACT_TYPES = ['PERPETUAL', 'CURRENT_QUARTER', 'NEXT_QUARTER'];

export function registerUsdmRest(get: Get, sim: Simulator, base: string): void {
  const now = (): number => sim.scheduler.now();
  const all = (): SymbolMarket[] => INSTRUMENTS.usdm.map((i) => sim.market('usdm', i.symbol)!);

  get(`${base}/premiumIndex`, WEIGHTS.usdm.premiumIndex, (q) => {
    const entry = (m: SymbolMarket): Record<string, unknown> => {
      const k = markInfo(m, now());
      return {
        symbol: m.inst.symbol,
        markPrice: k.mark,
        indexPrice: k.index,
        estimatedSettlePrice: k.settle,
        lastFundingRate: k.rate,
        interestRate: k.interest,
        nextFundingTime: k.nextFunding,
        time: now(),
      };
    };
    if (str(q, 'symbol') !== undefined) return entry(symbolOf(sim, 'usdm', q));
    return all().map(entry);
  });

  // Settled every 8 h on the simulator's clock (seeded records before it started), oldest first.
  get(
    `${base}/fundingRate`,
    0,
    (q) => {
    const limit = limitOf(q, 100, 1000);
    const { start, end } = timeRange(q, 'usdm');
    const markets = str(q, 'symbol') !== undefined ? [symbolOf(sim, 'usdm', q)] : all();
    const rows: (FundingRecord & { symbol: string })[] = [];
    for (const m of markets) {
      const records = m.funding!.records(now(), limit, () => m.markTicks(), (t) => fundingRate(m.inst.symbol, t), start, end);
      for (const r of records) rows.push({ ...r, symbol: m.inst.symbol });
    }
    rows.sort((a, b) => a.time - b.time || (a.symbol < b.symbol ? -1 : 1));
    const picked = start !== undefined ? rows.slice(0, limit) : rows.slice(-limit);
    return picked.map((r) => ({ symbol: r.symbol, fundingRate: r.rate, fundingTime: r.time, markPrice: r.mark }));
    },
    'funding',
  );

  // Binance lists the symbols whose cap, floor or interval differ from the default; here every listing, 8 h.
  get(
    `${base}/fundingInfo`,
    0,
    () => INSTRUMENTS.usdm.map((i) => ({ symbol: i.symbol, adjustedFundingRateCap: '0.00300000', adjustedFundingRateFloor: '-0.00300000', fundingIntervalHours: 8, disclaimer: false })),
    'funding',
  );

  get(`${base}/openInterest`, 1, (q) => {
    const m = symbolOf(sim, 'usdm', q);
    return { openInterest: fmtQty(m.inst, m.openInterest(now())), symbol: m.inst.symbol, time: now() };
  });

  /** The symbol's klines for a kline-like endpoint, the listing named by `param`. */
  const klinesOf = (q: Query, param: string): { m: SymbolMarket; klines: Kline[] } => {
    const m = symbolOf(sim, 'usdm', q, param);
    const k = klineParams(q, 'usdm');
    m.roll(now());
    return { m, klines: m.klines(k.interval, k.limit, k.start, k.end) };
  };
  const seconds = (k: Kline): number => Math.max(1, Math.round((Math.min(k.T, now()) - k.t + 1) / 1000));

  get(`${base}/continuousKlines`, WEIGHTS.usdm.klines, (q) => {
    const contract = mandatory(q, 'contractType');
    if (!CONTRACT_TYPES.includes(contract)) throw new BinanceError(400, -1130, "Data sent for parameter 'contractType' is not valid.");
    mandatory(q, 'pair');
    // Only perpetual contracts are listed.
    if (contract !== 'PERPETUAL') throw new BinanceError(400, -1121, 'Invalid symbol.');
    const { m, klines } = klinesOf(q, 'pair');
    return klines.map((k) => klineRow(m.inst, k));
  });

  // Mark price = mid, which the trades follow: the mark klines are the trade klines' prices.
  get(`${base}/markPriceKlines`, WEIGHTS.usdm.klines, (q) => {
    const { m, klines } = klinesOf(q, 'symbol');
    const scale = 10 ** -m.inst.tickDecimals;
    return klines.map((k) => priceKlineRow({ t: k.t, T: k.T, o: k.o * scale, h: k.h * scale, l: k.l * scale, c: k.c * scale }, 8, seconds(k)));
  });

  get(`${base}/indexPriceKlines`, WEIGHTS.usdm.klines, (q) => {
    const { m, klines } = klinesOf(q, 'pair');
    const scale = 10 ** -m.inst.tickDecimals;
    const s = m.inst.symbol;
    return klines.map((k) => {
      const end = Math.min(k.T, now());
      const a = 1 + indexOffset(s, k.t);
      const b = 1 + indexOffset(s, end);
      const o = k.o * scale * a;
      const c = k.c * scale * b;
      const h = Math.max(o, c, k.h * scale * Math.max(a, b));
      const l = Math.min(o, c, k.l * scale * Math.min(a, b));
      return priceKlineRow({ t: k.t, T: k.T, o, h, l, c }, 8, seconds(k));
    });
  });

  get(`${base}/premiumIndexKlines`, WEIGHTS.usdm.klines, (q) => {
    const { m, klines } = klinesOf(q, 'symbol');
    const s = m.inst.symbol;
    const premium = (t: number): number => 1 / (1 + indexOffset(s, t)) - 1;
    return klines.map((k) => {
      const end = Math.min(k.T, now());
      let h = -Infinity;
      let l = Infinity;
      // The premium is a smooth wave: its extremes within the candle from a few samples.
      for (let j = 0; j <= 8; j++) {
        const p = premium(k.t + ((end - k.t) * j) / 8);
        if (p > h) h = p;
        if (p < l) l = p;
      }
      return priceKlineRow({ t: k.t, T: k.T, o: premium(k.t), h, l, c: premium(end) }, 8, seconds(k));
    });
  });
}
