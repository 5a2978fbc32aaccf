-- Trading accounts per venue (spec §3 accountList, §4 exchange switch; server/trade/README.md "Accounts per venue").
-- A user trades on every venue the sandbox simulates (binance, okx, bybit). The Binance account is the one that
-- existed before: its keyId is the user id and its rows keep venue 'binance' (the default of every new column).
-- The other venues' accounts are rows here, keyId from an identity far above any user id so the two never meet.
create table trade_accounts (
  key_id bigint generated always as identity (start with 100000001) primary key,
  user_id integer not null references users(id),
  venue text not null check (venue in ('okx', 'bybit')),
  sort_index integer not null,
  created_at timestamptz not null,
  unique (user_id, venue)
);

-- The ledger keeps one balance row per user, account type and asset: each venue's trade and swap accounts are their
-- own ledger account types (Binance 2 / 3 as before, OKX 12 / 13, Bybit 22 / 23); the capital account (1) is the
-- user's wallet, shared by every venue.
alter table balances drop constraint balances_account_type_check;
alter table balances add constraint balances_account_type_check check (account_type in (1, 2, 3, 12, 13, 22, 23));
alter table ledger_postings drop constraint ledger_postings_account_type_check;
alter table ledger_postings add constraint ledger_postings_account_type_check check (account_type in (1, 2, 3, 12, 13, 22, 23));

-- Every trading row names its venue.
alter table trade_orders add column venue text not null default 'binance';
alter table trade_fills add column venue text not null default 'binance';
alter table futures_positions add column venue text not null default 'binance';
alter table futures_symbol_settings add column venue text not null default 'binance';
alter table trade_transfers add column venue text not null default 'binance';
alter table futures_position_history add column venue text not null default 'binance';
alter table futures_funding_payments add column venue text not null default 'binance';
alter table futures_margin_changes add column venue text not null default 'binance';

alter table futures_positions drop constraint futures_positions_pkey;
alter table futures_positions add primary key (user_id, venue, symbol, position_side);
alter table futures_symbol_settings drop constraint futures_symbol_settings_pkey;
alter table futures_symbol_settings add primary key (user_id, venue, symbol);
alter table futures_funding_payments drop constraint futures_funding_payments_pkey;
alter table futures_funding_payments add primary key (user_id, venue, symbol, position_side, funding_time);

drop index trade_orders_client;
create unique index trade_orders_client on trade_orders (user_id, venue, client_order_id) where client_order_id is not null;
drop index trade_transfers_request;
create unique index trade_transfers_request on trade_transfers (user_id, venue, request_id) where request_id is not null;
drop index futures_margin_changes_request;
create unique index futures_margin_changes_request on futures_margin_changes (user_id, venue, request_id) where request_id is not null;
drop index futures_position_history_open;
create unique index futures_position_history_open on futures_position_history (user_id, venue, symbol, position_side) where closed_at is null;
create index trade_orders_venue_open on trade_orders (venue, status);

-- Position mode and multi-assets mode of the OKX and Bybit accounts (Binance's stay in trade_settings).
create table trade_venue_settings (
  user_id integer not null references users(id),
  venue text not null check (venue in ('okx', 'bybit')),
  position_side text not null default 'oneWay' check (position_side in ('oneWay', 'hedge')),
  multi_assets boolean not null default false,
  updated_at timestamptz not null,
  primary key (user_id, venue)
);
