-- OTC block trading (contract/otc.ts, server/otc). Firm quotes like convert's; an order holds its from side in
-- the capital account from acceptance (or, delegated, from placement) until it settles T+1 or ends.
create table otc_quotes (
  id bigserial primary key,
  quote_id text not null unique,
  user_id integer not null references users (id),
  from_asset text not null,
  to_asset text not null,
  from_amount numeric(36, 18) not null check (from_amount > 0),
  to_amount numeric(36, 18) not null check (to_amount > 0),
  price numeric(36, 18) not null,
  usd_value numeric(36, 18) not null,
  status text not null default 'open' check (status in ('open', 'filled')),
  created_at timestamptz not null,
  expires_at timestamptz not null
);

create table otc_orders (
  id bigserial primary key,
  user_id integer not null references users (id),
  request_id text not null,
  mode text not null check (mode in ('quote', 'limit')),
  quote_id text unique references otc_quotes (quote_id),
  from_asset text not null,
  to_asset text not null,
  from_amount numeric(36, 18) not null check (from_amount > 0),
  to_amount numeric(36, 18) not null check (to_amount > 0),
  price numeric(36, 18) not null,
  usd_value numeric(36, 18) not null,
  status text not null check (status in ('open', 'pendingSettlement', 'settled', 'cancelled', 'rejected', 'expired')),
  requested_at timestamptz not null,
  quoted_at timestamptz,
  accepted_at timestamptz,
  settles_at timestamptz,
  settled_at timestamptz,
  closed_at timestamptz,
  expires_at timestamptz,
  unique (user_id, request_id)
);
create index otc_orders_user_time on otc_orders (user_id, requested_at desc, id desc);
create index otc_orders_due on otc_orders (status, settles_at) where status in ('open', 'pendingSettlement');
