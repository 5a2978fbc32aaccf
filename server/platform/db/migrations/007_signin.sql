-- Fixed-window counters for rate limits (server/api/rates.ts): code sends per destination, account and source.
create table rate_counts (
  bucket text not null,
  window_start timestamptz not null,
  count integer not null,
  primary key (bucket, window_start)
);
