-- Interest settlement and settle bills (invoices) of the broker's projects (spec §7 "Broker calls"; server/broker/README.md
-- "Interest settlement and bills"; spec §4 interest and invoice states). A settlement takes a project's unsettled
-- daily interest accruals (broker_interest_accruals, migration 028) up to a day into one settle bill:
-- pending_initial_review → pending_re_review → pending_payment → paid, or rejected at either review (its accruals
-- are unsettled again). The bill is paid from the project's primary sub-account to the investors (ledger
-- `broker_interest_payment`, ref `broker_interest_bill:<id>`).
create table broker_interest_bills (
  id bigserial primary key,
  org_id bigint not null references broker_orgs (id),
  project_no text not null references broker_projects (project_no),
  -- `S` + YYYYMMDD (UTC+8) of the application + the id, 6 digits (contract/broker-interest.ts BillNo).
  bill_no text not null unique check (bill_no ~ '^S\d{14,20}$'),
  from_day date not null,
  until_day date not null,
  total numeric(36, 18) not null check (total > 0),
  status text not null check (status in ('pending_initial_review', 'pending_re_review', 'pending_payment', 'paid', 'rejected')),
  remark text not null default '' check (char_length(remark) <= 200),
  reject_reason text check (char_length(reject_reason) <= 200),
  applicant_id integer not null references users (id),
  initial_reviewer_id integer references users (id),
  re_reviewer_id integer references users (id),
  payer_id integer references users (id),
  rejecter_id integer references users (id),
  request_id text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  paid_at timestamptz,
  check (until_day >= from_day),
  -- spec §4 maker-checker: the initial review is not the applicant's, the re-review not the initial reviewer's.
  check (initial_reviewer_id is null or initial_reviewer_id <> applicant_id),
  check (re_reviewer_id is null or re_reviewer_id <> initial_reviewer_id)
);
create unique index broker_interest_bills_request on broker_interest_bills (org_id, request_id);
create index broker_interest_bills_org on broker_interest_bills (org_id, status, created_at, id);
create index broker_interest_bills_project on broker_interest_bills (project_no, created_at, id);

-- A bill's lines: each investor's accruals it took (kept after a rejection, when the accruals are released).
create table broker_interest_bill_lines (
  bill_id bigint not null references broker_interest_bills (id),
  investor_id bigint not null references broker_investors (id),
  principal numeric(36, 18) not null,
  days integer not null check (days > 0),
  from_day date not null,
  to_day date not null,
  amount numeric(36, 18) not null check (amount > 0),
  primary key (bill_id, investor_id)
);

-- A bill's history (findInterestApply): the application and every decision, one row per step. A retried decision
-- (the same request_id) finds its row.
create table broker_interest_bill_steps (
  id bigserial primary key,
  bill_id bigint not null references broker_interest_bills (id),
  step text not null check (step in ('apply', 'initial_review', 're_review', 'reject', 'pay')),
  status text not null,
  member_id integer not null references users (id),
  remark text not null default '',
  request_id text not null,
  created_at timestamptz not null
);
create unique index broker_interest_bill_steps_once on broker_interest_bill_steps (bill_id, step);
create index broker_interest_bill_steps_request on broker_interest_bill_steps (bill_id, request_id);

-- An accrual held by a bill names it (null: pending payment).
alter table broker_interest_accruals add constraint broker_interest_accruals_bill foreign key (settlement_id) references broker_interest_bills (id);
create index broker_interest_accruals_bill on broker_interest_accruals (settlement_id) where settlement_id is not null;
