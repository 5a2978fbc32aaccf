-- Idempotency of orders and transfers (server/ledger/README.md: withdrawals, transfers and orders accept a client-chosen request
-- id; a retry with the same id returns the first result and moves nothing twice). Optional for older clients.
alter table trade_orders add column client_order_id text;
create unique index trade_orders_client on trade_orders (user_id, client_order_id) where client_order_id is not null;

alter table trade_transfers add column request_id text;
create unique index trade_transfers_request on trade_transfers (user_id, request_id) where request_id is not null;
