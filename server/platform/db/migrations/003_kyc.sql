-- spec §4 KYC states: review, Certified, unCertified; levels basic (coin) and advanced (fiat), spec §6.
create table kyc_files (
  id text primary key,
  user_id integer not null references users(id),
  content_type text not null,
  size integer not null,
  sha256 text not null,
  data bytea not null,
  created_at timestamptz not null
);

create table kyc_submissions (
  id integer generated always as identity primary key,
  user_id integer not null references users(id),
  level text not null check (level in ('basic', 'advanced')),
  status text not null check (status in ('review', 'Certified', 'unCertified')),
  form jsonb not null,
  file_ids text[] not null,
  submitted_at timestamptz not null,
  decided_at timestamptz,
  reject_reason text
);

create index kyc_submissions_user on kyc_submissions (user_id, level, submitted_at desc);
