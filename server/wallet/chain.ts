import { randomBytes } from 'node:crypto';
import { addressFromBytes, NETWORKS, type Network } from '../../contract/chains.ts';
import type { Queryable } from '../platform/db/client.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { Account, Entry, post } from '../ledger/ledger.ts';
import { notify } from '../platform/notify.ts';
import { runAlone } from '../platform/job-lock.ts';
import { D } from '../platform/decimal.ts';

/**
 * The sandbox chain: deposit addresses, confirmations counted on the sandbox clock, and the moves that
 * follow from them. `sweep` is idempotent and safe to run from several places at once (a timer, the clock
 * control, every wallet read): each step is one conditional update and its ledger entry in one transaction.
 */

/** One address per user and network, made once, in the chain's real format with a valid checksum. */
export async function depositAddress(ctx: ApiContext, userId: number, network: Network): Promise<{ address: string; memo: string | null }> {
  const existing = await ctx.db.query<{ address: string; memo: string | null }>(
    'select address, memo from deposit_addresses where user_id = $1 and network = $2',
    [userId, network],
  );
  if (existing[0]) return existing[0];
  const address = addressFromBytes(network, randomBytes(32));
  await ctx.db.query(
    `insert into deposit_addresses (user_id, network, address, memo, created_at) values ($1, $2, $3, null, $4)
     on conflict (user_id, network) do nothing`,
    [userId, network, address, nowDate(ctx)],
  );
  // A parallel first call may have won; its address is the one.
  const rows = await ctx.db.query<{ address: string; memo: string | null }>(
    'select address, memo from deposit_addresses where user_id = $1 and network = $2',
    [userId, network],
  );
  return rows[0]!;
}

export function confirmationsAt(network: Network, since: Date | null, required: number, now: Date): number {
  if (!since) return 0;
  const blocks = Math.floor((now.getTime() - since.getTime()) / (NETWORKS[network].blockSeconds * 1000));
  return Math.max(0, Math.min(required, blocks));
}

/** Each network's block time, as a SQL table (constants of contract/chains.ts, no input reaches it). */
const blockTimes = `(values ${Object.values(NETWORKS)
  .map((n) => `('${n.network}', ${n.blockSeconds * 1000})`)
  .join(', ')}) as b(network, ms)`;

/**
 * Credits deposits with enough confirmations, completes broadcast withdrawals, expires unconfirmed ones: three
 * queries whatever the number of networks, then one transaction per record that moves.
 */
export async function sweep(ctx: ApiContext): Promise<void> {
  const now = nowDate(ctx);
  const deposits = await ctx.db.query<{ id: string }>(
    `select d.id::text as id from wallet_deposits d join ${blockTimes} on b.network = d.network
     where d.status = 'deposit_pending' and d.seen_at + d.confirmations_required * b.ms * interval '1 millisecond' <= $1
     order by d.id limit 500`,
    [now],
  );
  for (const { id } of deposits) await creditDeposit(ctx, id, now);
  // One statement completes them all; its message per withdrawal is written in the same transaction.
  await ctx.db.transaction(async (tx) => {
    const paid = await tx.query<{ id: string; user_id: number; asset: string; amount: string }>(
      `update wallet_withdrawals w set status = 'withdraw_complete', completed_at = $1, updated_at = $1 from ${blockTimes}
       where b.network = w.network and w.status = 'withdraw_pending'
         and w.broadcast_at + w.confirmations_required * b.ms * interval '1 millisecond' <= $1
       returning w.id::text as id, w.user_id, w.asset, w.amount::text as amount`,
      [now],
    );
    for (const row of paid) await notifyWithdrawal(tx, 'withdrawalPaid', 'coin', row, now);
  });
  const expired = await ctx.db.query<{ id: string }>(
    `select id::text as id from wallet_withdrawals where status = 'unconfirmed' and expires_at <= $1 order by id limit 500`,
    [now],
  );
  for (const { id } of expired) await ctx.db.transaction((tx) => cancelUnconfirmed(tx, id, now));
  for (const job of ctx.timed) await job();
}

async function creditDeposit(ctx: ApiContext, id: string, now: Date): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const rows = await tx.query<{ user_id: number; asset: string; network: Network; amount: string }>(
      `update wallet_deposits set status = 'deposit_complete', completed_at = $2 where id = $1 and status = 'deposit_pending'
       returning user_id, asset, network, amount::text as amount`,
      [id, now],
    );
    const row = rows[0];
    if (!row) return; // credited by another sweep meanwhile
    const amount = new D(row.amount);
    await post(
      tx,
      new Entry('deposit', `deposit:${id}`, row.user_id).user(row.user_id, Account.capital, row.asset, amount).provider(`chain:${row.network}`, row.asset, amount.neg()),
      now,
    );
    await notify(tx, row.user_id, 'depositCredited', { channel: 'coin', asset: row.asset, amount: amount.toFixed(), recordId: `D${id}` }, `deposit:${id}`, now);
  });
}

/** The message of a withdrawal's end (paid or failed), keyed by the withdrawal so each tells once. */
export async function notifyWithdrawal(
  tx: Queryable,
  kind: 'withdrawalPaid' | 'withdrawalFailed',
  channel: 'coin' | 'fiat',
  row: { id: string; user_id: number; asset: string; amount: string },
  now: Date,
): Promise<void> {
  const params = { channel, asset: row.asset, amount: new D(row.amount).toFixed(), recordId: `${channel === 'fiat' ? 'FW' : 'W'}${row.id}` };
  await notify(tx, row.user_id, kind, params, `withdrawal:${row.id}`, now);
}

/**
 * A withdrawal that has not left ends (expired, cancelled by its user, or a fiat one refused by the provider):
 * its hold is released, once (a cancelled one no longer counts against the 24 hours' limit). Returns what ended, or
 * null when it was not in one of `from`'s states. `from` names the
 * states it may end from (coin: only unconfirmed; fiat: also approvalPending).
 */
export async function cancelUnconfirmed(
  tx: Queryable,
  id: string,
  now: Date,
  from: readonly string[] = ['unconfirmed'],
): Promise<{ id: string; user_id: number; asset: string; amount: string } | null> {
  const rows = await tx.query<{ user_id: number; asset: string; amount: string }>(
    `update wallet_withdrawals set status = 'cancelled', held = false, completed_at = $2, updated_at = $2
     where id = $1 and status = any($3::text[]) and held returning user_id, asset, amount::text as amount`,
    [id, now, from],
  );
  const row = rows[0];
  if (!row) return null;
  await post(tx, new Entry('withdraw_release', `withdrawal:${id}`, row.user_id).release(row.user_id, Account.capital, row.asset, new D(row.amount)), now);
  return { id, user_id: row.user_id, asset: row.asset, amount: row.amount };
}

/**
 * Runs `sweep` every `intervalMs` until the returned stop is called; errors are reported, not thrown. With several
 * processes on one database, one sweeps at a time (job-lock.ts `runAlone`); the others skip that tick. The sweeps a
 * read runs first stay as they are: each step is a conditional update, so a sweep that meets another changes nothing twice.
 */
export function startSweeper(ctx: ApiContext, intervalMs: number, onError: (error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runAlone(ctx.db, 'chain-sweeper', () => sweep(ctx))
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
