-- spec §4 "Account list": "If no account has a sort index, the first account is made the default via a call and
-- selected." A user whose accounts were never ordered (false) is listed without sort indexes until the app makes
-- the first one the default (/broker/lightning/setDefaultAccount); every user before this keeps the order they had.
alter table users add column account_order_set boolean not null default true;
