-- Wallet (spec §2 wallet and record routes, §4 fund states, §5 withdrawal rules): deposit addresses, the
-- sandbox chain's deposits and withdrawals, the address book with its whitelist and 24-hour lock.
-- Every amount that moves is a ledger entry (server/ledger); these tables hold the state machines.
create table wallet_settings (
  user_id integer primary key references users(id),
  -- Whitelist on by default (spec §5: switching it off needs the password, e-mail code and Google code).
  whitelist_on boolean not null default true,
  updated_at timestamptz not null
);

create table deposit_addresses (
  user_id integer not null references users(id),
  network text not null,
  address text not null,
  memo text,
  created_at timestamptz not null,
  primary key (user_id, network),
  unique (network, address)
);

create table wallet_deposits (
  id bigint generated always as identity primary key,
  user_id integer not null references users(id),
  kind text not null check (kind in ('coin', 'fiat')),
  asset text not null,
  network text,
  address text,
  tx_hash text,
  reference text,
  amount numeric(36, 18) not null check (amount > 0),
  -- spec §4: deposit_pending → deposit_complete (coin); approvalPending → complete | cancelled (fiat).
  status text not null check (status in ('deposit_pending', 'deposit_complete', 'cancelled', 'approvalPending', 'complete')),
  confirmations_required integer not null default 0,
  seen_at timestamptz not null,
  completed_at timestamptz,
  created_at timestamptz not null,
  unique (network, tx_hash)
);

create index wallet_deposits_user on wallet_deposits (user_id, id);
create index wallet_deposits_pending on wallet_deposits (status) where status = 'deposit_pending';

create table address_book (
  id bigint generated always as identity primary key,
  user_id integer not null references users(id),
  kind text not null check (kind in ('coin', 'fiat')),
  name text not null,
  asset text not null,
  network text,
  address text,
  memo text,
  -- Fiat: beneficiary, bank, SWIFT or bank code, account number.
  beneficiary text,
  bank_name text,
  bank_code text,
  account_number text,
  whitelisted boolean not null default true,
  -- A new address can be used only after this time (24 hours after it was saved).
  usable_at timestamptz not null,
  created_at timestamptz not null,
  deleted_at timestamptz
);

create index address_book_user on address_book (user_id, kind, id);
create unique index address_book_unique_coin on address_book (user_id, network, address, coalesce(memo, '')) where kind = 'coin' and deleted_at is null;
create unique index address_book_unique_fiat on address_book (user_id, asset, bank_code, account_number) where kind = 'fiat' and deleted_at is null;

create table wallet_withdrawals (
  id bigint generated always as identity primary key,
  user_id integer not null references users(id),
  -- The client's request id: a retry with it returns the first result and moves nothing twice.
  request_id text not null,
  kind text not null check (kind in ('coin', 'fiat')),
  asset text not null,
  network text,
  address text,
  memo text,
  address_book_id bigint references address_book(id),
  -- What the user asked to withdraw (debited) and the fee out of it; the receiver gets amount - fee.
  amount numeric(36, 18) not null check (amount > 0),
  fee numeric(36, 18) not null check (fee >= 0),
  -- unconfirmed (awaiting the e-mail and Google codes, holding the amount) → withdraw_pending → withdraw_complete
  -- | withdraw_failed; unconfirmed → cancelled (expired or cancelled). Fiat: approvalPending → complete | cancelled.
  status text not null check (status in ('unconfirmed', 'withdraw_pending', 'withdraw_complete', 'withdraw_failed', 'cancelled', 'approvalPending', 'complete')),
  held boolean not null default true,
  email_uuid text,
  tx_hash text,
  confirmations_required integer not null default 0,
  expires_at timestamptz,
  broadcast_at timestamptz,
  completed_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (user_id, request_id)
);

create index wallet_withdrawals_user on wallet_withdrawals (user_id, id);
create index wallet_withdrawals_open on wallet_withdrawals (status) where status in ('unconfirmed', 'withdraw_pending', 'approvalPending')
