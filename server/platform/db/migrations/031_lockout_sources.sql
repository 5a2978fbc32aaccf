-- Attempts still being evaluated (server/identity/lockout.ts `attempt`): they hold places of the window, so a
-- parallel burst evaluates at most the threshold, but they are not failures: the sign-in captcha rule counts
-- `fail_count - in_flight` (server/README.md "Lockouts").
alter table auth_failures add column in_flight integer not null default 0;

-- The link of the stranger-failure alert mail (server/identity/freeze-link.ts): freezes the account once, until it
-- expires. Only the SHA-256 of the link's token is kept.
create table freeze_links (
  token_hash text primary key,
  user_id integer not null references users(id),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

create index freeze_links_user on freeze_links (user_id, created_at desc);
