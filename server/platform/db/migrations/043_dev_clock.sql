-- The sandbox clock's offset (`/_dev/clock/advance`, dev routes on), shared by the processes on one PostgreSQL
-- (server/README.md "Several processes"; platform/shared-clock.ts). One row; the offset only grows.
create table dev_clock (
  id integer primary key check (id = 1),
  offset_ms bigint not null
);
insert into dev_clock (id, offset_ms) values (1, 0);
