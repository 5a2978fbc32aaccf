-- Broker applications (transfers between sub-accounts, withdrawals to whitelisted addresses) and the operation log
-- (spec §4 "Broker states"; server/broker/README.md "Transfers, withdrawals and approvals").
-- An application holds its amount on the source wallet (ledger bucket `locked`) while `applying`; approving moves it
-- (transfer: done; withdrawal: approved, done when the chain confirms; to the master account: done), rejecting
-- releases it. The approver is another member of the organisation than the applicant (maker-checker).
create table broker_applications (
  id bigserial primary key,
  org_id bigint not null references broker_orgs (id),
  type text not null check (type in ('transfer', 'withdraw')),
  status text not null check (status in ('applying', 'approved', 'rejected', 'done')),
  from_account_id bigint not null references broker_accounts (id),
  from_wallet text not null check (from_wallet in ('spot', 'funding', 'earn', 'futures')),
  to_account_id bigint references broker_accounts (id),
  to_wallet text check (to_wallet in ('spot', 'funding', 'earn', 'futures')),
  asset text not null,
  amount numeric(36, 18) not null check (amount > 0),
  fee numeric(36, 18) not null default 0 check (fee >= 0),
  address_id bigint references broker_addresses (id),
  address_type text check (address_type in ('broker', 'master')),
  network text,
  address text,
  memo text,
  address_name text,
  remark text not null default '',
  reject_reason text,
  applicant_id integer not null references users (id),
  approver_id integer references users (id),
  request_id text not null,
  decision_request_id text,
  created_at timestamptz not null,
  decided_at timestamptz,
  completes_at timestamptz,
  completed_at timestamptz,
  check ((type = 'transfer' and to_account_id is not null and to_wallet is not null and address_id is null)
    or (type = 'withdraw' and to_account_id is null and address_id is not null)),
  check (approver_id is null or approver_id <> applicant_id)
);
create unique index broker_applications_request on broker_applications (org_id, request_id);
create index broker_applications_org on broker_applications (org_id, created_at, id);
create index broker_applications_applying on broker_applications (from_account_id, from_wallet, asset) where status = 'applying';
create index broker_applications_approved on broker_applications (completes_at) where status = 'approved';

-- The operation log (pageBrokerFinancingAction): who did what, when, with which amounts. Written in the transaction
-- of the action itself. Types are spec §4's (contract/broker-rules.ts OPERATION_TYPES).
create table broker_operations (
  id bigserial primary key,
  org_id bigint not null references broker_orgs (id),
  operation_type text not null,
  application_id bigint references broker_applications (id),
  operator_id integer not null references users (id),
  account_id bigint references broker_accounts (id),
  counterparty text,
  asset text not null,
  amount numeric(36, 18) not null,
  fee numeric(36, 18) not null default 0,
  remark text not null default '',
  created_at timestamptz not null
);
create index broker_operations_org on broker_operations (org_id, created_at, id);
create unique index broker_operations_once on broker_operations (application_id, operation_type) where application_id is not null;
