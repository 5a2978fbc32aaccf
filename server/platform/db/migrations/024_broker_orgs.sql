-- Broker organisations (spec §3; server/broker/org.ts). A user who opens broker rights
-- (/institution/agree/broker/open) founds an organisation. Its sub-accounts, API keys, address book,
-- notification e-mails and applications belong to the organisation, not to one user, so a second member can
-- approve what the first applied for (spec §4 maker-checker). A user belongs to at most one organisation.
create table broker_orgs (
  id bigserial primary key,
  owner_user_id integer not null unique references users (id),
  created_at timestamptz not null
);

create table broker_members (
  user_id integer primary key references users (id),
  org_id bigint not null references broker_orgs (id),
  role text not null check (role in ('owner', 'member')),
  joined_at timestamptz not null
);
create index broker_members_org on broker_members (org_id);

-- Users who opened broker rights before organisations existed found their own.
insert into broker_orgs (owner_user_id, created_at)
  select id, broker_agreed_at from users where broker_agreed_at is not null;
insert into broker_members (user_id, org_id, role, joined_at)
  select o.owner_user_id, o.id, 'owner', o.created_at from broker_orgs o;
