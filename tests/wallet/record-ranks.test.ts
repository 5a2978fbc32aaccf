import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../server/platform/db/client.ts';
import { migrate } from '../../server/platform/db/migrate.ts';
import { rankedPage, rankGroup, type RankSpace } from '../../server/platform/record-ranks.ts';
import { pageQuery, recordOrder } from '../../server/platform/records.ts';
import { coinRecordPage } from '../../server/wallet/coin-page.ts';
import { COIN_RECORD_COLUMNS, coinRecordSource, type CoinRecordFilter } from '../../server/wallet/records.ts';
import { fileDatabases } from '../api/pg-cluster.ts';
import { addUser } from '../support/record-user.ts';

/**
 * The records' ranks (migration 044, server/platform/record-ranks.ts): a page read by rank has exactly the rows,
 * order and total of the same page read with OFFSET over the rows, at every page, filter and order, after rows
 * inserted out of time order, updated (a status, an asset) and deleted, and after a burst of concurrent writers of
 * one user (on PostgreSQL, real connections racing); and the ranks kept by the triggers are the ranks the
 * migration's backfill (record_ranks_rebuild) computes from the rows. On PGlite and, where installed, PostgreSQL.
 */
const { backends } = fileDatabases('record_ranks');

const now = new Date('2026-11-24T12:00:00Z');
const window = { since: new Date(now.getTime() - 365 * 86_400_000), until: now };

/** A records family as its page reads it: table, time column (none: by id), the equality filters it ranks. */
const FAMILIES = {
  transfer: { table: 'trade_transfers', time: 'created_at', dims: { asset: 'asset', direction: 'direction' } },
  otc: { table: 'otc_orders', time: 'requested_at', dims: { mode: 'mode', status: 'status' } },
  loan: { table: 'loans', time: null, dims: { status: 'status', loan: 'loan_asset', collateral: 'collateral_asset' } },
} as const;
type Family = keyof typeof FAMILIES;

const TRANSFERS = `insert into trade_transfers (user_id, asset, amount, direction, created_at)
  select $1, (array['BTC', 'USDT', 'ETH'])[1 + g % 3], g, case when g % 4 = 0 then 'MAIN_FUNDING' else 'FUNDING_MAIN' end, $2::timestamptz - (g / 3) * interval '1 minute'
  from generate_series(1, $3) g order by random()`;
const OTC = `insert into otc_orders (user_id, request_id, mode, from_asset, to_asset, from_amount, to_amount, price, usd_value, status, requested_at)
  select $1, $4 || g, case when g % 3 = 0 then 'quote' else 'limit' end, 'USDT', 'BTC', 250000, 2.5, 0.00001, 250000,
    (array['open', 'settled', 'cancelled'])[1 + g % 3], $2::timestamptz - (g / 2) * interval '1 minute'
  from generate_series(1, $3) g order by random()`;
const LOANS = `insert into loans (user_id, request_id, loan_asset, collateral_asset, term_days, status, principal, principal_outstanding, collateral_amount,
    hourly_rate, late_hourly_rate, initial_ltv, margin_call_ltv, liquidation_ltv, borrowed_at, due_at)
  select $1, $4 || g, (array['USDT', 'USDC'])[1 + g % 2], (array['BTC', 'ETH'])[1 + (g / 2) % 2], 30, 1 + g % 5, 1000, 1000, 1, 0.000005, 0.00001,
    0.65, 0.8, 0.9, $2, $2::timestamptz + interval '30 days'
  from generate_series(1, $3) g order by random()`;

describe.each(backends)('records ranks ($name)', ({ url, skip }) => {
  let db: Db;
  let userId = 0;
  let other = 0;
  beforeAll(async () => {
    if (skip) return;
    db = await openDatabase({ databaseUrl: await url() });
    await migrate(db);
    userId = await addUser(db, 'ranks@example.com', '91234571', now);
    other = await addUser(db, 'ranks-other@example.com', '91234572', now);
    for (const [user, n, tag] of [[userId, 90, 'a'], [other, 25, 'b']] as const) {
      await db.query(TRANSFERS, [user, now, n]);
      await db.query(OTC, [user, now, n, `otc-${tag}-`]);
      await db.query(LOANS, [user, now, n, `loan-${tag}-`]);
    }
  }, 120_000);
  afterAll(async () => db?.close());

  /** Every page of a family's space, by rank and by OFFSET over the rows: the same rows and totals. */
  async function expectSamePages(family: Family, dim: string | null, value: string | number | null, order: 'asc' | 'desc'): Promise<number> {
    const f = FAMILIES[family];
    const column = dim === null ? null : (f.dims as Record<string, string>)[dim]!;
    const time = f.time ? `and ${f.time} >= $3 and ${f.time} < $4` : 'and $3::timestamptz is not null and $4::timestamptz is not null';
    const where = `user_id = $1 and ${column ? `${column}::text = $2` : '$2::text is null'} ${time}`;
    const params = [userId, value === null ? null : String(value), window.since, window.until];
    const orderBy = f.time ? recordOrder({ field: 'createdAt', order }).replace('created_at', f.time) : `id ${order}`;
    const grp = rankGroup([[dim ?? '', value]]);
    const ranked = rankedPage(family, userId, grp, f.time ? window : { since: new Date(0), until: window.until }, { field: 'createdAt', order });
    expect(ranked).toBeDefined();
    // `row_id`: an output column named `id` would turn the order by id into text order.
    const q = { select: 'id::text as row_id', from: f.table, where, order: orderBy, params, key: 'id' };
    const all = await db.query<{ row_id: string }>(`select id::text as row_id from ${f.table} where ${where} order by ${orderBy}`, params);
    for (let pageNum = 1; pageNum <= Math.ceil(all.length / 7) + 1; pageNum++) {
      const page = { pageNum, pageSize: 7 };
      const byRank = await pageQuery<{ row_id: string }>(db, { ...q, ranked }, page);
      const byOffset = await pageQuery<{ row_id: string }>(db, q, page);
      const label = `${family} ${dim}=${value} ${order} page ${pageNum}`;
      expect(byRank.rows, label).toEqual(all.slice((pageNum - 1) * 7, pageNum * 7));
      expect(byRank, label).toEqual(byOffset);
    }
    return all.length;
  }

  async function expectAllPages(): Promise<void> {
    let rows = 0;
    const cases: Array<[Family, string | null, string | number | null]> = [
      ['transfer', null, null],
      ['transfer', 'asset', 'BTC'],
      ['transfer', 'direction', 'MAIN_FUNDING'],
      ['otc', null, null],
      ['otc', 'status', 'settled'],
      ['otc', 'mode', 'quote'],
      ['loan', null, null],
      ['loan', 'status', 3],
      ['loan', 'collateral', 'ETH'],
    ];
    for (const [family, dim, value] of cases) for (const order of ['desc', 'asc'] as const) rows += await expectSamePages(family, dim, value, order);
    expect(rows).toBeGreaterThan(400);
  }

  /** The ranks the triggers kept are those the backfill computes from the rows. */
  async function expectRanksOfRows(): Promise<void> {
    const read = () => db.query(`select family, user_id, grp, at, tie::text, rank::text, key::text from record_ranks order by family, user_id, grp, rank`);
    const kept = await read();
    await db.query('select record_ranks_rebuild()');
    expect(kept).toEqual(await read());
    // Dense: each space's ranks are 1 … n.
    const gaps = await db.query(`select family, user_id, grp from record_ranks group by 1, 2, 3 having max(rank) <> count(*) or count(distinct rank) <> count(*)`);
    expect(gaps).toEqual([]);
  }

  it.skipIf(skip)('a page by rank is the OFFSET page, after rows inserted out of order, updated and deleted', async () => {
    await expectAllPages();
    await expectRanksOfRows();
    // One older than most, one at the same instant as others (a tie broken by id), a status and an asset changed, rows deleted.
    await db.query(`insert into trade_transfers (user_id, asset, amount, direction, created_at) values ($1, 'BTC', 1, 'MAIN_FUNDING', $2), ($1, 'ETH', 2, 'FUNDING_MAIN', $3)`, [
      userId,
      new Date(now.getTime() - 20 * 60_000 - 1),
      new Date(now.getTime() - 5 * 60_000),
    ]);
    await db.query(`update otc_orders set status = 'settled' where user_id = $1 and status = 'open' and id % 2 = 0`, [userId]);
    await db.query(`update trade_transfers set asset = 'USDT' where user_id = $1 and id % 5 = 0`, [userId]);
    await db.query(`update loans set status = 5 where user_id = $1 and id % 4 = 0`, [userId]);
    await db.query(`delete from trade_transfers where user_id = $1 and id % 7 = 0`, [userId]);
    await expectAllPages();
    await expectRanksOfRows();
  }, 120_000);

  it.skipIf(skip)('a coin page by rank is the OFFSET page of the union after a withdrawal leaves "unconfirmed"', async () => {
    await db.query(
      `insert into wallet_withdrawals (user_id, request_id, kind, asset, network, address, amount, fee, status, confirmations_required, created_at, updated_at)
       select $1, 'w-' || g, 'coin', (array['BTC', 'USDT'])[1 + g % 2], 'ETH', 'addr', 1, 0.01, (array['unconfirmed', 'withdraw_pending'])[1 + g % 2], 12, ts, ts
       from (select g, $2::timestamptz - g * interval '1 minute' as ts from generate_series(1, 40) g) s order by random()`,
      [userId, now],
    );
    await db.query(`update wallet_withdrawals set status = 'cancelled' where user_id = $1 and status = 'unconfirmed' and substr(request_id, 3)::int % 4 = 0`, [userId]);
    for (const filter of [{ days: 365 }, { days: 365, status: 'cancelled' }, { days: 365, asset: 'BTC' }] satisfies CoinRecordFilter[]) {
      const { from, where, params } = coinRecordSource(userId, filter, now);
      const all = await db.query(`select ${COIN_RECORD_COLUMNS} from ${from} where ${where} order by ${recordOrder(undefined, 'amount', 'type, id')}`, params);
      expect(all.length).toBeGreaterThan(5);
      for (let pageNum = 1; pageNum <= Math.ceil(all.length / 6) + 1; pageNum++) {
        const got = await coinRecordPage(db, userId, filter, now, 'desc', { pageNum, pageSize: 6 });
        expect(got.rows, `${JSON.stringify(filter)} page ${pageNum}`).toEqual(all.slice((pageNum - 1) * 6, pageNum * 6));
        expect(got.total).toBe(all.length);
      }
    }
    await expectRanksOfRows();
  }, 120_000);

  it.skipIf(skip)('concurrent writers of one user rank their rows one after the other, with no rank twice', async () => {
    // Each transaction sleeps a little before and after its writes, so the order of the commits is not the order
    // of the transactions' times (now() is the transaction's start), and updates race the inserts.
    const writers = Array.from({ length: 40 }, (_, i) =>
      db.transaction(async (tx) => {
        await tx.query('select pg_sleep($1)', [Math.random() * 0.02]);
        if (i % 4 === 3) {
          await tx.query(`update otc_orders set status = 'cancelled' where user_id = $1 and id = (select min(id) from otc_orders where user_id = $1 and status = 'open')`, [userId]);
        } else {
          await tx.query(`insert into trade_transfers (user_id, asset, amount, direction, created_at) values ($1, $2, 1, 'MAIN_FUNDING', now()), ($1, 'ETH', 1, 'FUNDING_MAIN', now())`, [
            userId,
            i % 2 ? 'BTC' : 'USDT',
          ]);
          await tx.query(`insert into loans (user_id, request_id, loan_asset, collateral_asset, term_days, status, principal, principal_outstanding, collateral_amount,
              hourly_rate, late_hourly_rate, initial_ltv, margin_call_ltv, liquidation_ltv, borrowed_at, due_at)
            values ($1, $2, 'USDT', 'BTC', 30, 1, 1000, 1000, 1, 0.000005, 0.00001, 0.65, 0.8, 0.9, now(), now() + interval '30 days')`, [userId, `burst-${i}`]);
        }
        await tx.query('select pg_sleep($1)', [Math.random() * 0.02]);
      }),
    );
    await Promise.all(writers);
    const burst = await db.query<{ n: number }>(`select count(*)::int as n from trade_transfers where user_id = $1 and created_at > $2`, [userId, now]);
    expect(burst[0]!.n).toBe(60);
    // The burst's rows are newer than the window above: pages up to the end of time.
    window.until = new Date('9999-12-31T00:00:00Z');
    await expectAllPages();
    await expectRanksOfRows();
  }, 120_000);

  it.skipIf(skip)('a page with two filters has no rank space (its page reads the rows)', () => {
    expect(rankGroup([['asset', 'BTC'], ['direction', 'MAIN_FUNDING']])).toBeNull();
    expect(rankGroup([['asset', undefined], ['direction', null]])).toBe('');
    expect(rankGroup([['asset', 'HKD'], ['status', undefined]], 'type:deposit')).toBe('type:deposit/asset:HKD');
    const space: RankSpace = { family: 'transfer', userId, grp: '', ...window };
    expect(rankedPage('transfer', userId, '', window, { field: 'amount', order: 'desc' })).toBeUndefined();
    expect(rankedPage('transfer', userId, '', window)).toEqual({ space, order: 'desc' });
  });
});
