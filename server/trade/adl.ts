import Decimal from 'decimal.js';
import type { Queryable } from '../platform/db/client.ts';
import { D, ZERO, type Dec } from '../platform/decimal.ts';
import { futuresAccount, type FuturesAccount, type PositionFigures } from './account.ts';
import type { MarketView } from './markets.ts';
import type { TradeAcct } from './venue-accounts.ts';

/**
 * The auto-deleveraging queue indicator (server/trade/README.md "ADL indicator"), Binance's ranking ("What Is
 * Auto-Deleveraging (ADL) and How Does It Work"):
 * - PnL percent = max(0, unrealised PnL) / max(1, wallet balance);
 * - margin ratio = maintenance margin / (wallet balance + unrealised PnL), 0 when that is not above 0;
 * - leverage PnL = PnL percent × margin ratio;
 * - quantile = rank / count among the positions of the pair on the same side, as Binance's adlQuantile shows it:
 *   0 (last in the queue) to 4 (first); a position not in profit is 0.
 * The wallet balance is the margin that backs the position: its isolated margin, or the cross wallet.
 */
export function leveragePnl(walletBalance: Dec, upnl: Dec, mm: Dec): Dec {
  const pnlPercent = Decimal.max(ZERO, upnl).div(Decimal.max(new D(1), walletBalance));
  const balance = walletBalance.add(upnl);
  const ratio = balance.lte(0) ? ZERO : mm.div(balance);
  return pnlPercent.mul(ratio);
}

/** 0–4: the fifth of the queue `score` falls in among `scores` (itself included); 0 for a score of 0. */
export function quantileOf(score: Dec, scores: readonly Dec[]): number {
  if (score.lte(0) || scores.length === 0) return 0;
  const rank = scores.filter((s) => s.lte(score)).length;
  return Math.min(4, Math.max(0, Math.ceil((rank / scores.length) * 5) - 1));
}

const sideKey = (f: PositionFigures) => `${f.row.symbol}:${f.row.size.isPositive() ? 'long' : 'short'}`;

function scoreOf(account: FuturesAccount, f: PositionFigures): Dec {
  // The cross wallet: the swap account's USDT, free and held by orders.
  const wb = f.marginType === 'isolated' ? f.row.isolatedMargin : account.free.add(account.locked);
  return leveragePnl(wb, f.upnl, f.mm);
}

/**
 * The ADL quantile of each of `account`'s positions, ranked against every user's positions of the same pair
 * and side on the account's venue (the sandbox's whole book of positions there). Keyed by `symbol:positionSide`.
 */
export async function adlQuantiles(tx: Queryable, view: MarketView, a: TradeAcct, account: FuturesAccount): Promise<Map<string, number>> {
  const symbols = [...new Set(account.positions.map((f) => f.row.symbol))];
  const out = new Map<string, number>();
  if (symbols.length === 0) return out;
  const others = await tx.query<{ user_id: number }>(
    'select distinct user_id from futures_positions where size <> 0 and venue = $3 and symbol = any($1) and user_id <> $2 order by user_id',
    [symbols, a.userId, a.venue],
  );
  const scores = new Map<string, Dec[]>();
  const add = (a: FuturesAccount) => {
    for (const f of a.positions) {
      if (!symbols.includes(f.row.symbol)) continue;
      const list = scores.get(sideKey(f)) ?? [];
      list.push(scoreOf(a, f));
      scores.set(sideKey(f), list);
    }
  };
  add(account);
  for (const o of others) add(await futuresAccount(tx, view, { userId: o.user_id, venue: a.venue }));
  for (const f of account.positions) out.set(`${f.row.symbol}:${f.row.positionSide}`, quantileOf(scoreOf(account, f), scores.get(sideKey(f)) ?? []));
  return out;
}
