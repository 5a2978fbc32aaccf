-- The message centre (contract/messages.ts, server/messages): one row per event a user is told about, as its kind
-- and plain parameters (the app writes the words). `event_key` names the event (e.g. `deposit:12`), so a second
-- write for the same event is a no-op: each event gives exactly one message.
create table messages (
  id bigint generated always as identity primary key,
  user_id integer not null references users(id),
  kind text not null,
  params jsonb not null,
  event_key text not null,
  created_at timestamptz not null,
  read_at timestamptz,
  unique (user_id, event_key)
);
create index messages_user_newest on messages (user_id, id desc);
create index messages_user_unread on messages (user_id) where read_at is null;
