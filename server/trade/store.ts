import type Decimal from 'decimal.js';
import type { Static } from 'typebox';
import type { PositionSide as PositionSideSchema } from '../../contract/trade.ts';
import type { Queryable } from '../platform/db/client.ts';
import { D, db } from '../platform/decimal.ts';
import { DEFAULT_LEVERAGE } from './markets.ts';
import type { TradeAcct } from './venue-accounts.ts';

export { Account, type AccountType } from '../ledger/ledger.ts';
export { balance, balances, type BalanceRow } from '../ledger/balances.ts';

export interface Settings {
  spotForbidden: boolean;
  positionSide: 'oneWay' | 'hedge';
  multiAssets: boolean;
  traderRegisteredAt: Date | null;
  activeLightningId: number | null;
  keyboardConfig: string | null;
}

/**
 * The account's settings: the user's row of trade_settings, with the position mode and multi-assets mode of the
 * account's venue (Binance's in trade_settings as before; OKX's and Bybit's in trade_venue_settings, migration 038).
 */
export async function settings(tx: Queryable, a: TradeAcct | number): Promise<Settings> {
  const acct = typeof a === 'number' ? { userId: a, venue: 'binance' as const } : a;
  const rows = await tx.query<{
    spot_forbidden: boolean;
    position_side: 'oneWay' | 'hedge';
    multi_assets: boolean;
    trader_registered_at: Date | null;
    active_lightning_id: number | null;
    keyboard_config: string | null;
  }>('select * from trade_settings where user_id = $1', [acct.userId]);
  const row = rows[0];
  const venue =
    acct.venue === 'binance'
      ? row
      : (await tx.query<{ position_side: 'oneWay' | 'hedge'; multi_assets: boolean }>(
          'select position_side, multi_assets from trade_venue_settings where user_id = $1 and venue = $2',
          [acct.userId, acct.venue],
        ))[0];
  return {
    spotForbidden: row?.spot_forbidden ?? false,
    positionSide: venue?.position_side ?? 'oneWay',
    multiAssets: venue?.multi_assets ?? false,
    traderRegisteredAt: row?.trader_registered_at ?? null,
    activeLightningId: row?.active_lightning_id ?? null,
    keyboardConfig: row?.keyboard_config ?? null,
  };
}

/** The position mode or multi-assets mode of one account (its venue's row). */
export async function setAccountMode(tx: Queryable, a: TradeAcct, column: 'position_side' | 'multi_assets', value: unknown, at: Date): Promise<void> {
  if (a.venue === 'binance') return setSetting(tx, a.userId, column, value, at);
  await tx.query(
    `insert into trade_venue_settings (user_id, venue, ${column}, updated_at) values ($1, $2, $3, $4)
     on conflict (user_id, venue) do update set ${column} = excluded.${column}, updated_at = excluded.updated_at`,
    [a.userId, a.venue, value, at],
  );
}

type SettingColumn = 'spot_forbidden' | 'position_side' | 'multi_assets' | 'trader_registered_at' | 'active_lightning_id' | 'keyboard_config';

export async function setSetting(tx: Queryable, userId: number, column: SettingColumn, value: unknown, at: Date): Promise<void> {
  await tx.query(
    `insert into trade_settings (user_id, ${column}, updated_at) values ($1, $2, $3)
     on conflict (user_id) do update set ${column} = excluded.${column}, updated_at = excluded.updated_at`,
    [userId, value, at],
  );
}

export interface SymbolSettings {
  leverage: number;
  marginType: 'cross' | 'isolated';
}

export async function symbolSettings(tx: Queryable, a: TradeAcct, symbol: string): Promise<SymbolSettings> {
  const rows = await tx.query<{ leverage: number; margin_type: 'cross' | 'isolated' }>(
    'select leverage, margin_type from futures_symbol_settings where user_id = $1 and venue = $2 and symbol = $3',
    [a.userId, a.venue, symbol],
  );
  return { leverage: rows[0]?.leverage ?? DEFAULT_LEVERAGE, marginType: rows[0]?.margin_type ?? 'cross' };
}

export async function setSymbolSettings(tx: Queryable, a: TradeAcct, symbol: string, next: SymbolSettings): Promise<void> {
  await tx.query(
    `insert into futures_symbol_settings (user_id, venue, symbol, leverage, margin_type) values ($1, $2, $3, $4, $5)
     on conflict (user_id, venue, symbol) do update set leverage = excluded.leverage, margin_type = excluded.margin_type`,
    [a.userId, a.venue, symbol, next.leverage, next.marginType],
  );
}

/** USD-M position sides (contract/trade.ts PositionSide). */
export type PositionSide = Static<typeof PositionSideSchema>;

export interface PositionRow {
  symbol: string;
  positionSide: PositionSide;
  size: Decimal;
  entry: Decimal;
  isolatedMargin: Decimal;
}

export async function positions(tx: Queryable, a: TradeAcct, symbol?: string): Promise<PositionRow[]> {
  const rows = await tx.query<{ symbol: string; position_side: PositionSide; size: string; entry_price: string; isolated_margin: string }>(
    `select symbol, position_side, size, entry_price, isolated_margin from futures_positions
     where user_id = $1 and venue = $2 and size <> 0${symbol ? ' and symbol = $3' : ''} order by symbol, position_side`,
    symbol ? [a.userId, a.venue, symbol] : [a.userId, a.venue],
  );
  return rows.map((r) => ({
    symbol: r.symbol,
    positionSide: r.position_side,
    size: new D(r.size),
    entry: new D(r.entry_price),
    isolatedMargin: new D(r.isolated_margin),
  }));
}

export async function savePosition(tx: Queryable, a: TradeAcct, p: PositionRow, at: Date): Promise<void> {
  await tx.query(
    `insert into futures_positions (user_id, venue, symbol, position_side, size, entry_price, isolated_margin, updated_at)
     values ($1, $8, $2, $3, $4, $5, $6, $7)
     on conflict (user_id, venue, symbol, position_side)
     do update set size = excluded.size, entry_price = excluded.entry_price, isolated_margin = excluded.isolated_margin,
       updated_at = excluded.updated_at`,
    [a.userId, p.symbol, p.positionSide, db(p.size), db(p.entry), db(p.isolatedMargin), at, a.venue],
  );
}
