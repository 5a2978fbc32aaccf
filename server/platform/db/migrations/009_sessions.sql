-- Server-side session state (server/README.md "Sessions"): when a session was last used,
-- for the idle timeout (Limits.sessionIdleMs) and the sessions list. Written by authenticate() at most once
-- a minute per session.
alter table sessions add column last_seen_at timestamptz;
update sessions set last_seen_at = created_at;
alter table sessions alter column last_seen_at set not null;
create index sessions_user_active on sessions (user_id, created_at desc) where revoked_at is null;

-- The anti-phishing code the user sets (4–20 letters and digits): the first line of every e-mail to the
-- account's own address, so a mail without it (or with another) is not from us.
alter table users add column anti_phishing_code text;
