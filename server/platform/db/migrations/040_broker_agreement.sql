-- The broker agreement a user accepted when opening broker rights (/institution/agree/broker/open, spec §7): which
-- version of its text; `broker_agreed_at` (001) keeps when. Null for rights opened before the text was shown.
alter table users add column broker_agreement_version text;
