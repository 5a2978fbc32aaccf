-- Records pages at any depth (server/README.md "Records pages"; spec §9 pageNum/pageSize): each records row has,
-- per rank space it belongs to, its rank in the page's order counted from the oldest (1, 2, 3 … with no gaps), kept
-- here in the transaction that writes the row. A space is a family of records of one user (coin, fiat, transfer,
-- convert, otc, loan) and one group: every record of the family ('') or those with one filter value
-- ('asset:BTC', 'status:settled', 'type:deposit'; fiat records always name their type: 'type:deposit',
-- 'type:deposit/asset:HKD'). Page N newest first is then the ranks top - (N-1)·size down to top - N·size + 1, one
-- range read on record_ranks_rank, and a time range is two probes of the primary key for its ranks: no OFFSET walk.
-- The order (at, tie) is the page's: created_at (OTC requested_at; loans none), then the id (coin and fiat: the
-- withdrawal before the deposit at the same instant, tie = 2^62 + id). server/platform/record-ranks.ts reads it.
create table record_ranks (
  family text not null,
  user_id integer not null,
  grp text not null,
  at timestamptz not null,
  tie bigint not null,
  rank bigint not null,
  key bigint not null,
  primary key (family, user_id, grp, at, tie) include (rank, key)
);
create index record_ranks_rank on record_ranks (family, user_id, grp, rank) include (key, tie);

-- One row per family and user: every change to a user's ranks of a family first takes this row's lock (insert …
-- on conflict do update), so two transactions writing records of one user rank them one after the other, and the
-- second sees the first's ranks (read committed: each statement of the trigger takes a new snapshot).
create table record_rank_owners (
  family text not null,
  user_id integer not null,
  changes bigint not null default 0,
  primary key (family, user_id)
);

create type record_rank_entry as (family text, user_id integer, grp text, at timestamptz, tie bigint, key bigint);

-- The entries of a row of each records table (none when the row is not a record: an unconfirmed withdrawal).
create function wallet_deposits_rank_entries(r wallet_deposits) returns setof record_rank_entry language sql immutable as $$
  select r.kind, r.user_id, g, r.created_at, r.id, r.id
  from unnest(case when r.kind = 'coin'
    then array['', 'asset:' || r.asset, 'status:' || r.status, 'type:deposit']
    else array['type:deposit', 'type:deposit/asset:' || r.asset, 'type:deposit/status:' || r.status] end) g
$$;

create function wallet_withdrawals_rank_entries(r wallet_withdrawals) returns setof record_rank_entry language sql immutable as $$
  select r.kind, r.user_id, g, r.created_at, 4611686018427387904 + r.id, r.id
  from unnest(case when r.kind = 'coin'
    then array['', 'asset:' || r.asset, 'status:' || r.status, 'type:withdraw']
    else array['type:withdraw', 'type:withdraw/asset:' || r.asset, 'type:withdraw/status:' || r.status] end) g
  where r.status <> 'unconfirmed'
$$;

create function trade_transfers_rank_entries(r trade_transfers) returns setof record_rank_entry language sql immutable as $$
  select 'transfer', r.user_id, g, r.created_at, r.id::bigint, r.id::bigint from unnest(array['', 'asset:' || r.asset, 'direction:' || r.direction]) g
$$;

create function convert_orders_rank_entries(r convert_orders) returns setof record_rank_entry language sql immutable as $$
  select 'convert', r.user_id, g, r.created_at, r.id, r.id
  from unnest(array['', 'kind:' || r.kind, 'from:' || r.from_asset, 'to:' || r.to_asset]) g
$$;

create function otc_orders_rank_entries(r otc_orders) returns setof record_rank_entry language sql immutable as $$
  select 'otc', r.user_id, g, r.requested_at, r.id, r.id from unnest(array['', 'mode:' || r.mode, 'status:' || r.status]) g
$$;

create function loans_rank_entries(r loans) returns setof record_rank_entry language sql immutable as $$
  select 'loan', r.user_id, g, 'epoch'::timestamptz, r.id, r.id
  from unnest(array['', 'status:' || r.status, 'loan:' || r.loan_asset, 'collateral:' || r.collateral_asset]) g
$$;

-- Removes and adds entries, then renumbers each changed space from its earliest changed entry on: appending the
-- newest record renumbers that record alone; a record older than others (or a status change) renumbers the
-- space's entries after it, so such a change costs the number of newer records in its spaces.
create function record_ranks_change(removed record_rank_entry[], added record_rank_entry[]) returns void language plpgsql as $$
declare
  s record;
  base bigint;
begin
  if cardinality(removed) = 0 and cardinality(added) = 0 then
    return;
  end if;
  insert into record_rank_owners (family, user_id)
    select distinct c.family, c.user_id from (select * from unnest(removed) union all select * from unnest(added)) c order by 1, 2
    on conflict (family, user_id) do update set changes = record_rank_owners.changes + 1;
  if cardinality(removed) > 0 then
    delete from record_ranks r using unnest(removed) x
      where r.family = x.family and r.user_id = x.user_id and r.grp = x.grp and r.at = x.at and r.tie = x.tie;
  end if;
  insert into record_ranks (family, user_id, grp, at, tie, rank, key) select x.family, x.user_id, x.grp, x.at, x.tie, 0, x.key from unnest(added) x;
  -- Each changed space (one statement each: a range of its primary key) from its earliest change on, each row by its ctid.
  for s in
    select distinct on (c.family, c.user_id, c.grp) c.family, c.user_id, c.grp, c.at, c.tie
    from (select * from unnest(removed) union all select * from unnest(added)) c order by c.family, c.user_id, c.grp, c.at, c.tie
  loop
    base := coalesce((select p.rank from record_ranks p where p.family = s.family and p.user_id = s.user_id and p.grp = s.grp
      and (p.at, p.tie) < (s.at, s.tie) order by p.at desc, p.tie desc limit 1), 0);
    update record_ranks r set rank = n.rank
    from (select q.ctid as row_id, q.rank as was, base + row_number() over (order by q.at, q.tie) as rank from record_ranks q
      where q.family = s.family and q.user_id = s.user_id and q.grp = s.grp and (q.at, q.tie) >= (s.at, s.tie)) n
    where r.ctid = n.row_id and n.was <> n.rank;
  end loop;
end
$$;

-- The statement triggers of a records table (TG_ARGV[0] its entries function): the entries of the rows a statement
-- removed and added; an update that changes none of a row's entries (most do not) changes nothing.
create function record_ranks_sync() returns trigger language plpgsql as $$
declare
  removed record_rank_entry[] := '{}';
  added record_rank_entry[] := '{}';
  kept record_rank_entry[];
begin
  if TG_OP in ('UPDATE', 'DELETE') then
    execute format('select coalesce(array_agg(e), ''{}'') from old_rows o, lateral %I(o) e', TG_ARGV[0]) into removed;
  end if;
  if TG_OP in ('UPDATE', 'INSERT') then
    execute format('select coalesce(array_agg(e), ''{}'') from new_rows n, lateral %I(n) e', TG_ARGV[0]) into added;
  end if;
  if TG_OP = 'UPDATE' then
    kept := removed;
    select coalesce(array_agg(x), '{}') into removed from (select * from unnest(removed) except all select * from unnest(added)) x;
    select coalesce(array_agg(x), '{}') into added from (select * from unnest(added) except all select * from unnest(kept)) x;
  end if;
  perform record_ranks_change(removed, added);
  return null;
end
$$;

-- Every rank from the rows (the backfill below; a truncated records table rebuilds them).
create function record_ranks_rebuild() returns void language plpgsql as $$
begin
  delete from record_ranks;
  insert into record_ranks (family, user_id, grp, at, tie, rank, key)
    select e.family, e.user_id, e.grp, e.at, e.tie, row_number() over (partition by e.family, e.user_id, e.grp order by e.at, e.tie), e.key
    from (
      select e.* from wallet_deposits r, lateral wallet_deposits_rank_entries(r) e
      union all select e.* from wallet_withdrawals r, lateral wallet_withdrawals_rank_entries(r) e
      union all select e.* from trade_transfers r, lateral trade_transfers_rank_entries(r) e
      union all select e.* from convert_orders r, lateral convert_orders_rank_entries(r) e
      union all select e.* from otc_orders r, lateral otc_orders_rank_entries(r) e
      union all select e.* from loans r, lateral loans_rank_entries(r) e
    ) e;
end
$$;

create function record_ranks_truncated() returns trigger language plpgsql as $$
begin
  perform record_ranks_rebuild();
  return null;
end
$$;

-- Each records table's triggers: its entries on insert, update and delete; a truncate rebuilds every rank.
do $$
declare
  t text;
begin
  foreach t in array array['wallet_deposits', 'wallet_withdrawals', 'trade_transfers', 'convert_orders', 'otc_orders', 'loans'] loop
    execute format('create trigger %I after insert on %I referencing new table as new_rows for each statement execute function record_ranks_sync(%L)',
      t || '_ranks_insert', t, t || '_rank_entries');
    execute format('create trigger %I after update on %I referencing old table as old_rows new table as new_rows for each statement execute function record_ranks_sync(%L)',
      t || '_ranks_update', t, t || '_rank_entries');
    execute format('create trigger %I after delete on %I referencing old table as old_rows for each statement execute function record_ranks_sync(%L)',
      t || '_ranks_delete', t, t || '_rank_entries');
    execute format('create trigger %I after truncate on %I for each statement execute function record_ranks_truncated()', t || '_ranks_truncate', t);
  end loop;
end
$$;

-- The backfill: the ranks of the rows already there.
select record_ranks_rebuild();
