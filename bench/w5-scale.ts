// W5 at scale: a records page of 20 rows for users with 10,000, 100,000 and 1,000,000 rows of one call family
// (server/README.md "Records pages"), over HTTP on loopback like the rest of W5, p50/p99 per family and size.
//
// Three kinds of page per family: "near" pages (a random page among the first 5,000 rows: the same work at every
// size, so its time must not grow with the user's rows — the gated figure), "deep" pages (a random page among the
// first quarter of all the rows, as W5 sampled before: an offset still skips index entries, so this grows with the
// page number, not with the rows after it), and for the calls with a cursor a page from a random cursor (keyset:
// flat at any depth). Beside them a primary-key lookup through the same HTTP path (one coin record by its id).
//
// The gated ratio does not depend on the machine: the near pages' p99 for the 10,000-row user ÷ the 1,000,000-row
// user's, measured one after the other in this process on one database (target ≥ 0.5: at most twice the time for
// 100× the rows). The seeded database is built once into a PGlite data directory in the OS temp directory, under a
// key of the migrations and this seed (SEED_VERSION), and reused by later runs: the 1M-row seed (one INSERT …
// SELECT generate_series per family and user) takes a minute or two on a busy 2-core machine.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase, type Db } from '../server/platform/db/client.ts';
import { loadMigrations } from '../server/platform/db/migrate.ts';
import { TestApi } from '../tests/api/helpers.ts';

export type Family = 'coin' | 'transfers' | 'otc' | 'loans' | 'spot';

export interface W5ScaleConfig {
  sizes: number[];
  families: Family[];
  samples: number;
}

type Figure = { p50: number; p99: number; samples: number };

export interface W5ScaleResult {
  sizes: number[];
  /** family → size → kind of page → figure. */
  families: Partial<Record<Family, Record<string, { near: Figure; deep: Figure; cursor?: Figure }>>>;
  pkLookup: Record<string, Figure>;
  seedMs: number;
  reused: boolean;
  /** Near pages of the coin records: p99 at the smallest size ÷ p99 at the largest (higher is better). */
  nearP99SmallVsLarge: number;
  targetNearRatio: number;
}

/** At most twice the time at the largest size as at the smallest: p99 small ÷ large ≥ 0.5. */
export const TARGET_NEAR_RATIO = 0.5;

/** Bump when a seed below changes: a new cache key. */
const SEED_VERSION = 1;
const PASSWORD = 'Passw0rd!x';
const emailOf = (size: number) => `w5-${size}@firm.test`;

/** One family: its seed ($1 user, $2 now, $3 rows, $4 a tag unique per user) and the body of a page request. */
const FAMILIES: Record<Family, { path: string; seed: string; body: (pageNum: number, i: number) => unknown; cursor?: { table: string; body: (cursor: number) => unknown } }> = {
  coin: {
    path: '/account/block/pageBlockDepositWithdraw',
    seed: `insert into wallet_deposits (user_id, kind, asset, network, address, tx_hash, amount, status, confirmations_required, seen_at, created_at, completed_at)
      select $1, 'coin', case when g % 2 = 0 then 'BTC' else 'USDT' end, case when g % 2 = 0 then 'BTC' else 'ETH' end, 'bench-address',
        $4 || g, ((g % 997) + 1)::numeric / 100, 'deposit_complete', 12, ts, ts, ts
      from (select g, $2::timestamptz - (g * 300.0 / $3)::float8 * interval '1 day' as ts from generate_series(1, $3) g) s`,
    body: (pageNum, i) => ({ pageCondition: { pageNum, pageSize: 20 }, queryCondition: [{ asset: 'BTC', days: 365 }, { status: 'deposit_complete', days: 365 }, { days: 365 }][i % 3] }),
  },
  transfers: {
    path: '/account/wallet/transfer/page',
    seed: `insert into trade_transfers (user_id, asset, amount, direction, created_at)
      select $1, case when g % 2 = 0 then 'BTC' else 'USDT' end, ((g % 997) + 1)::numeric / 100, case when g % 3 = 0 then 'MAIN_FUNDING' else 'FUNDING_MAIN' end,
        $2::timestamptz - (g * 300.0 / $3)::float8 * interval '1 day'
      from generate_series(1, $3) g`,
    body: (pageNum, i) => ({ pageCondition: { pageNum, pageSize: 20 }, queryCondition: [{ asset: 'BTC', days: 365 }, { type: 'FUNDING_MAIN', days: 365 }, { days: 365 }][i % 3] }),
    cursor: {
      table: 'trade_transfers',
      body: (cursor) => ({ cursorCondition: { cursor: String(cursor), pageSize: 20, searchDirection: 'after' } }),
    },
  },
  otc: {
    path: '/institution/block/pageBlockOrderRecord',
    seed: `insert into otc_orders (user_id, request_id, mode, from_asset, to_asset, from_amount, to_amount, price, usd_value, status, requested_at)
      select $1, $4 || g, 'limit', 'USDT', 'BTC', 250000, 2.5, 0.00001, 250000, case when g % 3 = 0 then 'cancelled' else 'settled' end,
        $2::timestamptz - (g * 300.0 / $3)::float8 * interval '1 day'
      from generate_series(1, $3) g`,
    body: (pageNum, i) => ({ pageCondition: { pageNum, pageSize: 20 }, queryCondition: [{ status: 'settled', days: 365 }, { mode: 'limit', days: 365 }, { days: 365 }][i % 3] }),
  },
  loans: {
    path: '/loan/pageLoanOrder',
    seed: `insert into loans (user_id, request_id, loan_asset, collateral_asset, term_days, status, principal, principal_outstanding, collateral_amount,
        hourly_rate, late_hourly_rate, initial_ltv, margin_call_ltv, liquidation_ltv, borrowed_at, due_at, closed_at)
      select $1, $4 || g, 'USDT', 'BTC', 30, 5, 1000, 0, 0, 0.000005, 0.00001, 0.65, 0.8, 0.9, ts, ts + interval '30 days', ts + interval '1 day'
      from (select g, $2::timestamptz - (g * 300.0 / $3)::float8 * interval '1 day' as ts from generate_series(1, $3) g) s`,
    body: (pageNum, i) => ({ pageCondition: { pageNum, pageSize: 20 }, queryCondition: [{ status: 5 }, { loanAsset: 'USDT' }, {}][i % 3] }),
  },
  spot: {
    path: '/broker/spot/order/pageOrder',
    seed: `insert into trade_orders (user_id, market, symbol, side, price_type, price, quantity, filled_qty, fee_asset, status, locked_asset, created_at, updated_at)
      select $1, 'spot', case when g % 4 = 0 then 'ETHUSDT' else 'BTCUSDT' end, case when g % 2 = 0 then 'buy' else 'sell' end, 'limit', 50000, 0.01, 0.01,
        'USDT', 'filled', 'USDT', ts, ts
      from (select g, $2::timestamptz - (g * 300.0 / $3)::float8 * interval '1 day' as ts from generate_series(1, $3) g) s`,
    // spot history has only a cursor (no pageNum): its "near" and "deep" pages start at a cursor that far in.
    body: () => ({}),
    cursor: {
      table: 'trade_orders',
      body: (cursor) => ({ cursorCondition: { cursor: String(cursor), pageSize: 20, searchDirection: 'after' }, queryCondition: {} }),
    },
  },
};

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const figure = (times: number[]): Figure => ({ p50: quantile(times, 0.5), p99: quantile(times, 0.99), samples: times.length });

/** `td-w5-scale-<this configuration>-<the migrations and the seed>` in the OS temp directory. */
function cacheDir(config: W5ScaleConfig): { dir: string; stale: string[] } {
  const digest = (parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 12);
  const prefix = `td-w5-scale-${digest([config.sizes.join(','), [...config.families].sort().join(',')])}-`;
  const name = prefix + digest([String(SEED_VERSION), ...loadMigrations().map((m) => `${m.version}\0${m.sql}`)]);
  // The same configuration under earlier migrations or seeds is of no further use (a 1M-row directory is ~1.2 GB, 0.7 GB of it write-ahead log).
  const stale = readdirSync(tmpdir()).filter((n) => n.startsWith(prefix) && n !== name && !n.includes('.partial-'));
  return { dir: path.join(tmpdir(), name), stale: stale.map((n) => path.join(tmpdir(), n)) };
}

/** Registers one user per size and seeds every family for each, then vacuums (PGlite has no autovacuum). */
async function build(dir: string, config: W5ScaleConfig): Promise<void> {
  const partial = `${dir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  const db = await openDatabase({ dataDir: partial, migrated: true });
  const api = await TestApi.start({ db });
  try {
    const now = new Date(api.clock.now());
    for (const size of config.sizes) {
      await api.register(PASSWORD, emailOf(size));
      const id = (await db.query<{ id: number }>('select id from users where email_lower = $1', [emailOf(size)]))[0]!.id;
      // The rows without their triggers (one INSERT … SELECT of a million rows renumbered as it goes would take many
      // minutes), then their ranks (migration 044) as the migration's backfill builds them.
      await db.exec(`set session_replication_role = replica`);
      for (const family of config.families) {
        const { seed } = FAMILIES[family];
        await db.query(seed, seed.includes('$4') ? [id, now, size, `w5-${family}-${size}-`] : [id, now, size]);
      }
      await db.exec(`set session_replication_role = origin`);
    }
    await db.query('select record_ranks_rebuild()');
    await db.exec('vacuum analyze');
  } finally {
    await api.close();
    await db.close();
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
}

export async function runW5Scale(config: W5ScaleConfig): Promise<W5ScaleResult> {
  const { dir, stale } = cacheDir(config);
  for (const old of stale) rmSync(old, { recursive: true, force: true });
  const reused = existsSync(dir);
  const t0 = performance.now();
  if (!reused) await build(dir, config);
  const seedMs = performance.now() - t0;
  const db: Db = await openDatabase({ dataDir: dir, migrated: true });
  const api = await TestApi.start({ db });
  try {
    const result: W5ScaleResult = { sizes: config.sizes, families: {}, pkLookup: {}, seedMs, reused, nearP99SmallVsLarge: 0, targetNearRatio: TARGET_NEAR_RATIO };
    // One user per size; the sizes are interleaved request by request, so a burst of load on the machine falls on each.
    const users = [];
    for (const size of config.sizes) {
      const token = await api.token(emailOf(size), PASSWORD);
      const userId = (await db.query<{ id: number }>('select id from users where email_lower = $1', [emailOf(size)]))[0]!.id;
      const call = async (route: string, body: unknown): Promise<number> => {
        const start = performance.now();
        const reply = await api.call<{ list?: unknown[]; dataList?: unknown[] }>('POST', route, { token, body });
        const ms = performance.now() - start;
        const rows = reply.data?.list ?? reply.data?.dataList;
        if (reply.code !== 200 || !rows || rows.length === 0) throw new Error(`${route} ${JSON.stringify(body)}: ${JSON.stringify(reply).slice(0, 300)}`);
        return ms;
      };
      users.push({ size, userId, call });
    }
    const idRange = async (table: string, userId: number) =>
      (await db.query<{ lo: number; hi: number }>(`select min(id)::int as lo, max(id)::int as hi from ${table} where user_id = $1`, [userId]))[0]!;
    for (const family of config.families) {
      const f = FAMILIES[family];
      const runs = [];
      for (const u of users) {
        const ids = f.cursor ? await idRange(f.cursor.table, u.userId) : null;
        // Warm-up: the first requests of a user pay for its session and the planner's caches.
        await u.call(f.path, family === 'spot' ? f.cursor!.body(ids!.hi) : f.body(1, 2));
        runs.push({ u, ids, near: [] as number[], deep: [] as number[], cursor: [] as number[] });
      }
      for (let i = 0; i < config.samples; i++) {
        for (const { u, ids, near, deep, cursor } of runs) {
          // Among the first 5,000 rows (a filter that keeps half the rows still fills the page).
          const nearPage = 1 + Math.floor(Math.random() * Math.min(250, u.size / 40));
          const deepPage = 1 + Math.floor(Math.random() * Math.floor(u.size / 20 / 4));
          if (family === 'spot') {
            // Newest first: a cursor `n` rows in is the id n below the newest.
            near.push(await u.call(f.path, f.cursor!.body(ids!.hi - (nearPage - 1) * 20)));
            deep.push(await u.call(f.path, f.cursor!.body(ids!.hi - (deepPage - 1) * 20)));
            continue;
          }
          near.push(await u.call(f.path, f.body(nearPage, i)));
          // Deep pages every other sample: at 1M rows one costs what it skips.
          if (i % 2 === 0) deep.push(await u.call(f.path, f.body(deepPage, i)));
          if (f.cursor && ids) cursor.push(await u.call('/broker/lightning/transfer/pageTransfer', f.cursor.body(ids.lo + 21 + Math.floor(Math.random() * (ids.hi - ids.lo - 21)))));
        }
      }
      for (const { u, near, deep, cursor } of runs) {
        (result.families[family] ??= {})[String(u.size)] = { near: figure(near), deep: figure(deep), ...(cursor.length ? { cursor: figure(cursor) } : {}) };
      }
    }
    if (config.families.includes('coin')) {
      const runs = [];
      for (const u of users) runs.push({ u, range: await idRange('wallet_deposits', u.userId), times: [] as number[] });
      for (let i = 0; i < config.samples; i++) {
        for (const { u, range, times } of runs) {
          const id = range.lo + Math.floor(Math.random() * (range.hi - range.lo + 1));
          times.push(await u.call(FAMILIES.coin.path, { pageCondition: { pageNum: 1, pageSize: 20 }, queryCondition: { recordId: `D${id}` } }));
        }
      }
      for (const { u, times } of runs) result.pkLookup[String(u.size)] = figure(times);
    }
    const coin = result.families.coin;
    const small = coin?.[String(config.sizes[0])]?.near.p99;
    const large = coin?.[String(config.sizes[config.sizes.length - 1])]?.near.p99;
    result.nearP99SmallVsLarge = small !== undefined && large !== undefined ? small / Math.max(0.001, large) : 0;
    return result;
  } finally {
    await api.close();
    await db.close();
  }
}
