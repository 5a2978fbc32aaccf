import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../server/platform/db/client.ts';
import { migrate } from '../../server/platform/db/migrate.ts';
import { countLimit, pageQuery, RECORD_COUNT_CAP, recordOrder, totalCapped } from '../../server/platform/records.ts';
import { coinRecordPage } from '../../server/wallet/coin-page.ts';
import { fiatRecordPage, recordSource as fiatRecordSource } from '../../server/wallet/fiat-records.ts';
import type { WalletRecordFilter } from '../../server/wallet/coin-page.ts';
import { COIN_RECORD_COLUMNS, coinRecordSource, type CoinRecordFilter } from '../../server/wallet/records.ts';
import { timeWindow } from '../../server/platform/time-window.ts';
import { fileDatabases } from '../api/pg-cluster.ts';
import { addUser as addUserAt } from '../support/record-user.ts';

/**
 * The records pages at scale (server/README.md "Records pages"; spec §9 page sizes): the per-table coin page and
 * the deferred join return the same rows in the same order as the plain query over the union (OFFSET, exact
 * count) on every page of a small data set, at every filter and both orders; the count is exact up to the cap past
 * the page and stops one past it. On PGlite and, where installed, PostgreSQL.
 */
const { backends } = fileDatabases('record_pages');

const now = new Date('2026-11-24T12:00:00Z');
const at = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const addUser = (db: Db, email: string, phone: string) => addUserAt(db, email, phone, now);

/** `count` deposits and withdrawals of a user, every third pair at the same instant (ties), mixed assets and states. */
async function seedRecords(db: Db, userId: number, count: number, tag: string): Promise<void> {
  await db.query(
    `insert into wallet_deposits (user_id, kind, asset, network, address, tx_hash, amount, status, confirmations_required, seen_at, created_at, completed_at)
     select $1, case when g % 11 = 0 then 'fiat' else 'coin' end, (array['BTC', 'USDT', 'ETH'])[1 + g % 3], 'ETH', 'addr-' || g,
       $4 || '-d-' || g, (g % 7 + 1)::numeric / 4, case when g % 4 = 0 then 'deposit_pending' else 'deposit_complete' end, 12, ts, ts, ts
     from (select g, $2::timestamptz - ((g / 3) * interval '1 minute') as ts from generate_series(1, $3) g) s`,
    [userId, now, count, tag],
  );
  await db.query(
    `insert into wallet_withdrawals (user_id, request_id, kind, asset, network, address, amount, fee, status, confirmations_required, created_at, updated_at)
     select $1, $4 || '-w-' || g, 'coin', (array['BTC', 'USDT', 'ETH'])[1 + g % 3], 'ETH', 'addr-' || g, (g % 5 + 1)::numeric / 2, 0.01,
       (array['unconfirmed', 'withdraw_pending', 'withdraw_complete', 'withdraw_failed'])[1 + g % 4], 12, ts, ts
     from (select g, $2::timestamptz - ((g / 2) * interval '1 minute') as ts from generate_series(1, $3) g) s`,
    [userId, now, Math.ceil(count * 0.6), tag],
  );
  // Fiat withdrawals go to a bank account of the user's book.
  const book = await db.query<{ id: number }>(
    `insert into address_book (user_id, kind, name, asset, beneficiary, bank_name, bank_code, account_number, usable_at, created_at)
     values ($1, 'fiat', 'Bank', 'HKD', 'R Ltd', 'HSBC', '004', $2, $3, $3) returning id`,
    [userId, `acct-${tag}`, now],
  );
  await db.query(
    `insert into wallet_withdrawals (user_id, request_id, kind, asset, address_book_id, amount, fee, status, created_at, updated_at)
     select $1, $4 || '-fw-' || g, 'fiat', (array['HKD', 'USD'])[1 + g % 2], $5, g, 1, (array['approvalPending', 'complete', 'cancelled', 'unconfirmed'])[1 + g % 4], ts, ts
     from (select g, $2::timestamptz - ((g / 2) * interval '1 minute') as ts from generate_series(1, $3) g) s`,
    [userId, now, Math.ceil(count * 0.3), tag, book[0]!.id],
  );
}

describe.each(backends)('records pages ($name)', ({ url, skip }) => {
  let db: Db;
  let userId = 0;
  let bigUser = 0;
  beforeAll(async () => {
    if (skip) return;
    db = await openDatabase({ databaseUrl: await url() });
    await migrate(db);
    userId = await addUser(db, 'pages@example.com', '91234561');
    const other = await addUser(db, 'other@example.com', '91234562');
    bigUser = await addUser(db, 'big@example.com', '91234563');
    await seedRecords(db, userId, 70, 'a');
    await seedRecords(db, other, 30, 'b');
  }, 120_000);
  afterAll(async () => db?.close());

  /** The page as the union query gave it before: every matching row sorted, OFFSET, an exact count(*). */
  async function unionPage(user: number, filter: CoinRecordFilter, order: 'asc' | 'desc', pageNum: number, pageSize: number) {
    const { from, where, params } = coinRecordSource(user, filter, now);
    const sql = `select ${COIN_RECORD_COLUMNS} from ${from} where ${where} order by ${recordOrder({ field: 'createdAt', order }, 'amount', 'type, id')}`;
    const all = await db.query<Record<string, unknown>>(sql, params);
    return { rows: all.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: all.length };
  }

  const filters: CoinRecordFilter[] = [
    { days: 365 },
    { days: 365, asset: 'BTC' },
    { days: 365, status: 'withdraw_pending' },
    { days: 365, status: 'deposit_complete', asset: 'ETH' },
    { days: 365, type: 'deposit' },
    { days: 365, type: 'withdraw', asset: 'USDT' },
    { startTime: at(20).toISOString(), endTime: at(5).toISOString() },
    // A record id names one record whatever the other filters say; a malformed or unknown one names none.
    { days: 7, asset: 'USDT', recordId: 'D5' },
    { days: 365, recordId: 'W6' },
    { days: 365, recordId: 'W1' },
    { days: 365, recordId: 'D99999' },
    { days: 365, recordId: 'X5' },
    { days: 365, recordId: 'D' },
  ];

  it.skipIf(skip)('the coin page has the union query’s rows, order and total on every page, filter and order', async () => {
    let compared = 0;
    for (const filter of filters) {
      for (const order of ['desc', 'asc'] as const) {
        for (const pageSize of [10, 20]) {
          const expected = await unionPage(userId, filter, order, 1, 1000);
          const pages = Math.ceil(expected.total / pageSize) + 1;
          for (let pageNum = 1; pageNum <= pages; pageNum++) {
            const want = await unionPage(userId, filter, order, pageNum, pageSize);
            const got = await coinRecordPage(db, userId, filter, now, order, { pageNum, pageSize });
            expect(got.rows, `${JSON.stringify(filter)} ${order} ${pageNum}×${pageSize}`).toEqual(want.rows);
            expect(got.total, `${JSON.stringify(filter)} ${order} ${pageNum}×${pageSize}`).toBe(want.total);
            compared += got.rows.length;
          }
        }
      }
    }
    // The data set has ties (same instant, both tables) and rows of another user and of the fiat kind, all excluded.
    expect(compared).toBeGreaterThan(500);
    expect((await unionPage(userId, { days: 365 }, 'desc', 1, 1000)).rows.some((r, i, all) => i > 0 && String(r['created_at']) === String(all[i - 1]!['created_at']))).toBe(true);
  });

  it.skipIf(skip)('the fiat page has the union query’s rows, order and total on every page, by type, asset, status and record id', async () => {
    const union = async (filter: WalletRecordFilter & { type: 'deposit' | 'withdraw' }, order: 'asc' | 'desc') => {
      const { since, until } = timeWindow(filter, now);
      const where = `type = $2 and case when $7::text is null
        then created_at >= $3 and created_at < $6 and ($4::text is null or asset = $4) and ($5::text is null or status = $5)
        else record_id = $7 end`;
      return db.query<Record<string, unknown>>(
        `select record_id, type, asset, amount::text as amount, fee::text as fee, status, reference, bank_reference, beneficiary, bank_name,
           account_number, created_at, completed_at from ${fiatRecordSource} where ${where} order by ${recordOrder({ field: 'createdAt', order })}`,
        [userId, filter.type, since, filter.asset ?? null, filter.status ?? null, until, filter.recordId ?? null],
      );
    };
    let compared = 0;
    for (const filter of [
      { type: 'deposit', days: 365 },
      { type: 'withdraw', days: 365 },
      { type: 'withdraw', days: 365, asset: 'USD', status: 'complete' },
      { type: 'withdraw', days: 365, recordId: 'FW2' },
      { type: 'deposit', days: 365, recordId: 'FW2' },
      { type: 'deposit', days: 7, recordId: 'FD11' },
      { type: 'deposit', days: 365, recordId: 'D11' },
    ] satisfies Array<WalletRecordFilter & { type: 'deposit' | 'withdraw' }>) {
      for (const order of ['desc', 'asc'] as const) {
        const all = await union(filter, order);
        for (let pageNum = 1; pageNum <= Math.ceil(all.length / 10) + 1; pageNum++) {
          const got = await fiatRecordPage(db, userId, filter, now, order, { pageNum, pageSize: 10 });
          expect(got.rows, `${JSON.stringify(filter)} ${order} ${pageNum}`).toEqual(all.slice((pageNum - 1) * 10, pageNum * 10));
          expect(got.total).toBe(all.length);
          compared += got.rows.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(50);
  });

  it.skipIf(skip)('the deferred join has the plain query’s rows on every page, ties included', async () => {
    const q = {
      select: `id, asset, amount::text as amount, status, created_at`,
      from: 'wallet_deposits',
      where: `user_id = $1 and kind = 'coin' and ($2::text is null or asset = $2)`,
      params: [userId, null] as unknown[],
    };
    for (const sort of [undefined, { field: 'amount', order: 'asc' }, { field: 'createdAt', order: 'asc' }] as const) {
      for (const asset of [null, 'USDT']) {
        const params = [userId, asset];
        const order = recordOrder(sort);
        const all = await db.query(`select ${q.select} from ${q.from} where ${q.where} order by ${order}`, params);
        for (let pageNum = 1; pageNum <= Math.ceil(all.length / 10) + 1; pageNum++) {
          const page = { pageNum, pageSize: 10 };
          const deferred = await pageQuery(db, { ...q, params, order, key: 'id' }, page);
          const plain = await pageQuery(db, { ...q, params, order }, page);
          const want = all.slice((pageNum - 1) * 10, pageNum * 10);
          expect(deferred.rows, `${JSON.stringify(sort)} ${asset} page ${pageNum}`).toEqual(want);
          expect(plain.rows).toEqual(want);
          expect(deferred.total).toBe(all.length);
          expect(plain.total).toBe(all.length);
        }
      }
    }
  });

  it.skipIf(skip)('the count is exact up to the cap past the page and stops one past it', async () => {
    const page = { pageNum: 1, pageSize: 10 };
    const limit = countLimit(page);
    expect(limit).toBe(10 + RECORD_COUNT_CAP);
    // Exactly the limit: exact. One more than the limit: still the truth. Two more: capped at limit + 1.
    const q = (n: number) => ({ select: 'g', from: `generate_series(1, ${n}) g`, where: 'true', order: 'g desc', params: [] });
    for (const [rows, total] of [
      [limit - 1, limit - 1],
      [limit, limit],
      [limit + 1, limit + 1],
      [limit + 2, limit + 1],
      [limit + 5000, limit + 1],
    ] as const) {
      const got = await pageQuery<{ g: number }>(db, q(rows), page);
      expect(got.rows.map((r) => r.g)).toEqual(Array.from({ length: 10 }, (_, i) => rows - i));
      expect(got.total, `${rows} rows`).toBe(total);
      expect(totalCapped(got.total, page)).toBe(rows > limit);
    }
    // A deeper page counts as far past itself: page 1,000 of 20 sees the 30,000 rows exactly.
    const deep = await pageQuery<{ g: number }>(db, q(30_000), { pageNum: 1000, pageSize: 20 });
    expect(deep.total).toBe(30_000);
    expect(deep.rows[0]!.g).toBe(30_000 - 999 * 20);
  });

  it.skipIf(skip)('the coin page caps its count the same way over both tables', async () => {
    // 10,020 deposits (910 of them fiat) and 6,012 withdrawals (a quarter unconfirmed): 9,110 + 4,509 coin records.
    await seedRecords(db, bigUser, 10_020, 'big');
    expect((await unionPage(bigUser, { days: 365 }, 'desc', 1, 20)).total).toBe(13_619);
    const page = { pageNum: 1, pageSize: 20 };
    const first = await coinRecordPage(db, bigUser, { days: 365 }, now, 'desc', page);
    expect(first.rows).toEqual((await unionPage(bigUser, { days: 365 }, 'desc', 1, 20)).rows);
    expect(first.total).toBe(countLimit(page) + 1);
    expect(totalCapped(first.total, page)).toBe(true);
    // Near the end the count is exact again, and the last page is short.
    const last = { pageNum: Math.ceil(13_619 / 20), pageSize: 20 };
    const tail = await coinRecordPage(db, bigUser, { days: 365 }, now, 'desc', last);
    expect(tail.total).toBe(13_619);
    expect(tail.rows).toHaveLength(13_619 % 20);
    expect(tail.rows).toEqual((await unionPage(bigUser, { days: 365 }, 'desc', last.pageNum, 20)).rows);
    const fewer = await coinRecordPage(db, bigUser, { days: 365, asset: 'BTC', type: 'withdraw' }, now, 'asc', page);
    expect(fewer.total).toBe((await unionPage(bigUser, { days: 365, asset: 'BTC', type: 'withdraw' }, 'asc', 1, 20)).total);
  }, 120_000);
});
