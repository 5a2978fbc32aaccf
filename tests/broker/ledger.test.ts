import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileDatabases } from '../api/pg-cluster.ts';
import { Code } from '../../contract/codes.ts';
import type { ApiError } from '../../server/platform/envelope.ts';
import { openBrokerAccount } from '../../server/broker/accounts.ts';
import { openBrokerOrg } from '../../server/broker/org.ts';
import { loadSecretBox, secretBox } from '../../server/broker/secrets.ts';
import { type Db, openDatabase } from '../../server/platform/db/client.ts';
import { migrate } from '../../server/platform/db/migrate.ts';
import { ledgerViolations } from '../../server/ledger/invariants.ts';
import { Entry, post } from '../../server/ledger/ledger.ts';
import { D } from '../../server/platform/decimal.ts';

/**
 * Broker sub-accounts on the ledger (server/ledger, server/broker/accounts.ts): the seeded year of history, the
 * non-negative wallets under parallel spends, and the sealed key secrets. PGlite and, where its binaries are
 * installed, a PostgreSQL server, where parallel postings really race for the same wallet row.
 */
const { backends } = fileDatabases('broker_ledger');

describe.each(backends)('broker sub-accounts on the ledger ($name)', ({ name, url, skip }) => {
  let db: Db;
  let orgId = '';
  let userId = 0;
  const now = new Date('2026-11-26T08:00:00Z');
  const YEAR_MS = 366 * 86_400_000;

  beforeAll(async () => {
    if (skip) return;
    db = await openDatabase({ databaseUrl: await url() });
    await migrate(db);
    const rows = await db.query<{ id: number }>(
      `insert into users (email, email_lower, first_name, last_name, company_name, preferred_language, password_hash, created_at, updated_at, broker_agreed_at)
       values ('ledger@broker.test', 'ledger@broker.test', 'F', 'L', 'Co', 'zh-HK', 'x', $1, $1, $1) returning id`,
      [now],
    );
    userId = rows[0]!.id;
    orgId = (await db.transaction((tx) => openBrokerOrg(tx, userId, now))).orgId;
  }, 60_000);
  afterAll(async () => db?.close());

  const open = (name: string, exchange: 'binance' | 'okx' = 'binance') =>
    db.transaction((tx) => openBrokerAccount(tx, { orgId, userId, exchange, kind: 'regular', name, remark: '', requestId: `req-${name}` }, now));

  it.skipIf(skip)('a new sub-account brings a year of history before the sandbox clock, every wallet non-negative, the ledger balanced', async () => {
    const { account, created } = await open('history1');
    expect(created).toBe(true);
    const span = await db.query<{ first: Date; last: Date; n: number }>(
      'select min(created_at) as first, max(created_at) as last, count(*)::int as n from ledger_transactions where broker_account_id = $1',
      [account.id],
    );
    expect(span[0]!.n).toBe(24);
    expect(now.getTime() - span[0]!.first.getTime()).toBeGreaterThan(330 * 86_400_000);
    expect(now.getTime() - span[0]!.first.getTime()).toBeLessThan(YEAR_MS);
    expect(span[0]!.last.getTime()).toBeLessThan(now.getTime());
    const wallets = await db.query<{ wallet: string }>('select distinct wallet from broker_balances where account_id = $1 and free > 0 order by wallet', [account.id]);
    expect(wallets.map((w) => w.wallet)).toEqual(['earn', 'funding', 'futures', 'spot']);
    // The deposits came from the exchange's provider account.
    const provider = await db.query<{ n: number }>("select count(*)::int as n from ledger_postings where provider_account = 'exchange:binance'");
    expect(provider[0]!.n).toBeGreaterThan(0);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  // Two fresh embedded sandboxes: once is enough.
  it.skipIf(name !== 'PGlite')('the history is deterministic: the same account opened in two sandboxes has the same uid and amounts', async () => {
    const fresh = async () => {
      const other = await openDatabase({ migrated: true });
      await migrate(other);
      const u = await other.query<{ id: number }>(
        `insert into users (email, email_lower, first_name, last_name, company_name, preferred_language, password_hash, created_at, updated_at)
         values ('x@broker.test', 'x@broker.test', 'F', 'L', 'Co', 'zh-HK', 'x', $1, $1) returning id`,
        [now],
      );
      const org = await other.transaction((tx) => openBrokerOrg(tx, u[0]!.id, now));
      const { account } = await other.transaction((tx) =>
        openBrokerAccount(tx, { orgId: org.orgId, userId: u[0]!.id, exchange: 'okx', kind: 'regular', name: 'same1', remark: '', requestId: 'r-same1' }, now),
      );
      const rows = await other.query<{ wallet: string; asset: string; free: string }>(
        'select wallet, asset, free::text as free from broker_balances where account_id = $1 order by wallet, asset',
        [account.id],
      );
      await other.close();
      return { uid: account.uid, rows: rows.map((r) => `${r.wallet}/${r.asset}/${r.free}`) };
    };
    const [a, b] = [await fresh(), await fresh()];
    expect(a.rows.length).toBeGreaterThan(8);
    expect(b).toEqual(a);
  }, 60_000);

  it.skipIf(skip)('a broker wallet never goes below zero: 20 parallel spends of a balance that covers 7, exactly 7 succeed', async () => {
    const { account } = await open('spender1');
    // Empty the spot USDT wallet to a known 70 by moving the rest back to the exchange.
    const spot = await db.query<{ free: string }>("select free::text as free from broker_balances where account_id = $1 and wallet = 'spot' and asset = 'USDT'", [account.id]);
    const excess = new D(spot[0]!.free).sub(70);
    await db.transaction((tx) => post(tx, new Entry('test', null, null, account.id).broker(account.id, 'spot', 'USDT', excess.neg()).provider('exchange:binance', 'USDT', excess), now));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        db.transaction((tx) =>
          post(tx, new Entry('test', null, null, account.id).broker(account.id, 'spot', 'USDT', new D(-10)).broker(account.id, 'futures', 'USDT', new D(10)), now),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as ApiError).code).toBe(Code.insufficientBalance);
    const after = await db.query<{ free: string }>("select free::text as free from broker_balances where account_id = $1 and wallet = 'spot' and asset = 'USDT'", [account.id]);
    expect(new D(after[0]!.free).isZero()).toBe(true);
    // A wallet that has no row cannot be spent either.
    const none = await db.transaction((tx) => post(tx, new Entry('test', null, null, account.id).broker(account.id, 'spot', 'DOGE', new D(-1)).provider('exchange:binance', 'DOGE', new D(1)), now)).catch((e: unknown) => e);
    expect((none as ApiError).code).toBe(Code.insufficientBalance);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it.skipIf(skip)('the invariants see a broker wallet that differs from its postings', async () => {
    const { account } = await open('tampered1');
    await db.query("update broker_balances set free = free + 1 where account_id = $1 and wallet = 'spot' and asset = 'USDT'", [account.id]);
    const found = await ledgerViolations(db);
    expect(found.map((v) => v.rule)).toContain('balanceMatchesPostings');
    await db.query("update broker_balances set free = free - 1 where account_id = $1 and wallet = 'spot' and asset = 'USDT'", [account.id]);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it.skipIf(skip)('the invariants see a broker hold without an application applying, and a decided one still holding', async () => {
    const { account } = await open('held1');
    const hold = (amount: string) =>
      db.transaction((tx) =>
        post(tx, new Entry('broker_transfer_hold', 'test', null, account.id).broker(account.id, 'spot', 'USDT', new D(amount).neg()).broker(account.id, 'spot', 'USDT', new D(amount), 'locked'), now),
      );
    await hold('10');
    expect((await ledgerViolations(db)).map((v) => v.rule)).toEqual(['holdsBelongToLiveItems']);
    const inserted = await db.query<{ id: string }>(
      `insert into broker_applications (org_id, type, status, from_account_id, from_wallet, to_account_id, to_wallet, asset, amount, applicant_id, request_id, created_at)
       values ($1, 'transfer', 'applying', $2, 'spot', $2, 'funding', 'USDT', 10, $3, 'held-1', $4) returning id::text as id`,
      [orgId, account.id, userId, now],
    );
    expect(await ledgerViolations(db)).toEqual([]);
    // Decided without releasing: the lock no longer belongs to an application applying.
    await db.query("update broker_applications set status = 'rejected' where id = $1", [inserted[0]!.id]);
    expect((await ledgerViolations(db)).map((v) => v.rule)).toEqual(['holdsBelongToLiveItems']);
    await db.query("update broker_applications set status = 'applying' where id = $1", [inserted[0]!.id]);
    // A partial release leaves 6 locked against 10 applied for.
    await hold('-4');
    expect((await ledgerViolations(db)).map((v) => v.rule)).toEqual(['holdsBelongToLiveItems']);
    await hold('-6');
    await db.query("update broker_applications set status = 'rejected' where id = $1", [inserted[0]!.id]);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it.skipIf(skip)('seals key secrets with AES-256-GCM: one key per sandbox, kept across loads; a moved or altered ciphertext does not open', async () => {
    const box = await loadSecretBox(db, now);
    const again = await loadSecretBox(db, now);
    const sealed = box.seal('the-secret', 'apikey-1');
    expect(sealed).not.toContain('the-secret');
    expect(sealed).not.toBe(box.seal('the-secret', 'apikey-1'));
    expect(again.open(sealed, 'apikey-1')).toBe('the-secret');
    expect(() => box.open(sealed, 'apikey-2')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('x' + Buffer.from(parts[3]!, 'base64url').toString('latin1').slice(1), 'latin1').toString('base64url');
    expect(() => box.open(parts.join('.'), 'apikey-1')).toThrow();
    expect(() => secretBox(Buffer.alloc(16))).toThrow();
  });
});
