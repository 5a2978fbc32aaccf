-- Instant convert (contract/convert.ts, server/convert). A firm quote is stored when it is made; an order
-- fills it once: the quote's status moves from 'open' to 'filled' in the same transaction as the ledger entry,
-- by one conditional update, so parallel orders on one quote fill it exactly once.
create table convert_quotes (
  id bigserial primary key,
  quote_id text not null unique,
  user_id integer not null references users (id),
  kind text not null check (kind in ('coin', 'fiat')),
  from_asset text not null,
  to_asset text not null,
  from_amount numeric(36, 18) not null check (from_amount > 0),
  to_amount numeric(36, 18) not null check (to_amount > 0),
  price numeric(36, 18) not null,
  inverse_price numeric(36, 18) not null,
  market_price numeric(36, 18) not null,
  spread numeric(10, 6) not null,
  fixed text not null check (fixed in ('from', 'to')),
  usd_value numeric(36, 18) not null,
  status text not null default 'open' check (status in ('open', 'filled')),
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index convert_quotes_user on convert_quotes (user_id, created_at desc);

create table convert_orders (
  id bigserial primary key,
  user_id integer not null references users (id),
  request_id text not null,
  quote_id text not null unique references convert_quotes (quote_id),
  kind text not null check (kind in ('coin', 'fiat')),
  from_asset text not null,
  to_asset text not null,
  from_amount numeric(36, 18) not null,
  to_amount numeric(36, 18) not null,
  price numeric(36, 18) not null,
  inverse_price numeric(36, 18) not null,
  spread numeric(10, 6) not null,
  usd_value numeric(36, 18) not null,
  created_at timestamptz not null,
  unique (user_id, request_id)
);
create index convert_orders_user_time on convert_orders (user_id, created_at desc, id desc);

-- The organisation's daily convert limit in USD (the Hong Kong calendar day, as the fiat withdrawal limit).
create table convert_daily_usage (
  user_id integer not null references users (id),
  day text not null,
  used_usd numeric(36, 18) not null check (used_usd >= 0),
  primary key (user_id, day)
);

-- Pairs the provider's operations switched off (block/listDisabledPair); set by a developer control.
create table convert_disabled_pairs (
  from_asset text not null,
  to_asset text not null,
  primary key (from_asset, to_asset)
);
