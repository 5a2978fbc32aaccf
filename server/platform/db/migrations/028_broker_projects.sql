-- Broker asset-management projects (server/broker/README.md "Projects"; spec §4 project states). One
-- project is one small fund: investors' capital buys units at the net asset value (NAV) per unit, a primary
-- `asset_management` sub-account (plus linked ones) holds the money, a daily zero-hour job (00:00 UTC+8, spec §9)
-- simulates its trading, accrues interest and the performance fee and writes the day's record.
-- Days are UTC+8 calendar days (`date`). Amounts are USDT.

create table broker_projects (
  project_no text primary key check (project_no ~ '^P\d{12}$'),
  org_id bigint not null references broker_orgs (id),
  name text not null check (char_length(name) between 2 and 40),
  description text not null default '' check (char_length(description) <= 500),
  asset text not null default 'USDT' check (asset = 'USDT'),
  exchange_code text not null,
  -- The primary sub-account (asset_management), opened with the project; also in broker_project_accounts.
  account_id bigint not null unique references broker_accounts (id),
  start_day date not null,
  end_day date not null,
  interest_rate numeric(12, 8) not null check (interest_rate >= 0 and interest_rate <= 0.3),
  performance_fee_rate numeric(12, 8) not null check (performance_fee_rate >= 0 and performance_fee_rate <= 0.5),
  min_subscription numeric(36, 18) not null check (min_subscription > 0),
  units numeric(36, 8) not null default 0 check (units >= 0),
  -- The two liabilities: interest accrued and not yet paid, performance fee accrued and not yet withdrawn.
  interest_payable numeric(36, 18) not null default 0 check (interest_payable >= 0),
  profit_payable numeric(36, 18) not null default 0 check (profit_payable >= 0),
  -- High-water mark of the NAV per unit (the performance fee is charged only above it).
  hwm numeric(36, 8) not null default 1 check (hwm > 0),
  share_code text not null unique check (share_code ~ '^[A-Za-z0-9_-]{16}$'),
  created_by integer not null references users (id),
  created_at timestamptz not null,
  check (end_day > start_day)
);
create index broker_projects_org on broker_projects (org_id, created_at, project_no);

-- The applications of applyRecord/add (type `project`). The sandbox decides at once: applying → approved → done
-- in one transaction. A separate table from broker_applications (migration 027), whose rows move money from a
-- sub-account; these carry the terms asked for (`terms`, JSON) and the project made.
create table broker_project_applications (
  id bigserial primary key,
  org_id bigint not null references broker_orgs (id),
  type text not null check (type in ('project')),
  status text not null check (status in ('applying', 'approved', 'rejected', 'done')),
  terms jsonb not null,
  project_no text references broker_projects (project_no),
  applicant_id integer not null references users (id),
  request_id text not null,
  created_at timestamptz not null,
  decided_at timestamptz,
  completed_at timestamptz
);
create unique index broker_project_applications_request on broker_project_applications (org_id, request_id);

-- The sub-accounts of a project: its primary one and the linked ones (account/project/relation/*). A sub-account
-- belongs to at most one project at a time; unlinking keeps the row with unlinked_at.
create table broker_project_accounts (
  id bigserial primary key,
  project_no text not null references broker_projects (project_no),
  account_id bigint not null references broker_accounts (id),
  role text not null check (role in ('primary', 'linked')),
  remark text not null default '' check (char_length(remark) <= 200),
  created_by integer not null references users (id),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unlinked_at timestamptz
);
create unique index broker_project_accounts_live on broker_project_accounts (account_id) where unlinked_at is null;
create index broker_project_accounts_project on broker_project_accounts (project_no) where unlinked_at is null;

-- The broker's clients who put capital into projects. Personal data: never on the public dataChart.
create table broker_investors (
  id bigserial primary key,
  org_id bigint not null references broker_orgs (id),
  name text not null check (char_length(name) between 2 and 40),
  email text not null,
  created_by integer not null references users (id),
  created_at timestamptz not null
);
create unique index broker_investors_email on broker_investors (org_id, lower(email));

-- Per project and investor: units held and principal (capital in at cost, less the cost share of redeemed units).
create table broker_holdings (
  project_no text not null references broker_projects (project_no),
  investor_id bigint not null references broker_investors (id),
  units numeric(36, 8) not null default 0 check (units >= 0),
  principal numeric(36, 18) not null default 0 check (principal >= 0),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (project_no, investor_id)
);

-- Capital increases and decreases (financing/increaseCapital, decreaseCapital). `source` says where the money came
-- from: an outside investor (`investor`, ledger provider `investor:<id>`) or one of the broker's own sub-accounts
-- (`broker_account`, source_account_id; project/addInferiorTransferRecord, spec §7 "Broker calls").
create table broker_capital_flows (
  id bigserial primary key,
  org_id bigint not null references broker_orgs (id),
  project_no text not null references broker_projects (project_no),
  investor_id bigint not null references broker_investors (id),
  direction text not null check (direction in ('increase', 'decrease')),
  source text not null default 'investor' check (source in ('investor', 'broker_account')),
  source_account_id bigint references broker_accounts (id),
  amount numeric(36, 18) not null check (amount > 0),
  units numeric(36, 8) not null check (units > 0),
  nav numeric(36, 8) not null check (nav > 0),
  -- The day of the zero-hour record the NAV continues (null before the first record).
  nav_day date,
  principal_change numeric(36, 18) not null,
  remark text not null default '',
  operator_id integer not null references users (id),
  request_id text not null,
  created_at timestamptz not null
);
create unique index broker_capital_flows_request on broker_capital_flows (org_id, request_id);
create index broker_capital_flows_project on broker_capital_flows (project_no, created_at, id);

-- The zero-hour record of day D (taken at D 00:00 UTC+8, covering trading day D−1; spec §9).
create table broker_unit_records (
  project_no text not null references broker_projects (project_no),
  day date not null,
  gross_asset numeric(36, 18) not null,
  interest_payable numeric(36, 18) not null,
  profit_payable numeric(36, 18) not null,
  net_asset numeric(36, 18) not null,
  units numeric(36, 8) not null,
  nav numeric(36, 8) not null,
  pnl numeric(36, 18) not null,
  flows_in numeric(36, 18) not null,
  flows_out numeric(36, 18) not null,
  trade_volume numeric(36, 18) not null,
  created_at timestamptz not null,
  primary key (project_no, day)
);

-- The simulated trades of a trading day: realised P&L minus fees sums to the day's P&L exactly.
create table broker_project_trades (
  id bigserial primary key,
  project_no text not null references broker_projects (project_no),
  account_id bigint not null references broker_accounts (id),
  trade_day date not null,
  time timestamptz not null,
  symbol text not null,
  side text not null check (side in ('BUY', 'SELL')),
  price numeric(36, 8) not null,
  qty numeric(36, 8) not null,
  quote_volume numeric(36, 8) not null,
  fee numeric(36, 8) not null,
  realized_pnl numeric(36, 8) not null
);
create index broker_project_trades_day on broker_project_trades (project_no, trade_day, time);

-- Daily interest per holding: principal × interest_rate / 365. settlement_id is set by the interest settlement
-- (migration 029) when the accrual is settled.
create table broker_interest_accruals (
  project_no text not null references broker_projects (project_no),
  investor_id bigint not null references broker_investors (id),
  day date not null,
  principal numeric(36, 18) not null,
  amount numeric(36, 8) not null check (amount >= 0),
  settlement_id bigint,
  primary key (project_no, investor_id, day)
);
create index broker_interest_accruals_unsettled on broker_interest_accruals (project_no, day) where settlement_id is null;

-- Daily performance fee: performance_fee_rate × (NAV − high-water mark) × units when the NAV is above the mark.
create table broker_profit_accruals (
  project_no text not null references broker_projects (project_no),
  day date not null,
  nav_before numeric(36, 8) not null,
  hwm_before numeric(36, 8) not null,
  nav_after numeric(36, 8) not null,
  units numeric(36, 8) not null,
  amount numeric(36, 8) not null check (amount > 0),
  primary key (project_no, day)
);
