-- The account's fat-finger guard (contract/account.ts `OrderGuard`): an order far from the mark or above a notional
-- asks a second time. No row: the defaults of contract/account.ts `DEFAULT_ORDER_GUARD`.
create table order_guards (
  user_id integer primary key references users(id),
  price_band_on boolean not null,
  price_band_pct numeric not null check (price_band_pct > 0 and price_band_pct <= 100),
  notional_on boolean not null,
  max_notional numeric not null check (max_notional >= 1),
  updated_at timestamptz not null
);
