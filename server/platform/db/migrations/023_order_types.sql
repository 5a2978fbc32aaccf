-- Futures order types (spec §7 "Lightning futures"; server/trade/README.md "Order types"): stop-limit and stop-market orders
-- triggered from the mark or the last price, take-profit/stop-loss orders that close a position, time in
-- force, post-only; and the isolated-margin changes of a position (add or remove), idempotent on a request id.
alter table trade_orders drop constraint trade_orders_price_type_check;
alter table trade_orders add constraint trade_orders_price_type_check
  check (price_type in ('limit', 'market', 'stop_limit', 'stop_market'));
-- The trigger of a stop order: its price, which price it watches, and which way it fires
-- (true: when the price rises to it; false: when it falls to it). Null on plain orders.
alter table trade_orders add column stop_price numeric(36, 18);
alter table trade_orders add column working_type text check (working_type in ('MARK_PRICE', 'CONTRACT_PRICE'));
alter table trade_orders add column trigger_above boolean;
alter table trade_orders add column triggered_at timestamptz;
alter table trade_orders add column time_in_force text not null default 'GTC' check (time_in_force in ('GTC', 'IOC', 'FOK'));
alter table trade_orders add column post_only boolean not null default false;
-- A take-profit or stop-loss order closes the whole position at its trigger (close_position); one placed with
-- an entry order names it (parent_order_id) and waits until the entry has filled something.
alter table trade_orders add column tpsl text check (tpsl in ('take_profit', 'stop_loss'));
alter table trade_orders add column close_position boolean not null default false;
alter table trade_orders add column parent_order_id integer references trade_orders(id);

create index trade_orders_untriggered on trade_orders (symbol) where stop_price is not null and triggered_at is null
  and status in ('running', 'partial_filled');

create table futures_margin_changes (
  id integer generated always as identity primary key,
  user_id integer not null references users(id),
  symbol text not null,
  position_side text not null,
  -- 'add' moves free USDT into the position's isolated margin, 'remove' moves it back.
  kind text not null check (kind in ('add', 'remove')),
  amount numeric(36, 18) not null,
  request_id text,
  created_at timestamptz not null
);
create unique index futures_margin_changes_request on futures_margin_changes (user_id, request_id) where request_id is not null;
