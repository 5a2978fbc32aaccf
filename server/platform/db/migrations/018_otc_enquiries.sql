-- otc/form/unlogin: an OTC enquiry from someone without an account (contract/otc.ts `otcEnquiryCalls`).
create table otc_enquiries (
  id bigserial primary key,
  form jsonb not null,
  ip text,
  created_at timestamptz not null
);
