import type Decimal from 'decimal.js';
import type { Static } from 'typebox';
import type { CapitalSnapshot, PositionView as PositionViewSchema } from '../../contract/futures.ts';
import type { Queryable } from '../platform/db/client.ts';
import { ZERO, max, out } from '../platform/decimal.ts';
import { liquidationAtTick, positionLiquidation, type RiskAccount, type RiskPosition } from '../../contract/futures-risk.ts';
import {
  initialMargin,
  maintenanceMargin,
  marginRatio,
  notional,
  unrealizedPnl,
  type Bracket,
} from './futures-math.ts';
import { maintenanceBrackets, type Pair, type MarketView } from './markets.ts';
import { balance, positions, symbolSettings, type PositionRow } from './store.ts';
import { ledgerAccounts, type TradeAcct } from './venue-accounts.ts';

export interface PositionFigures {
  row: PositionRow;
  leverage: number;
  marginType: 'cross' | 'isolated';
  mark: Decimal;
  upnl: Decimal;
  im: Decimal;
  mm: Decimal;
  pair: Pair;
  brackets: readonly Bracket[];
}

/** The USD-M (USDT) account of spec §3 "Futures capital snapshot", with every position priced at the mark. */
export interface FuturesAccount {
  free: Decimal;
  locked: Decimal;
  positions: PositionFigures[];
  walletBalance: Decimal;
  unrealized: Decimal;
  maintMargin: Decimal;
  marginBalance: Decimal;
  marginRatio: Decimal;
  available: Decimal;
}

export async function futuresAccount(tx: Queryable, view: MarketView, a: TradeAcct, lock = false): Promise<FuturesAccount> {
  const usdt = await balance(tx, a.userId, ledgerAccounts(a.venue).swap, 'USDT', lock);
  const figures: PositionFigures[] = [];
  for (const row of await positions(tx, a)) {
    const pair = view.pair('usdm', row.symbol);
    const settings = await symbolSettings(tx, a, row.symbol);
    const mark = view.mark(pair.inst);
    const brackets = maintenanceBrackets(pair.inst);
    figures.push({
      row,
      leverage: settings.leverage,
      marginType: settings.marginType,
      mark,
      upnl: unrealizedPnl(row, mark),
      im: initialMargin(row, mark, settings.leverage),
      mm: maintenanceMargin(row, mark, brackets),
      pair,
      brackets,
    });
  }
  const cross = figures.filter((f) => f.marginType === 'cross');
  const sum = (list: PositionFigures[], pick: (f: PositionFigures) => Decimal) => list.reduce((a, f) => a.add(pick(f)), ZERO);
  const walletBalance = usdt.free.add(usdt.locked).add(sum(figures, (f) => f.row.isolatedMargin));
  const unrealized = sum(figures, (f) => f.upnl);
  const maintMargin = sum(figures, (f) => f.mm);
  const marginBalance = walletBalance.add(unrealized);
  return {
    free: usdt.free,
    locked: usdt.locked,
    positions: figures,
    walletBalance,
    unrealized,
    maintMargin,
    marginBalance,
    marginRatio: marginRatio(maintMargin, marginBalance),
    // Isolated margin already left `free`; cross positions hold their initial margin at the mark.
    available: max(ZERO, usdt.free.add(sum(cross, (f) => f.upnl)).sub(sum(cross, (f) => f.im))),
  };
}

function riskPosition(f: PositionFigures): RiskPosition {
  return {
    symbol: f.row.symbol,
    positionSide: f.row.positionSide,
    marginType: f.marginType,
    size: f.row.size,
    entry: f.row.entry,
    isolatedMargin: f.row.isolatedMargin,
    upnl: f.upnl,
    mm: f.mm,
  };
}

/** The account as contract/futures-risk.ts reads it: the cross wallet (free + order holds, isolated margins apart) and the open positions. */
export function riskAccount(account: FuturesAccount): RiskAccount {
  return { crossWallet: account.free.add(account.locked), positions: account.positions.filter((f) => !f.row.size.isZero()).map(riskPosition) };
}

/**
 * A position's liquidation price (0: none reachable), by contract/futures-risk.ts — the function the order form's
 * estimate runs too: isolated on its margin, cross on the wallet less the other contracts' maintenance margin plus
 * their PnL, hedge mode's two cross sides of a symbol together.
 */
export function positionLiquidationPrice(account: FuturesAccount, f: PositionFigures, risk: RiskAccount = riskAccount(account)): Decimal {
  const own = risk.positions.find((p) => p.symbol === f.row.symbol && p.positionSide === f.row.positionSide) ?? riskPosition(f);
  return positionLiquidation(risk, own, f.brackets, f.mark) ?? ZERO;
}

/**
 * A price at the pair's tick, rounded to the safe side of a liquidation price: up for a long (liquidated no
 * lower than shown), down for a short.
 */
export function atTick(price: Decimal, tick: Decimal, long: boolean): Decimal {
  return liquidationAtTick(price, tick, long);
}

/** A position as the position query returns it (contract/futures.ts PositionView). */
export type PositionView = Static<typeof PositionViewSchema>;
/** spec §3 "Futures capital snapshot" as the account query returns it (contract/futures.ts CapitalSnapshot). */
export type AccountView = Static<typeof CapitalSnapshot>;

export function positionView(account: FuturesAccount, f: PositionFigures): PositionView {
  const margin = f.marginType === 'isolated' ? f.row.isolatedMargin : f.im;
  const positionBalance = f.marginType === 'isolated' ? margin.add(f.upnl) : account.marginBalance;
  return {
    instrumentId: f.row.symbol,
    symbol: f.row.symbol,
    positionSide: f.row.positionSide,
    direction: f.row.size.isPositive() ? 'long' : 'short',
    positionAmt: out(f.row.size),
    volume: out(f.row.size.abs()),
    entryPrice: out(f.row.entry),
    markPrice: out(f.mark),
    notional: out(notional(f.row, f.mark)),
    unrealizedProfitLoss: out(f.upnl),
    returnRate: margin.isZero() ? '0' : out(f.upnl.div(margin), 4),
    margin: out(margin),
    marginType: f.marginType,
    leverage: f.leverage,
    maintMargin: out(f.mm),
    marginRatio: out(marginRatio(f.mm, positionBalance), 4),
    liquidationPrice: out(atTick(positionLiquidationPrice(account, f), f.pair.tick, f.row.size.isPositive())),
  };
}

export function accountView(a: FuturesAccount): AccountView {
  return {
    asset: 'USDT',
    marginRatio: out(a.marginRatio, 4),
    balance: out(a.walletBalance),
    availableBalance: out(a.available),
    unrealizedProfitLoss: out(a.unrealized),
    maintMargin: out(a.maintMargin),
    marginBalance: out(a.marginBalance),
    orderMargin: out(a.locked),
  };
}

