-- Uploaded files live on disk under the data directory (<dataDir>/uploads/<id>); the database keeps their
-- metadata. Rows written before this migration keep their bytes in `data` and stay readable (server/api/uploads.ts
-- readUpload): a row has its bytes in exactly one of the two places.
alter table kyc_files alter column data drop not null;
alter table kyc_files add column path text;
alter table kyc_files add constraint kyc_files_stored check ((data is null) <> (path is null));

-- Per-user upload quota (server/api/upload-quota.ts): files and bytes stored on the current Hong Kong calendar
-- day, and uploads in flight. One row per user, taken with one conditional upsert per upload.
create table upload_quota (
  user_id integer primary key references users(id),
  day date not null,
  files integer not null check (files >= 0),
  bytes bigint not null check (bytes >= 0),
  in_flight integer not null check (in_flight >= 0)
);

create index kyc_files_user on kyc_files (user_id, created_at);
