-- Institution users, sessions, verification codes and their outbox, sign-in history.
create table users (
  id integer generated always as identity primary key,
  email text not null,
  email_lower text not null unique,
  first_name text not null,
  last_name text not null,
  company_name text not null,
  area_code text,
  phone text,
  whatsapp text,
  telegram text,
  preferred_language text not null default 'zh-HK',
  password_hash text not null,
  user_type text not null default 'institution',
  verification_type text not null default 'institutional',
  ga_secret text,
  ga_pending_secret text,
  ga_last_step integer,
  order_confirm boolean not null default true,
  broker_agreed_at timestamptz,
  frozen_at timestamptz,
  disabled_features text[] not null default '{}',
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create unique index users_phone_unique on users (area_code, phone) where phone is not null;

create table sessions (
  id integer generated always as identity primary key,
  user_id integer not null references users(id),
  token_hash text not null unique,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text,
  user_agent text
);

create index sessions_user on sessions (user_id);

create table verification_codes (
  uuid text primary key,
  channel text not null check (channel in ('email', 'sms', 'image')),
  destination text not null,
  business_type text not null,
  user_id integer references users(id),
  code_hash text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  used_at timestamptz
);

create index verification_codes_destination on verification_codes (channel, destination, created_at);

create table outbox (
  id integer generated always as identity primary key,
  channel text not null,
  destination text not null,
  business_type text not null,
  code_uuid text not null,
  code text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null
);

create table login_history (
  id integer generated always as identity primary key,
  user_id integer not null references users(id),
  login_at timestamptz not null,
  ip text,
  user_agent text,
  source text
);

create index login_history_user on login_history (user_id, login_at desc);

-- Failed attempts per kind ('password', 'emailCode', 'gaCode') and subject (user name, address, user id).
create table auth_failures (
  kind text not null,
  subject text not null,
  fail_count integer not null default 0,
  last_failure_at timestamptz not null,
  locked_until timestamptz,
  primary key (kind, subject)
);

-- spec §4: withdrawal ban reasons 1 wrong password, 2 wrong e-mail code, 3 wrong Google code,
-- 4 password change, 5 e-mail change, 6 Google rebind.
create table withdraw_bans (
  id integer generated always as identity primary key,
  user_id integer not null references users(id),
  reason integer not null check (reason between 1 and 6),
  created_at timestamptz not null,
  until timestamptz not null
);

create index withdraw_bans_user on withdraw_bans (user_id, until);

create table server_keys (
  name text primary key,
  public_pem text not null,
  private_pem text not null,
  created_at timestamptz not null
);

create table cooperation_requests (
  id integer generated always as identity primary key,
  user_id integer not null references users(id),
  form jsonb not null,
  created_at timestamptz not null
);
