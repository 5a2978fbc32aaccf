-- Trading sandbox (server/trade): spot and USD-M orders, fills, futures positions and settings,
-- transfers between the account types of spec §3, lightning configurations and the keyboard config (spec §7).
create table trade_settings (
  user_id integer primary key references users(id),
  -- spec §3 "Spot trade permission flag": false means allowed.
  spot_forbidden boolean not null default false,
  -- spec §3 session fields positionSide (oneWay | hedge) and multiAssetsMargin.
  position_side text not null default 'oneWay' check (position_side in ('oneWay', 'hedge')),
  multi_assets boolean not null default false,
  trader_registered_at timestamptz,
  active_lightning_id integer,
  keyboard_config text,
  updated_at timestamptz not null
);

create table futures_symbol_settings (
  user_id integer not null references users(id),
  symbol text not null,
  leverage integer not null check (leverage between 1 and 125),
  margin_type text not null check (margin_type in ('cross', 'isolated')),
  primary key (user_id, symbol)
);

create table trade_orders (
  id integer generated always as identity primary key,
  user_id integer not null references users(id),
  market text not null check (market in ('spot', 'usdm')),
  symbol text not null,
  side text not null check (side in ('buy', 'sell')),
  price_type text not null check (price_type in ('limit', 'market')),
  price numeric(36, 18),
  quantity numeric(36, 18) not null,
  filled_qty numeric(36, 18) not null default 0,
  filled_quote numeric(36, 18) not null default 0,
  fee numeric(36, 18) not null default 0,
  fee_asset text not null,
  realized_pnl numeric(36, 18) not null default 0,
  status text not null,
  position_side text not null default 'BOTH' check (position_side in ('BOTH', 'LONG', 'SHORT')),
  reduce_only boolean not null default false,
  leverage integer,
  margin_type text,
  -- What the order still holds: quote (spot buy), base (spot sell) or USDT margin and fee (futures).
  locked_asset text not null,
  locked_amount numeric(36, 18) not null default 0,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create index trade_orders_user on trade_orders (user_id, market, id);
create index trade_orders_open on trade_orders (status) where status in ('running', 'partial_filled');

create table trade_fills (
  id integer generated always as identity primary key,
  order_id integer not null references trade_orders(id),
  user_id integer not null references users(id),
  market text not null,
  symbol text not null,
  side text not null,
  price numeric(36, 18) not null,
  quantity numeric(36, 18) not null,
  quote numeric(36, 18) not null,
  fee numeric(36, 18) not null,
  fee_asset text not null,
  realized_pnl numeric(36, 18) not null default 0,
  maker boolean not null,
  liquidation_type text check (liquidation_type in ('take_over', 'position_reduction')),
  created_at timestamptz not null
);

create index trade_fills_user on trade_fills (user_id, market, id);
create index trade_fills_order on trade_fills (order_id);

create table futures_positions (
  user_id integer not null references users(id),
  symbol text not null,
  position_side text not null check (position_side in ('BOTH', 'LONG', 'SHORT')),
  -- Signed size in base units: positive long, negative short.
  size numeric(36, 18) not null,
  entry_price numeric(36, 18) not null,
  isolated_margin numeric(36, 18) not null default 0,
  updated_at timestamptz not null,
  primary key (user_id, symbol, position_side)
);

create table trade_transfers (
  id integer generated always as identity primary key,
  user_id integer not null references users(id),
  asset text not null,
  amount numeric(36, 18) not null,
  -- spec §4 direction codes.
  direction text not null,
  created_at timestamptz not null
);

create index trade_transfers_user on trade_transfers (user_id, id);

create table lightning_configs (
  id integer generated always as identity primary key,
  user_id integer not null references users(id),
  config text not null,
  created_at timestamptz not null
);

create index lightning_configs_user on lightning_configs (user_id, id);
