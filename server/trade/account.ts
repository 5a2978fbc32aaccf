import Decimal from 'decimal.js';
import type { Static } from 'typebox';
import type { CapitalSnapshot, PositionView as PositionViewSchema } from '../../contract/futures.ts';
import type { Queryable } from '../platform/db/client.ts';
import { ZERO, max, out } from '../platform/decimal.ts';
import { jointLiquidationPrice } from '../../contract/futures-brackets.ts';
import {
  initialMargin,
  liquidationPrice,
  maintenanceMargin,
  marginRatio,
  notional,
  unrealizedPnl,
  type Bracket,
} from './futures-math.ts';
import { maintenanceBrackets, pairOf, type Pair, type MarketView } from './markets.ts';
import { Account, balance, positions, symbolSettings, type PositionRow } from './store.ts';

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

export async function futuresAccount(tx: Queryable, view: MarketView, userId: number, lock = false): Promise<FuturesAccount> {
  const usdt = await balance(tx, userId, Account.swap, 'USDT', lock);
  const figures: PositionFigures[] = [];
  for (const row of await positions(tx, userId)) {
    const pair = pairOf('usdm', row.symbol);
    const settings = await symbolSettings(tx, userId, row.symbol);
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

/**
 * The margin that backs one position (WB − TMM1 + UPNL1): its isolated margin, or the cross wallet plus the
 * other cross positions' PnL less their maintenance margin (the hedge-mode case is positionLiquidationPrice).
 */
export function backingMargin(account: FuturesAccount, f: PositionFigures, exclude: (other: PositionFigures) => boolean = (other) => other === f): Decimal {
  if (f.marginType === 'isolated') return f.row.isolatedMargin;
  let wb = account.free.add(account.locked);
  for (const other of account.positions) {
    if (exclude(other) || other.marginType !== 'cross') continue;
    wb = wb.add(other.upnl).sub(other.mm);
  }
  return wb;
}

/**
 * A position's liquidation price. A cross position in hedge mode with the other side of its symbol open
 * liquidates together with it: both move with one mark (contract/futures-brackets.ts jointLiquidationPrice).
 */
export function positionLiquidationPrice(account: FuturesAccount, f: PositionFigures): Decimal {
  const sameSymbol = (other: PositionFigures) => other.row.symbol === f.row.symbol && other.marginType === 'cross' && !other.row.size.isZero();
  if (f.marginType === 'cross' && f.row.positionSide !== 'BOTH' && account.positions.some((o) => o !== f && sameSymbol(o))) {
    const legs = account.positions.filter(sameSymbol).map((o) => ({ size: o.row.size, entry: o.row.entry, brackets: o.brackets }));
    return jointLiquidationPrice(legs, backingMargin(account, f, sameSymbol), f.mark) ?? ZERO;
  }
  return liquidationPrice(f.row, backingMargin(account, f), f.brackets);
}

/**
 * A price at the pair's tick, rounded to the safe side of a liquidation price: up for a long (liquidated no
 * lower than shown), down for a short.
 */
export function atTick(price: Decimal, tick: Decimal, long: boolean): Decimal {
  return price.div(tick).toDecimalPlaces(0, long ? Decimal.ROUND_UP : Decimal.ROUND_DOWN).mul(tick);
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

