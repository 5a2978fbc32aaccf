-- The records page and its export read a user's coin records newest first (server/wallet/records.ts):
-- with these the export's keyset batches read only what they return, whatever the number of records.
create index wallet_deposits_user_time on wallet_deposits (user_id, kind, created_at desc, id desc);
create index wallet_withdrawals_user_time on wallet_withdrawals (user_id, kind, created_at desc, id desc);
