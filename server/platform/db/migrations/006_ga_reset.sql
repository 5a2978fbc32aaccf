-- Google authenticator reset requests of users who lost the device (server/api/routes/ga-reset.ts):
-- opened with user name + password + e-mail code, decided by operations after a KYC re-check.
create table ga_reset_requests (
  id integer generated always as identity primary key,
  -- Random, unguessable: the app polls the status with it before the user can sign in.
  public_id text not null unique,
  user_id integer not null references users(id),
  status text not null check (status in ('review', 'approved', 'rejected')),
  created_at timestamptz not null,
  decided_at timestamptz,
  reject_reason text
);

-- At most one request under review per user.
create unique index ga_reset_requests_one_review on ga_reset_requests (user_id) where status = 'review';
