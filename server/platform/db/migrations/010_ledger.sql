-- Double-entry ledger (DESIGN.md "Data flow: money", server/ledger/README.md). Every balance change is one
-- transaction whose postings sum to zero for each asset. A user posting names the user, the spec §3 account
-- type and the bucket (free, locked by an order or withdrawal, margin of isolated positions); a provider
-- posting names one of the provider's own accounts (equity, market, fees, chain:<network>, bank:<asset>).
-- `balances` keeps the sum of the user postings, updated in the same transaction; the invariant check
-- (server/ledger/invariants.ts) proves the two equal.
create table ledger_transactions (
  id bigint generated always as identity primary key,
  kind text not null,
  user_id integer references users(id),
  ref text,
  created_at timestamptz not null
);

create index ledger_transactions_user on ledger_transactions (user_id, id);

create table ledger_postings (
  id bigint generated always as identity primary key,
  tx_id bigint not null references ledger_transactions(id),
  user_id integer references users(id),
  account_type integer check (account_type in (1, 2, 3)),
  bucket text check (bucket in ('free', 'locked', 'margin')),
  provider_account text,
  asset text not null,
  amount numeric(36, 18) not null check (amount <> 0),
  check (
    (user_id is not null and account_type is not null and bucket is not null and provider_account is null)
    or (user_id is null and account_type is null and bucket is null and provider_account is not null)
  )
);

create index ledger_postings_tx on ledger_postings (tx_id);
create index ledger_postings_user on ledger_postings (user_id, account_type, asset);

-- Isolated margin of USD-M positions, as a bucket of the swap account (its sum over the user's positions).
alter table balances add column margin numeric(36, 18) not null default 0;

update balances b set margin = p.total
from (select user_id, sum(isolated_margin) as total from futures_positions group by user_id) p
where b.user_id = p.user_id and b.account_type = 3 and b.asset = 'USDT';

-- Opening entry: what the balances held before the ledger existed, against the provider's equity.
insert into ledger_transactions (kind, ref, created_at)
select 'opening', 'migration 010', now() where exists (select 1 from balances where free <> 0 or locked <> 0 or margin <> 0);

insert into ledger_postings (tx_id, user_id, account_type, bucket, asset, amount)
select t.id, b.user_id, b.account_type, x.bucket, b.asset, x.amount
from balances b
cross join lateral (values ('free', b.free), ('locked', b.locked), ('margin', b.margin)) as x(bucket, amount)
cross join (select id from ledger_transactions where kind = 'opening') t
where x.amount <> 0;

insert into ledger_postings (tx_id, provider_account, asset, amount)
select t.id, 'equity', b.asset, -sum(b.free + b.locked + b.margin)
from balances b
cross join (select id from ledger_transactions where kind = 'opening') t
group by t.id, b.asset
having sum(b.free + b.locked + b.margin) <> 0;
