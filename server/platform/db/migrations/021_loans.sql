-- Crypto-backed loans (contract/loans.ts, server/loans; spec §2 loan page). A loan keeps the rates and LTV levels it was
-- made with; its money is on the ledger (kinds loan_*), these tables say what each entry was for.
-- Status: spec §4 1 interest accruing, 2 ended, 3 overdue, 4 liquidation, 5 forcefully liquidated.
create table loans (
  id bigserial primary key,
  user_id integer not null references users (id),
  request_id text not null,
  loan_asset text not null,
  collateral_asset text not null,
  term_days integer not null check (term_days in (7, 30, 90, 180)),
  status smallint not null check (status between 1 and 5),
  principal numeric(36, 18) not null check (principal > 0),
  principal_outstanding numeric(36, 18) not null check (principal_outstanding >= 0),
  interest_outstanding numeric(36, 18) not null default 0 check (interest_outstanding >= 0),
  interest_total numeric(36, 18) not null default 0 check (interest_total >= 0),
  collateral_amount numeric(36, 18) not null check (collateral_amount >= 0),
  hourly_rate numeric(20, 12) not null,
  late_hourly_rate numeric(20, 12) not null,
  initial_ltv numeric(10, 6) not null,
  margin_call_ltv numeric(10, 6) not null,
  liquidation_ltv numeric(10, 6) not null,
  -- Whole hours since borrowed_at whose interest is charged.
  hours_charged integer not null default 0,
  -- When the LTV last reached the margin-call level (null while below it).
  margin_call_at timestamptz,
  -- Why the loan entered state 4 (liquidation): 'ltv' or 'overdue'.
  liquidation_reason text check (liquidation_reason in ('ltv', 'overdue')),
  borrowed_at timestamptz not null,
  due_at timestamptz not null,
  closed_at timestamptz,
  unique (user_id, request_id)
);
create index loans_user on loans (user_id, id desc);
create index loans_open on loans (status) where status in (1, 3, 4);

-- Every borrower action on a loan, idempotent on the client's request id.
create table loan_actions (
  id bigserial primary key,
  user_id integer not null references users (id),
  request_id text not null,
  loan_id bigint not null references loans (id),
  action text not null check (action in ('addCollateral', 'removeCollateral', 'repay', 'repayWithCollateral')),
  amount numeric(36, 18) not null check (amount > 0),
  proceeds numeric(36, 18),
  interest_paid numeric(36, 18) not null default 0,
  principal_paid numeric(36, 18) not null default 0,
  refund numeric(36, 18) not null default 0,
  ltv_after numeric(20, 6) not null,
  created_at timestamptz not null,
  unique (user_id, request_id)
);

-- Collateral sold by the provider (spec §4 state 5): what was sold, at what price, and where the money went.
create table loan_liquidations (
  id bigserial primary key,
  loan_id bigint not null unique references loans (id),
  user_id integer not null references users (id),
  reason text not null check (reason in ('ltv', 'overdue')),
  ltv numeric(20, 6) not null,
  collateral_sold numeric(36, 18) not null,
  average_price numeric(36, 18) not null,
  proceeds numeric(36, 18) not null,
  principal_repaid numeric(36, 18) not null,
  interest_repaid numeric(36, 18) not null,
  fee numeric(36, 18) not null,
  collateral_returned numeric(36, 18) not null,
  refund numeric(36, 18) not null,
  shortfall numeric(36, 18) not null,
  created_at timestamptz not null
);
create index loan_liquidations_user on loan_liquidations (user_id, id desc);
