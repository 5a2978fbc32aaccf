import type Decimal from 'decimal.js';
import { SIM_DAILY_CLAMP, SIM_DAILY_MEAN, SIM_DAILY_SD, SIM_SYMBOLS, hkMidnight } from '../../../contract/broker-projects-rules.ts';
import { D, ZERO } from '../../platform/decimal.ts';
import { generator } from '../accounts.ts';

/**
 * A project's simulated trading of one day (shared design "Daily zero-hour job", step 1). Pure and deterministic:
 * the generator is seeded from the project's number and the trading day, so a re-run (or another database) makes
 * the same day. The day's return r is normal (mean +0.04 %, sd 1.2 %) clamped to ±5 %; the P&L is the traded
 * balance × r cut to 8 decimals. 3 to 12 trades on BTCUSDT, ETHUSDT and SOLUSDT make it up: each trade's realised
 * P&L minus its fee, summed over the day, is the day's P&L exactly (the last trade takes the rounding remainder).
 */

export interface SimTrade {
  /** When in the trading day (UTC+8) it was filled. */
  time: Date;
  symbol: (typeof SIM_SYMBOLS)[number];
  side: 'BUY' | 'SELL';
  price: Decimal;
  qty: Decimal;
  quoteVolume: Decimal;
  fee: Decimal;
  realizedPnl: Decimal;
}

export interface SimDay {
  /** The day's return as a fraction (a JavaScript number: it only scales the balance). */
  ret: number;
  pnl: Decimal;
  trades: SimTrade[];
  volume: Decimal;
}

/** Reference prices of the simulated symbols (the trades' prices vary ±3 % around them). */
const BASE_PRICE: Record<SimTrade['symbol'], number> = { BTCUSDT: 65_000, ETHUSDT: 3_200, SOLUSDT: 150 };
const QTY_DECIMALS: Record<SimTrade['symbol'], number> = { BTCUSDT: 5, ETHUSDT: 4, SOLUSDT: 2 };
/** Taker fee rate of the simulated fills. */
const FEE_RATE = '0.0004';
const cut8 = (value: Decimal) => value.toDecimalPlaces(8, D.ROUND_DOWN);

/**
 * The trading day `tradingDay` (YYYY-MM-DD, UTC+8) of project `projectNo` on a futures balance of `balance` USDT.
 * Nothing is traded on a balance of 0.
 */
export function simulateDay(projectNo: string, tradingDay: string, balance: Decimal): SimDay {
  const random = generator(`${projectNo}:${tradingDay}`);
  // Box–Muller: a standard normal from two uniforms (1 − u keeps the logarithm finite).
  const z = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const ret = Math.max(-SIM_DAILY_CLAMP, Math.min(SIM_DAILY_CLAMP, SIM_DAILY_MEAN + SIM_DAILY_SD * z));
  if (balance.lte(0)) return { ret, pnl: ZERO, trades: [], volume: ZERO };
  const pnl = cut8(balance.mul(ret.toFixed(10)));
  const count = 3 + Math.floor(random() * 10);
  const start = hkMidnight(tradingDay).getTime();
  const trades: SimTrade[] = [];
  const weights: number[] = [];
  for (let i = 0; i < count; i++) {
    const symbol = SIM_SYMBOLS[Math.floor(random() * SIM_SYMBOLS.length)]!;
    const price = new D((BASE_PRICE[symbol] * (0.97 + random() * 0.06)).toFixed(2));
    // 5–40 % of the balance per fill.
    const notional = balance.mul((0.05 + random() * 0.35).toFixed(6));
    const qty = notional.div(price).toDecimalPlaces(QTY_DECIMALS[symbol], D.ROUND_DOWN);
    const quoteVolume = cut8(qty.mul(price));
    trades.push({
      time: new Date(start + Math.floor(random() * 86_400_000)),
      symbol,
      side: random() < 0.5 ? 'BUY' : 'SELL',
      price,
      qty,
      quoteVolume,
      fee: cut8(quoteVolume.mul(FEE_RATE)),
      realizedPnl: ZERO,
    });
    weights.push(0.2 + random());
  }
  // Realised P&L split by weight so that Σ(realised − fee) = pnl exactly.
  const fees = trades.reduce((sum, t) => sum.add(t.fee), ZERO);
  const gross = pnl.add(fees);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  let given = ZERO;
  trades.forEach((t, i) => {
    t.realizedPnl = i === trades.length - 1 ? gross.sub(given) : cut8(gross.mul((weights[i]! / totalWeight).toFixed(10)));
    given = given.add(t.realizedPnl);
  });
  trades.sort((a, b) => a.time.getTime() - b.time.getTime());
  return { ret, pnl, trades, volume: trades.reduce((sum, t) => sum.add(t.quoteVolume), ZERO) };
}
