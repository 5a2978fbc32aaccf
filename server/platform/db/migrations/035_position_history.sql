-- Position history and funding payments (server/trade/README.md "Position history and funding"; beyond the
-- spec's futures data tabs, as Binance's position history does). One row per position from the fill that opens
-- it to the fill that brings it to zero (or turns it the other way, which opens the next row): what it held at
-- most, its entry, what was closed at what value, realised PnL, fees and funding.
create table futures_position_history (
  id integer generated always as identity primary key,
  user_id integer not null references users(id),
  symbol text not null,
  position_side text not null check (position_side in ('BOTH', 'LONG', 'SHORT')),
  side text not null check (side in ('long', 'short')),
  margin_type text not null check (margin_type in ('cross', 'isolated')),
  leverage integer not null,
  opened_at timestamptz not null,
  closed_at timestamptz,
  max_size numeric(36, 18) not null,
  entry_price numeric(36, 18) not null,
  closed_qty numeric(36, 18) not null default 0,
  close_value numeric(36, 18) not null default 0,
  realized_pnl numeric(36, 18) not null default 0,
  fees numeric(36, 18) not null default 0,
  -- Signed: received positive, paid negative.
  funding numeric(36, 18) not null default 0
);
-- At most one open row per position.
create unique index futures_position_history_open on futures_position_history (user_id, symbol, position_side) where closed_at is null;
create index futures_position_history_user on futures_position_history (user_id, id);

-- One payment per position and funding boundary: a boundary settled again pays nothing.
create table futures_funding_payments (
  user_id integer not null references users(id),
  symbol text not null,
  position_side text not null check (position_side in ('BOTH', 'LONG', 'SHORT')),
  funding_time timestamptz not null,
  rate numeric(36, 18) not null,
  mark_price numeric(36, 18) not null,
  size numeric(36, 18) not null,
  -- Signed: received positive, paid negative.
  amount numeric(36, 18) not null,
  history_id integer references futures_position_history(id),
  created_at timestamptz not null,
  primary key (user_id, symbol, position_side, funding_time)
);
