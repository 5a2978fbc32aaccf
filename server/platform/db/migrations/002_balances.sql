-- spec §3 account types: capital_account (1), trade_account (2), swap_account (3).
create table balances (
  user_id integer not null references users(id),
  account_type integer not null check (account_type in (1, 2, 3)),
  asset text not null,
  free numeric(36, 18) not null default 0,
  locked numeric(36, 18) not null default 0,
  primary key (user_id, account_type, asset)
);
