-- Electricity payment for miners (contract/electricity.ts, server/electricity; spec §2 electricity page). Bills come from the
-- miner's hosting sites (seeded for each account when it first lists them, and added by a developer control);
-- a bill is paid once, at a firm quote, in one transaction with its ledger entry (kind electricity_pay).
create table electricity_bills (
  id bigserial primary key,
  user_id integer not null references users (id),
  site text not null,
  period_start date not null,
  period_end date not null,
  kwh numeric(36, 18) not null check (kwh > 0),
  rate numeric(36, 18) not null check (rate > 0),
  amount numeric(36, 18) not null check (amount > 0),
  currency text not null check (currency in ('USD', 'HKD')),
  due_at timestamptz not null,
  paid boolean not null default false,
  receipt_no text unique,
  pay_asset text,
  pay_amount numeric(36, 18),
  price numeric(36, 18),
  paid_at timestamptz,
  request_id text,
  created_at timestamptz not null,
  unique (user_id, request_id)
);
create index electricity_bills_user on electricity_bills (user_id, id desc);

-- Whether an account's first bills were seeded (so an account that paid them all is not seeded again).
create table electricity_seeded (
  user_id integer primary key references users (id)
);

create table electricity_quotes (
  quote_id text primary key,
  user_id integer not null references users (id),
  bill_id bigint not null references electricity_bills (id),
  pay_asset text not null,
  pay_amount numeric(36, 18) not null check (pay_amount > 0),
  price numeric(36, 18) not null,
  spread numeric(10, 6) not null,
  status text not null default 'open' check (status in ('open', 'used')),
  created_at timestamptz not null,
  expires_at timestamptz not null
);
