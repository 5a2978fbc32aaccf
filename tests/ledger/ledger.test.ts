import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../server/platform/db/client.ts';
import { migrate } from '../../server/platform/db/migrate.ts';
import { ledgerViolations } from '../../server/ledger/invariants.ts';
import { Account, Entry, post, UnbalancedEntry } from '../../server/ledger/ledger.ts';
import { D } from '../../server/platform/decimal.ts';
import { fileDatabases, postgresBin } from '../api/pg-cluster.ts';

/**
 * The ledger's posting rules on both databases: PGlite (the sandbox's default) and, when its binaries are
 * installed, a PostgreSQL server, where parallel postings really race for the same balance row.
 */
const { backends, cluster } = fileDatabases('ledger_unit');

const at = new Date('2026-11-24T00:00:00Z');

describe.each(backends)('ledger postings ($name)', ({ url, skip }) => {
  let db: Db;
  let userId: number;
  beforeAll(async () => {
    if (skip) return;
    const databaseUrl = await url();
    db = await openDatabase({ databaseUrl });
    await migrate(db);
    const rows = await db.query<{ id: number }>(
      `insert into users (email, email_lower, first_name, last_name, company_name, area_code, phone, whatsapp,
         preferred_language, password_hash, created_at, updated_at)
       values ('l@example.com', 'l@example.com', 'L', 'L', 'L Ltd', '+852', '91234567', '+85291234567', 'en-US', 'x', $1, $1) returning id`,
      [at],
    );
    userId = rows[0]!.id;
    await post(db, new Entry('demo_credit', 'test', userId).user(userId, Account.capital, 'USDT', new D(100)).provider('equity', 'USDT', new D(-100)), at);
  }, 60_000);
  afterAll(async () => db?.close());

  const free = async (account: number, asset: string) =>
    (await db.query<{ free: string; locked: string }>('select free::text, locked::text from balances where user_id = $1 and account_type = $2 and asset = $3', [userId, account, asset]))[0];

  it.skipIf(skip)('an entry whose legs do not sum to zero per asset is refused and writes nothing', async () => {
    const before = await db.query<{ n: string }>('select count(*)::text as n from ledger_postings');
    await expect(
      db.transaction((tx) => post(tx, new Entry('bad').user(userId, Account.capital, 'USDT', new D(5)).provider('equity', 'USDT', new D(-4)), at)),
    ).rejects.toBeInstanceOf(UnbalancedEntry);
    // Balanced in total but across two assets is still unbalanced per asset.
    await expect(
      db.transaction((tx) => post(tx, new Entry('bad').user(userId, Account.capital, 'USDT', new D(5)).provider('equity', 'BTC', new D(-5)), at)),
    ).rejects.toBeInstanceOf(UnbalancedEntry);
    await expect(
      db.transaction((tx) => post(tx, new Entry('bad').user(userId, Account.capital, 'USDT', new D('1e-19')).provider('equity', 'USDT', new D('-1e-19')), at)),
    ).rejects.toBeInstanceOf(UnbalancedEntry);
    expect(await db.query<{ n: string }>('select count(*)::text as n from ledger_postings')).toEqual(before);
    expect(await free(Account.capital, 'USDT')).toEqual({ free: '100.000000000000000000', locked: '0.000000000000000000' });
  });

  it.skipIf(skip)('a posting that would take a bucket below zero refuses the whole transaction', async () => {
    await expect(
      db.transaction(async (tx) => {
        await post(tx, new Entry('transfer').user(userId, Account.capital, 'USDT', new D(-60)).user(userId, Account.trade, 'USDT', new D(60)), at);
        await post(tx, new Entry('transfer').user(userId, Account.capital, 'USDT', new D(-60)).user(userId, Account.trade, 'USDT', new D(60)), at);
      }),
    ).rejects.toMatchObject({ code: 10101 });
    expect((await free(Account.capital, 'USDT'))?.free).toBe('100.000000000000000000');
    expect(await free(Account.trade, 'USDT')).toBeUndefined();
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it.skipIf(skip)('holds move free to locked and back, and the balances stay equal to the postings', async () => {
    await db.transaction((tx) => post(tx, new Entry('order_hold').hold(userId, Account.capital, 'USDT', new D('12.5')), at));
    expect(await free(Account.capital, 'USDT')).toEqual({ free: '87.500000000000000000', locked: '12.500000000000000000' });
    // A hold with no live order or withdrawal behind it is exactly what the invariant check reports.
    expect((await ledgerViolations(db)).map((v) => v.rule)).toEqual(['holdsBelongToLiveItems']);
    await db.transaction((tx) => post(tx, new Entry('order_release').release(userId, Account.capital, 'USDT', new D('12.5')), at));
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it.skipIf(skip)('a balance changed outside the ledger is caught by the invariant check', async () => {
    await db.query('update balances set free = free + 1 where user_id = $1 and account_type = 1', [userId]);
    expect((await ledgerViolations(db)).map((v) => v.rule)).toEqual(['balanceMatchesPostings']);
    await db.query('update balances set free = free - 1 where user_id = $1 and account_type = 1', [userId]);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it.skipIf(skip)('isolated margin that no posting put into the margin bucket is caught', async () => {
    await db.query(
      `insert into futures_positions (user_id, symbol, position_side, size, entry_price, isolated_margin, updated_at)
       values ($1, 'ETHUSDT', 'BOTH', 1, 2000, 100, $2)`,
      [userId, at],
    );
    expect((await ledgerViolations(db)).map((v) => v.rule)).toEqual(['marginMatchesPositions']);
    await db.query('delete from futures_positions where user_id = $1', [userId]);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it.skipIf(skip)('30 parallel transfers of 10 from a balance of 100: exactly 10 succeed, nothing is lost or counted twice', async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        db.transaction((tx) =>
          post(tx, new Entry('transfer').user(userId, Account.capital, 'USDT', new D(-10)).user(userId, Account.swap, 'USDT', new D(10)), at),
        ),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(10);
    for (const a of attempts) if (a.status === 'rejected') expect(a.reason).toMatchObject({ code: 10101 });
    expect((await free(Account.capital, 'USDT'))?.free).toBe('0.000000000000000000');
    expect((await free(Account.swap, 'USDT'))?.free).toBe('100.000000000000000000');
    expect(await ledgerViolations(db)).toEqual([]);
  });
});

describe('PostgreSQL deadlocks', () => {
  it.skipIf(!postgresBin)('two transactions that lock two balances in opposite order both commit: the deadlock victim runs again', async () => {
    const db = await openDatabase({ databaseUrl: await cluster()!.createDatabase('ledger_deadlock') });
    try {
      await migrate(db);
      const rows = await db.query<{ id: number }>(
        `insert into users (email, email_lower, first_name, last_name, company_name, area_code, phone, whatsapp,
           preferred_language, password_hash, created_at, updated_at)
         values ('d@example.com', 'd@example.com', 'D', 'D', 'D Ltd', '+852', '91234568', '+85291234568', 'en-US', 'x', $1, $1) returning id`,
        [at],
      );
      const userId = rows[0]!.id;
      for (const asset of ['USDT', 'BTC']) {
        await post(db, new Entry('demo_credit', 'test', userId).user(userId, Account.capital, asset, new D(100)).provider('equity', asset, new D(-100)), at);
      }
      // Both lock their first row, wait until the other has too, then ask for the other's row: a true cycle.
      let arrived = 0;
      let release: () => void = () => undefined;
      const bothLocked = new Promise<void>((resolve) => (release = resolve));
      const runs: number[] = [0, 0];
      const lockInOrder = (index: number, first: string, second: string) =>
        db.transaction(async (tx) => {
          runs[index]!++;
          await tx.query('select free from balances where user_id = $1 and account_type = 1 and asset = $2 for update', [userId, first]);
          if (runs[index] === 1 && ++arrived === 2) release();
          if (runs[index] === 1) await bothLocked;
          await tx.query('select free from balances where user_id = $1 and account_type = 1 and asset = $2 for update', [userId, second]);
          await post(tx, new Entry('transfer', null, userId).user(userId, Account.capital, first, new D(-1)).user(userId, Account.trade, first, new D(1)), at);
          return index;
        });
      const results = await Promise.all([lockInOrder(0, 'USDT', 'BTC'), lockInOrder(1, 'BTC', 'USDT')]);
      expect(results).toEqual([0, 1]);
      // One of them was the victim and ran a second time.
      expect(runs.sort()).toEqual([1, 2]);
      expect(await ledgerViolations(db)).toEqual([]);
    } finally {
      await db.close();
    }
  }, 60_000);
});
