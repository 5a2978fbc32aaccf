import type Decimal from 'decimal.js';
import type { Static } from 'typebox';
import type { PositionSide as PositionSideSchema } from '../../contract/trade.ts';
import type { Queryable } from '../platform/db/client.ts';
import { D, db } from '../platform/decimal.ts';
import { DEFAULT_LEVERAGE } from './markets.ts';

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

export async function settings(tx: Queryable, userId: number): Promise<Settings> {
  const rows = await tx.query<{
    spot_forbidden: boolean;
    position_side: 'oneWay' | 'hedge';
    multi_assets: boolean;
    trader_registered_at: Date | null;
    active_lightning_id: number | null;
    keyboard_config: string | null;
  }>('select * from trade_settings where user_id = $1', [userId]);
  const row = rows[0];
  return {
    spotForbidden: row?.spot_forbidden ?? false,
    positionSide: row?.position_side ?? 'oneWay',
    multiAssets: row?.multi_assets ?? false,
    traderRegisteredAt: row?.trader_registered_at ?? null,
    activeLightningId: row?.active_lightning_id ?? null,
    keyboardConfig: row?.keyboard_config ?? null,
  };
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

export async function symbolSettings(tx: Queryable, userId: number, symbol: string): Promise<SymbolSettings> {
  const rows = await tx.query<{ leverage: number; margin_type: 'cross' | 'isolated' }>(
    'select leverage, margin_type from futures_symbol_settings where user_id = $1 and symbol = $2',
    [userId, symbol],
  );
  return { leverage: rows[0]?.leverage ?? DEFAULT_LEVERAGE, marginType: rows[0]?.margin_type ?? 'cross' };
}

export async function setSymbolSettings(tx: Queryable, userId: number, symbol: string, next: SymbolSettings): Promise<void> {
  await tx.query(
    `insert into futures_symbol_settings (user_id, symbol, leverage, margin_type) values ($1, $2, $3, $4)
     on conflict (user_id, symbol) do update set leverage = excluded.leverage, margin_type = excluded.margin_type`,
    [userId, symbol, next.leverage, next.marginType],
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

export async function positions(tx: Queryable, userId: number, symbol?: string): Promise<PositionRow[]> {
  const rows = await tx.query<{ symbol: string; position_side: PositionSide; size: string; entry_price: string; isolated_margin: string }>(
    `select symbol, position_side, size, entry_price, isolated_margin from futures_positions
     where user_id = $1 and size <> 0${symbol ? ' and symbol = $2' : ''} order by symbol, position_side`,
    symbol ? [userId, symbol] : [userId],
  );
  return rows.map((r) => ({
    symbol: r.symbol,
    positionSide: r.position_side,
    size: new D(r.size),
    entry: new D(r.entry_price),
    isolatedMargin: new D(r.isolated_margin),
  }));
}

export async function savePosition(tx: Queryable, userId: number, p: PositionRow, at: Date): Promise<void> {
  await tx.query(
    `insert into futures_positions (user_id, symbol, position_side, size, entry_price, isolated_margin, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (user_id, symbol, position_side)
     do update set size = excluded.size, entry_price = excluded.entry_price, isolated_margin = excluded.isolated_margin,
       updated_at = excluded.updated_at`,
    [userId, p.symbol, p.positionSide, db(p.size), db(p.entry), db(p.isolatedMargin), at],
  );
}
