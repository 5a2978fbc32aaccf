-- record/transfer reads a user's transfers newest first (server/wallet/transfers.ts).
create index trade_transfers_user_time on trade_transfers (user_id, created_at desc, id desc);
