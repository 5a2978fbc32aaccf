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
