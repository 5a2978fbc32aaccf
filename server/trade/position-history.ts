import type { Static } from 'typebox';
import type { FundingPaymentView, PositionHistoryView } from '../../contract/futures.ts';
import type { Queryable } from '../platform/db/client.ts';
import { D, ZERO, db, out, type Dec } from '../platform/decimal.ts';
import { Entry, post } from '../ledger/ledger.ts';
import type { FillEffect } from './futures-math.ts';
import type { OrderRow } from './orders.ts';
import { planPage, toPage, type CursorCondition, type Page } from './paging.ts';
import { balance, savePosition, symbolSettings, type PositionRow, type PositionSide } from './store.ts';
import type { SimVenue } from '../sim/index.ts';
import { acctOf, ledgerAccounts, type TradeAcct } from './venue-accounts.ts';

/**
 * Position history and funding (server/trade/README.md "Position history and funding"): one
 * `futures_position_history` row per position, from the fill that opens it to the fill that brings it to zero or
 * turns it the other way (which opens the next row), kept in the fill's transaction; funding paid or received at
 * every 8 h boundary, once per position and boundary (`futures_funding_payments`' key), as one ledger entry.
 */

type HistoryView = Static<typeof PositionHistoryView>;
type FundingView = Static<typeof FundingPaymentView>;

function r18(value: Dec): Dec {
  return value.toDecimalPlaces(18, D.ROUND_DOWN);
}

interface OpenRow {
  id: number;
}

async function openRow(tx: Queryable, a: TradeAcct, symbol: string, positionSide: PositionSide): Promise<OpenRow | undefined> {
  const rows = await tx.query<{ id: number }>(
    'select id from futures_position_history where user_id = $1 and venue = $4 and symbol = $2 and position_side = $3 and closed_at is null for update',
    [a.userId, symbol, positionSide, a.venue],
  );
  return rows[0];
}

async function insertRow(tx: Queryable, o: OrderRow, size: Dec, entry: Dec, fees: Dec, at: Date): Promise<number> {
  const settings = await symbolSettings(tx, acctOf(o), o.symbol);
  const rows = await tx.query<{ id: number }>(
    `insert into futures_position_history (user_id, symbol, position_side, side, margin_type, leverage, opened_at, max_size, entry_price, fees, venue)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
    [o.userId, o.symbol, o.positionSide, size.isPositive() ? 'long' : 'short', o.marginType ?? settings.marginType, o.leverage ?? settings.leverage, at, db(size.abs()), db(entry), db(fees), o.venue],
  );
  return rows[0]!.id;
}

/**
 * What one USD-M fill does to the position's history row, in the fill's transaction. The fee is split between the
 * part that closed (the old row) and the part that opened (the new or same row) by quantity.
 */
export async function recordPositionFill(tx: Queryable, o: OrderRow, before: PositionRow, effect: FillEffect, price: Dec, realized: Dec, fee: Dec, at: Date): Promise<void> {
  const after = effect.position;
  const total = effect.closed.add(effect.opened);
  const closeFee = total.isZero() ? ZERO : r18(fee.mul(effect.closed).div(total));
  const openFee = fee.sub(closeFee);
  let row = before.size.isZero() ? undefined : await openRow(tx, acctOf(o), o.symbol, o.positionSide);
  // A position held before the history began has its row from its next fill on.
  if (!before.size.isZero() && !row) row = { id: await insertRow(tx, o, before.size, before.entry, ZERO, at) };
  const ended = !before.size.isZero() && (after.size.isZero() || after.size.isPositive() !== before.size.isPositive());
  if (row && effect.closed.gt(0)) {
    await tx.query(
      `update futures_position_history set closed_qty = closed_qty + $2, close_value = close_value + $3, realized_pnl = realized_pnl + $4,
         fees = fees + $5, closed_at = $6 where id = $1`,
      [row.id, db(effect.closed), db(effect.closed.mul(price)), db(realized), db(closeFee), ended ? at : null],
    );
  }
  if (effect.opened.gt(0)) {
    if (!row || ended) await insertRow(tx, o, after.size, after.entry, openFee, at);
    else {
      await tx.query(
        'update futures_position_history set max_size = greatest(max_size, $2), entry_price = $3, fees = fees + $4 where id = $1',
        [row.id, db(after.size.abs()), db(after.entry), db(openFee)],
      );
    }
  }
}

export type FundingOf = (symbol: string) => { rate: string; mark: string } | undefined;

/**
 * Funding of the 8 h boundary `time` for every open position: amount = −size × mark × rate (a long pays a
 * positive rate, a short receives it), at 8 decimals, paid from and to the swap account's USDT — a cross
 * position's free balance, an isolated one's margin — and never more than is there (nothing goes negative;
 * the payment records what was paid). A position already settled for `time` pays nothing again. Answers how
 * many positions were settled now. Only the positions on `venue` (its simulator's funding).
 */
export async function settleFunding(tx: Queryable, venue: SimVenue, fundingOf: FundingOf, time: number, at: Date): Promise<number> {
  const held = await tx.query<{ user_id: number; symbol: string; position_side: PositionSide; size: string; entry_price: string; isolated_margin: string }>(
    `select user_id, symbol, position_side, size::text, entry_price::text, isolated_margin::text from futures_positions
      where size <> 0 and venue = $1 order by user_id, symbol, position_side for update`,
    [venue],
  );
  const swap = ledgerAccounts(venue).swap;
  const boundary = new Date(time);
  let settled = 0;
  for (const p of held) {
    const a: TradeAcct = { userId: p.user_id, venue };
    const record = fundingOf(p.symbol);
    if (!record) continue;
    const size = new D(p.size);
    const mark = new D(record.mark);
    const rate = new D(record.rate);
    const due = size.mul(mark).mul(rate).neg().toDecimalPlaces(8, D.ROUND_HALF_UP);
    const isolated = (await symbolSettings(tx, a, p.symbol)).marginType === 'isolated';
    const isolatedMargin = new D(p.isolated_margin);
    const available = isolated ? isolatedMargin : (await balance(tx, p.user_id, swap, 'USDT', true)).free;
    const amount = due.isNegative() && due.abs().gt(available) ? available.neg() : due;
    const history = await openRow(tx, a, p.symbol, p.position_side);
    const inserted = await tx.query(
      `insert into futures_funding_payments (user_id, symbol, position_side, funding_time, rate, mark_price, size, amount, history_id, created_at, venue)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) on conflict do nothing returning user_id`,
      [p.user_id, p.symbol, p.position_side, boundary, db(rate), db(mark), db(size), db(amount), history?.id ?? null, at, venue],
    );
    if (inserted.length === 0) continue;
    settled++;
    if (amount.isZero()) continue;
    await post(
      tx,
      new Entry('futures_funding', `funding:${venue === 'binance' ? '' : `${venue}:`}${p.symbol}:${p.position_side}:${time}`, p.user_id)
        .user(p.user_id, swap, 'USDT', amount, isolated ? 'margin' : 'free')
        .provider('market', 'USDT', amount.neg()),
      at,
    );
    if (isolated) {
      const row: PositionRow = { symbol: p.symbol, positionSide: p.position_side, size, entry: new D(p.entry_price), isolatedMargin: isolatedMargin.add(amount) };
      await savePosition(tx, a, row, at);
    }
    if (history) await tx.query('update futures_position_history set funding = funding + $2 where id = $1', [history.id, db(amount)]);
  }
  return settled;
}

interface HistoryRow {
  id: number;
  symbol: string;
  position_side: PositionSide;
  side: 'long' | 'short';
  margin_type: 'cross' | 'isolated';
  leverage: number;
  opened_at: Date;
  closed_at: Date | null;
  max_size: string;
  entry_price: string;
  closed_qty: string;
  close_value: string;
  realized_pnl: string;
  fees: string;
  funding: string;
}

function historyView(r: HistoryRow): HistoryView {
  const closed = new D(r.closed_qty);
  const realized = new D(r.realized_pnl);
  const fees = new D(r.fees);
  const funding = new D(r.funding);
  return {
    id: String(r.id),
    instrumentId: r.symbol,
    positionSide: r.position_side,
    side: r.side,
    marginType: r.margin_type,
    leverage: r.leverage,
    status: r.closed_at === null ? 'open' : 'closed',
    openedAt: r.opened_at.toISOString(),
    closedAt: r.closed_at?.toISOString() ?? null,
    maxSize: out(new D(r.max_size)),
    closedSize: out(closed),
    entryPrice: out(new D(r.entry_price)),
    closePrice: closed.isZero() ? null : out(new D(r.close_value).div(closed)),
    realizedProfitLoss: out(realized),
    fees: out(fees),
    funding: out(funding),
    netProfitLoss: out(realized.sub(fees).add(funding)),
  };
}

export async function pagePositionHistory(
  tx: Queryable,
  a: TradeAcct,
  cursor: CursorCondition | undefined,
  filter: { instrumentId?: string | undefined; status?: 'open' | 'closed' | undefined } | undefined,
): Promise<Page<HistoryView>> {
  const params: unknown[] = [a.userId, a.venue];
  let sql = 'user_id = $1 and venue = $2';
  if (filter?.instrumentId) {
    params.push(filter.instrumentId.replace('/', '').toUpperCase());
    sql += ` and symbol = $${params.length}`;
  }
  if (filter?.status) sql += filter.status === 'open' ? ' and closed_at is null' : ' and closed_at is not null';
  const plan = planPage(cursor, params.length);
  const rows = await tx.query<HistoryRow>(
    `select id, symbol, position_side, side, margin_type, leverage, opened_at, closed_at, max_size::text, entry_price::text, closed_qty::text,
       close_value::text, realized_pnl::text, fees::text, funding::text
     from futures_position_history where ${sql}${plan.where} order by ${plan.order} limit ${plan.limit}`,
    [...params, ...plan.params],
  );
  return toPage(rows, plan, historyView, plan.params.length > 0);
}

export async function fundingPayments(tx: Queryable, a: TradeAcct, filter: { historyId?: number; instrumentId?: string }): Promise<FundingView[]> {
  const params: unknown[] = [a.userId, a.venue];
  let sql = 'user_id = $1 and venue = $2';
  if (filter.historyId !== undefined) {
    params.push(filter.historyId);
    sql += ` and history_id = $${params.length}`;
  }
  if (filter.instrumentId) {
    params.push(filter.instrumentId.replace('/', '').toUpperCase());
    sql += ` and symbol = $${params.length}`;
  }
  const rows = await tx.query<{ symbol: string; position_side: PositionSide; funding_time: Date; rate: string; mark_price: string; size: string; amount: string }>(
    `select symbol, position_side, funding_time, rate::text, mark_price::text, size::text, amount::text from futures_funding_payments
      where ${sql} order by funding_time desc, symbol, position_side limit 100`,
    params,
  );
  return rows.map((r) => ({
    instrumentId: r.symbol,
    positionSide: r.position_side,
    fundingTime: r.funding_time.toISOString(),
    fundingRate: out(new D(r.rate)),
    markPrice: out(new D(r.mark_price)),
    positionAmt: out(new D(r.size)),
    amount: out(new D(r.amount)),
  }));
}
