-- spec §3 "Favourite pair list": a JSON config with version and selectionList (version 1.0 only);
-- spec §7 "User config and self-selection". One config per user, kept as the JSON text the client reads.
create table self_selection (
  user_id integer primary key references users(id),
  config_data text not null,
  updated_at timestamptz not null
);
