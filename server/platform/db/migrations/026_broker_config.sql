-- The broker's withdrawal address book (whitelist) and notification e-mails (spec §5; contract/broker-config.ts,
-- server/broker/addresses.ts and message-config.ts). Rows belong to the broker organisation (migration 024), so
-- every member sees and manages the same book. A row is `pending` until the e-mail code sent to the member who
-- invoked the validation confirms it (email_uuid: the code of the latest invoke). Deleted rows are kept
-- (deleted_at) for the record; the unique indexes hold among the rows still there.
create table broker_addresses (
  id bigserial primary key,
  org_id bigint not null references broker_orgs (id),
  exchange text not null,
  asset text not null,
  network text not null,
  address text not null,
  memo text,
  name text not null,
  address_type text not null check (address_type in ('broker', 'master')),
  status text not null check (status in ('pending', 'whitelisted', 'removed')),
  email_uuid text,
  created_by integer not null references users (id),
  confirmed_by integer references users (id),
  created_at timestamptz not null,
  confirmed_at timestamptz,
  updated_at timestamptz not null,
  deleted_at timestamptz
);
create unique index broker_addresses_unique on broker_addresses (org_id, exchange, asset, network, address, coalesce(memo, ''))
  where deleted_at is null;
create index broker_addresses_org on broker_addresses (org_id, id) where deleted_at is null;

create table broker_message_configs (
  id bigserial primary key,
  org_id bigint not null references broker_orgs (id),
  email text not null,
  email_lower text not null,
  events text[] not null,
  remark text not null default '',
  status text not null check (status in ('pending', 'active')),
  email_uuid text,
  created_by integer not null references users (id),
  confirmed_by integer references users (id),
  created_at timestamptz not null,
  confirmed_at timestamptz,
  updated_at timestamptz not null,
  deleted_at timestamptz
);
create unique index broker_message_configs_unique on broker_message_configs (org_id, email_lower) where deleted_at is null;
