-- Profit of the broker's projects (spec §4 "Broker states" and operation log types; server/broker/README.md
-- "Profit"). A profit application moves money between a project's primary account (futures wallet, USDT) and the
-- organisation's sub-accounts, decided by another member (maker-checker):
--   withdraw    (inferior_extract_*): accrued profit to one sub-account;
--   allot       (funds_allot_*):      accrued profit split over several sub-accounts in one application;
--   transfer_in (inferior_transfer_*): the broker's own money from a sub-account into the project, bought as units of
--                                      the organisation's own investor record (a capital increase).
-- While `applying` the amount is held (ledger bucket `locked`) on `from_account_id`/`from_wallet`; the legs say where
-- it goes when approved. Approving a withdrawal or allocation lowers the project's profit_payable by the amount.
create table broker_profit_applications (
  id bigserial primary key,
  org_id bigint not null references broker_orgs (id),
  project_no text not null references broker_projects (project_no),
  type text not null check (type in ('withdraw', 'allot', 'transfer_in')),
  status text not null check (status in ('applying', 'approved', 'rejected', 'done')),
  from_account_id bigint not null references broker_accounts (id),
  from_wallet text not null check (from_wallet in ('spot', 'funding', 'earn', 'futures')),
  asset text not null,
  amount numeric(36, 18) not null check (amount > 0),
  allot_mode text check (allot_mode in ('amount', 'percent')),
  units numeric(36, 18),
  nav numeric(36, 18),
  remark text not null default '',
  reject_reason text,
  applicant_id integer not null references users (id),
  approver_id integer references users (id),
  request_id text not null,
  decision_request_id text,
  created_at timestamptz not null,
  decided_at timestamptz,
  completed_at timestamptz,
  check ((type = 'allot') = (allot_mode is not null)),
  check (approver_id is null or approver_id <> applicant_id)
);
create unique index broker_profit_applications_request on broker_profit_applications (org_id, request_id);
create index broker_profit_applications_org on broker_profit_applications (org_id, created_at, id);
create index broker_profit_applications_applying on broker_profit_applications (project_no) where status = 'applying';

-- Where an application's money goes (withdraw: one leg; allot: 2–10; transfer_in: the project's primary account).
create table broker_profit_legs (
  application_id bigint not null references broker_profit_applications (id),
  position smallint not null check (position >= 0),
  account_id bigint not null references broker_accounts (id),
  wallet text not null check (wallet in ('spot', 'funding', 'earn', 'futures')),
  amount numeric(36, 18) not null check (amount > 0),
  percent numeric(5, 2) check (percent > 0 and percent <= 100),
  primary key (application_id, position),
  unique (application_id, account_id)
);

-- The operation log names the profit application it belongs to; one row per application and step.
alter table broker_operations add column profit_application_id bigint references broker_profit_applications (id);
create unique index broker_operations_profit_once on broker_operations (profit_application_id, operation_type) where profit_application_id is not null;

-- The organisation's own investor record (one per organisation): the broker's own money in its projects.
alter table broker_investors add column own boolean not null default false;
create unique index broker_investors_own on broker_investors (org_id) where own;
