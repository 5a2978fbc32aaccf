-- Records pages at a million rows (server/README.md "Records pages"; spec §9 page sizes): every records and
-- history page reads its rows newest first through an index that holds the user, the time and the id in the page's
-- order and the columns its screen filters on, so a page, its capped count and its deferred join read index entries,
-- not rows, and never sort.

-- Coin and fiat records (server/wallet/coin-page.ts, fiat-records.ts): the asset and status filters inside the index.
drop index wallet_deposits_user_time;
drop index wallet_withdrawals_user_time;
create index wallet_deposits_user_time on wallet_deposits (user_id, kind, created_at desc, id desc) include (asset, status);
create index wallet_withdrawals_user_time on wallet_withdrawals (user_id, kind, created_at desc, id desc) include (asset, status);
create index wallet_deposits_user_asset_time on wallet_deposits (user_id, kind, asset, created_at desc, id desc) include (status);
create index wallet_withdrawals_user_asset_time on wallet_withdrawals (user_id, kind, asset, created_at desc, id desc) include (status);

-- Transfers between the user's accounts (wallet/transfers.ts: time order, asset and direction filters; the lightning
-- transfer history pages by id with a cursor, per venue).
drop index trade_transfers_user_time;
create index trade_transfers_user_time on trade_transfers (user_id, created_at desc, id desc) include (asset, direction);
create index trade_transfers_user_venue on trade_transfers (user_id, venue, id desc) include (asset, direction);

-- Convert (pageSwapOrderRecord: type, from and to asset) and OTC orders (pageBlockOrderRecord: mode, status).
drop index convert_orders_user_time;
create index convert_orders_user_time on convert_orders (user_id, created_at desc, id desc) include (kind, from_asset, to_asset);
drop index otc_orders_user_time;
create index otc_orders_user_time on otc_orders (user_id, requested_at desc, id desc) include (mode, status);

-- Loans (pageLoanOrder: status, loan and collateral asset) and electricity bills (paid, then due, then newest).
drop index loans_user;
create index loans_user on loans (user_id, id desc) include (status, loan_asset, collateral_asset);
create index electricity_bills_user_due on electricity_bills (user_id, paid, due_at, id desc);

-- Spot and futures history (server/trade/paging.ts: keyset on id, newest first, per market and venue), with the
-- instrument filter as a key column (a rarely traded symbol is found without walking the others) and the direction,
-- status and price type filters inside.
create index trade_orders_history on trade_orders (user_id, market, venue, id desc) include (symbol, side, status, price_type);
create index trade_orders_history_symbol on trade_orders (user_id, market, venue, symbol, id desc) include (side, status, price_type);
create index trade_fills_history on trade_fills (user_id, market, venue, id desc) include (symbol, side);
create index trade_fills_history_symbol on trade_fills (user_id, market, venue, symbol, id desc) include (side);
create index futures_position_history_pages on futures_position_history (user_id, venue, id desc) include (symbol, closed_at);
create index futures_position_history_symbol on futures_position_history (user_id, venue, symbol, id desc) include (closed_at);
