-- Withdrawal destinations and limits (server/README.md "Wallet, coin side"; beyond the spec, as Binance and
-- Coinbase do). A coin destination outside the address book is registered at its first withdrawal attempt and
-- usable 24 hours later, as a saved address is 24 hours after its saving.
create table withdraw_destinations (
  user_id integer not null references users(id),
  network text not null,
  address text not null,
  -- '' when the destination has no memo, so the key is one value.
  memo text not null default '',
  first_used_at timestamptz not null,
  usable_at timestamptz not null,
  primary key (user_id, network, address, memo)
);

-- For 24 hours after the whitelist is switched off, withdrawals still go only to whitelisted addresses;
-- switching it on again clears this.
alter table wallet_settings add column cooling_off_until timestamptz;

-- The rolling 24 hours' withdrawal limit sums a user's withdrawals of an asset by creation time.
create index wallet_withdrawals_window on wallet_withdrawals (user_id, kind, asset, created_at);
