-- The broker portal's maker-checker controls (server/broker/README.md "Maker-checker controls"; spec §4 maker-checker,
-- §6 whatever spends money).
--
-- A whitelisted address of the organisation's book is usable 24 hours after it was confirmed, as a user's address
-- book entry is (wallet `address_book.usable_at`); entries confirmed before this migration have none and are usable.
alter table broker_addresses add column usable_at timestamptz;

-- An API key that can move money (transfers, withdraw) is made `pending` and goes live only when another member
-- approves its request; its maker takes the secret once afterwards (`secret_claimed_at`). A rejected key is
-- deleted. Keys made before this migration are active, and their secret was shown at creation.
alter table broker_exchange_keys add column status text not null default 'active' check (status in ('pending', 'active', 'rejected'));
alter table broker_exchange_keys add column secret_claimed_at timestamptz;

-- What one member asked for that a second member decides: `api_key` (a pending money-moving key) or `unbind` (a
-- sub-account that still holds money; nothing moves until it is approved).
create table broker_control_requests (
  id bigserial primary key,
  org_id bigint not null references broker_orgs (id),
  kind text not null check (kind in ('api_key', 'unbind')),
  status text not null check (status in ('applying', 'approved', 'rejected')),
  account_id bigint not null references broker_accounts (id),
  key_id bigint references broker_exchange_keys (id),
  applicant_id integer not null references users (id),
  approver_id integer references users (id),
  reject_reason text,
  created_at timestamptz not null,
  decided_at timestamptz,
  check ((kind = 'api_key') = (key_id is not null)),
  check (approver_id is null or approver_id <> applicant_id)
);
create index broker_control_requests_org on broker_control_requests (org_id, id);
-- One open unbind request per sub-account: a second request while one is applying is that one.
create unique index broker_control_requests_unbind on broker_control_requests (account_id) where kind = 'unbind' and status = 'applying';
create unique index broker_control_requests_key on broker_control_requests (key_id) where key_id is not null;
