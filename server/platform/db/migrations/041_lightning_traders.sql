-- Lightning trader management (spec §7 updatePermissions, delTraders, permissionsList; contract/lightning.ts): the
-- traders an account's owner lets act on their lightning account, with what each may do (a comma-separated list of
-- contract/lightning.ts TRADER_PERMISSIONS).
create table lightning_traders (
  id bigint generated always as identity primary key,
  owner_user_id integer not null references users(id),
  trader_user_id integer not null references users(id),
  permissions text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (owner_user_id, trader_user_id),
  check (owner_user_id <> trader_user_id)
);
