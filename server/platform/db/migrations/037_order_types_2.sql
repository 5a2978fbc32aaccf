-- More order types (server/trade/README.md "Order types"): spot stop-limit orders (the existing stop columns,
-- on the last price), spot OCO pairs (a limit-maker leg and a stop-limit leg sharing one hold, linked by
-- oco_group_id: the id of the pair's limit leg) and the USD-M trailing stop (callback rate in percent, optional
-- activation price; the best price since activation is tracked by the engine and written when it fires).
alter table trade_orders drop constraint trade_orders_price_type_check;
alter table trade_orders add constraint trade_orders_price_type_check
  check (price_type in ('limit', 'market', 'stop_limit', 'stop_market', 'trailing_stop_market'));
alter table trade_orders add column oco_group_id integer;
alter table trade_orders add column callback_rate numeric(10, 4);
alter table trade_orders add column activation_price numeric(36, 18);
alter table trade_orders add column trail_extreme numeric(36, 18);
create index trade_orders_oco on trade_orders (oco_group_id) where oco_group_id is not null;
