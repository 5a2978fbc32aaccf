-- Fiat wallet (spec §2 recharge/fiat, withdraw/fiat, address/fiatAddress; §4 approvalPending → complete |
-- cancelled; §7 getBlockFiatWithdrawRemainingAmount). Amounts move on the ledger against `bank:<asset>`.

-- Each user's own reference to quote on a bank transfer, so the provider can match it to them.
create table fiat_references (
  user_id integer primary key references users(id),
  reference text not null unique,
  created_at timestamptz not null
);

-- A declared deposit is idempotent on the client's request id; the sender's bank reference is kept for matching.
alter table wallet_deposits add column request_id text;
alter table wallet_deposits add column bank_reference text;
create unique index wallet_deposits_request on wallet_deposits (user_id, request_id) where request_id is not null;
create index wallet_deposits_approval on wallet_deposits (status) where status = 'approvalPending';

-- The Hong Kong day a fiat withdrawal counts against (its daily limit), released when it is cancelled.
alter table wallet_withdrawals add column limit_day date;

-- What each user has withdrawn per currency per day: one conditional upsert keeps parallel requests under
-- the limit (the check and the increment are the same statement).
create table fiat_daily_usage (
  user_id integer not null references users(id),
  asset text not null,
  day date not null,
  used numeric(36, 18) not null check (used >= 0),
  primary key (user_id, asset, day)
);
