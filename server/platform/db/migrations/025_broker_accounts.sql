-- Broker sub-accounts, their balances and API keys (spec §3; server/broker/README.md "Sub-accounts, balances and
-- API keys"). A sub-account belongs to an organisation (migration 024) and lives on one of the eight exchanges.
create table broker_accounts (
  id bigserial primary key,
  org_id bigint not null references broker_orgs (id),
  exchange_code text not null,
  kind text not null check (kind in ('regular', 'custodial', 'asset_management')),
  name text not null,
  uid text not null,
  remark text not null default '' check (char_length(remark) <= 500),
  created_by integer not null references users (id),
  request_id text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  deleted_at timestamptz
);
-- A retry with the same requestId finds the first account (idempotent create); names are unique per exchange
-- among the organisation's live accounts.
create unique index broker_accounts_request on broker_accounts (org_id, request_id);
create unique index broker_accounts_name on broker_accounts (org_id, exchange_code, lower(name)) where deleted_at is null;
create index broker_accounts_org on broker_accounts (org_id, id);

-- Balances per sub-account, wallet and asset: the sum of the ledger's broker postings (server/ledger), moved by
-- post() in the same transaction. Never negative (post() checks in the updating statement; this is the backstop).
create table broker_balances (
  account_id bigint not null references broker_accounts (id),
  wallet text not null check (wallet in ('spot', 'funding', 'earn', 'futures')),
  asset text not null,
  free numeric(36, 18) not null default 0 check (free >= 0),
  locked numeric(36, 18) not null default 0 check (locked >= 0),
  primary key (account_id, wallet, asset)
);

-- A ledger posting is now a user's, the provider's or a broker sub-account's wallet.
alter table ledger_postings add column broker_account_id bigint references broker_accounts (id);
alter table ledger_postings add column broker_wallet text check (broker_wallet in ('spot', 'funding', 'earn', 'futures'));
alter table ledger_postings drop constraint ledger_postings_check;
alter table ledger_postings add constraint ledger_postings_owner check (
  (user_id is not null and account_type is not null and bucket is not null and provider_account is null
    and broker_account_id is null and broker_wallet is null)
  or (user_id is null and account_type is null and bucket is null and provider_account is not null
    and broker_account_id is null and broker_wallet is null)
  or (user_id is null and account_type is null and bucket in ('free', 'locked') and provider_account is null
    and broker_account_id is not null and broker_wallet is not null)
);
create index ledger_postings_broker on ledger_postings (broker_account_id, broker_wallet, asset) where broker_account_id is not null;
alter table ledger_transactions add column broker_account_id bigint references broker_accounts (id);
create index ledger_transactions_broker on ledger_transactions (broker_account_id, created_at) where broker_account_id is not null;

-- API keys of sub-accounts. The secret (and the passphrase where the exchange signs with one) is kept only
-- encrypted (AES-256-GCM, server/broker/secrets.ts) and never returned after creation.
create table broker_exchange_keys (
  id bigserial primary key,
  org_id bigint not null references broker_orgs (id),
  account_id bigint not null references broker_accounts (id),
  api_key text not null unique,
  secret_cipher text not null,
  passphrase_cipher text,
  permissions text[] not null,
  ip_list text[] not null,
  remark text not null default '' check (char_length(remark) <= 500),
  expires_at timestamptz,
  created_by integer not null references users (id),
  request_id text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  deleted_at timestamptz
);
create unique index broker_exchange_keys_request on broker_exchange_keys (org_id, request_id);
create index broker_exchange_keys_account on broker_exchange_keys (account_id) where deleted_at is null;
create index broker_exchange_keys_org on broker_exchange_keys (org_id, id);

-- Account managers named by the owner, waiting for the e-mail code (account/submitAccountManager, invoke, confirm).
create table broker_manager_invites (
  org_id bigint not null references broker_orgs (id),
  user_id integer not null references users (id),
  invited_by integer not null references users (id),
  status text not null check (status in ('pending', 'confirmed')),
  invited_at timestamptz not null,
  confirmed_at timestamptz,
  primary key (org_id, user_id)
);
