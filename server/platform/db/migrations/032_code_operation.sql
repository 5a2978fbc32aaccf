-- A code approves only the operation it was sent for (server/identity/operations.ts; server/README.md
-- "Verification codes"): the key of that operation (a sha-256 of its kind, id and content), set when the code is
-- sent; a check for another operation, or a code sent for none, does not find it. Null for the codes that bind
-- nothing (a password change, a sign-up, …).
alter table verification_codes add column operation_key text;
