import type Decimal from 'decimal.js';
import type { Queryable } from '../db/client.ts';
import { D, db } from '../trade/decimal.ts';
import { insufficient } from '../trade/errors.ts';

/** spec §3 account types. */
export const Account = { capital: 1, trade: 2, swap: 3 } as const;
export type AccountType = (typeof Account)[keyof typeof Account];

/** What part of a user's balance a posting moves: spendable, held by an order or withdrawal, isolated margin. */
export type Bucket = 'free' | 'locked' | 'margin';

/**
 * The provider's own accounts (the other side of every user posting):
 * - `equity`: the provider's capital (opening balances, demo credits);
 * - `market`: the exchange counterparty of the trading sandbox (what fills pay and receive, realised PnL);
 * - `fees`: fee income (trading fees, withdrawal fees);
 * - `chain:<network>`: the provider's wallet on a chain (deposits in, withdrawals out);
 * - `bank:<asset>`: the provider's bank account in a fiat currency;
 * - `desk`: the provider's convert and OTC desk (the other side of every convert);
 * - `loans`: the provider's lending book (principal lent out and repaid, collateral pledged to it).
 */
export type ProviderAccount = 'equity' | 'market' | 'fees' | 'desk' | 'loans' | `chain:${string}` | `bank:${string}`;

export type Leg =
  | { userId: number; account: AccountType; bucket: Bucket; asset: string; amount: Decimal }
  | { provider: ProviderAccount; asset: string; amount: Decimal };

/**
 * One ledger transaction being put together: its legs must sum to zero per asset when posted.
 *
 *   await post(tx, new Entry('transfer', `transfer:${id}`, userId)
 *     .user(userId, Account.capital, 'USDT', amount.neg())
 *     .user(userId, Account.trade, 'USDT', amount), at);
 */
export class Entry {
  readonly legs: Leg[] = [];
  constructor(
    readonly kind: string,
    readonly ref: string | null = null,
    readonly userId: number | null = null,
  ) {}

  user(userId: number, account: AccountType, asset: string, amount: Decimal, bucket: Bucket = 'free'): this {
    if (!amount.isZero()) this.legs.push({ userId, account, bucket, asset, amount });
    return this;
  }

  provider(provider: ProviderAccount, asset: string, amount: Decimal): this {
    if (!amount.isZero()) this.legs.push({ provider, asset, amount });
    return this;
  }

  /** Free → locked: an order or a withdrawal holds what it may spend. */
  hold(userId: number, account: AccountType, asset: string, amount: Decimal): this {
    return this.user(userId, account, asset, amount.neg(), 'free').user(userId, account, asset, amount, 'locked');
  }

  /** Locked → free: the hold ends without spending. */
  release(userId: number, account: AccountType, asset: string, amount: Decimal): this {
    return this.hold(userId, account, asset, amount.neg());
  }

  get isEmpty(): boolean {
    return this.legs.length === 0;
  }
}

/** A posting whose legs do not balance: a bug in the caller, never a user's mistake. */
export class UnbalancedEntry extends Error {}

function balanceKey(leg: Extract<Leg, { userId: number }>): string {
  return `${leg.userId}\u0000${leg.account}\u0000${leg.asset}`;
}

/**
 * Posts the entry inside the caller's transaction: one ledger transaction, its postings, and the user
 * balances moved by them. A user balance that would go below zero in any bucket refuses the whole database
 * transaction with 'Insufficient Balance' (spec §8), so nothing half-done is committed. Balance rows are
 * updated in a fixed order (user, account, asset), so two entries never wait on each other in a cycle.
 * Returns the ledger transaction id, or null for an entry with no legs.
 */
export async function post(tx: Queryable, entry: Entry, at: Date): Promise<string | null> {
  if (entry.isEmpty) return null;
  const sums = new Map<string, Decimal>();
  for (const leg of entry.legs) {
    // The columns keep 18 decimals: a finer leg would be cut on the way in and the sums would drift.
    if (leg.amount.decimalPlaces() > 18) throw new UnbalancedEntry(`${entry.kind}: ${leg.asset} leg ${leg.amount.toFixed()} has more than 18 decimals`);
    sums.set(leg.asset, (sums.get(leg.asset) ?? new D(0)).add(leg.amount));
  }
  for (const [asset, sum] of sums) {
    if (!sum.isZero()) throw new UnbalancedEntry(`${entry.kind}: ${asset} postings sum to ${sum.toFixed()}`);
  }

  const rows = await tx.query<{ id: string }>(
    'insert into ledger_transactions (kind, user_id, ref, created_at) values ($1, $2, $3, $4) returning id::text as id',
    [entry.kind, entry.userId, entry.ref, at],
  );
  const txId = rows[0]!.id;

  const params: unknown[] = [txId];
  const values: string[] = [];
  for (const leg of entry.legs) {
    const n = params.length;
    values.push(`($1, $${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6})`);
    if ('provider' in leg) params.push(null, null, null, leg.provider, leg.asset, db(leg.amount));
    else params.push(leg.userId, leg.account, leg.bucket, null, leg.asset, db(leg.amount));
  }
  await tx.query(
    `insert into ledger_postings (tx_id, user_id, account_type, bucket, provider_account, asset, amount) values ${values.join(', ')}`,
    params,
  );

  const moves = new Map<string, { userId: number; account: AccountType; asset: string; free: Decimal; locked: Decimal; margin: Decimal }>();
  for (const leg of entry.legs) {
    if ('provider' in leg) continue;
    const key = balanceKey(leg);
    const move = moves.get(key) ?? { userId: leg.userId, account: leg.account, asset: leg.asset, free: new D(0), locked: new D(0), margin: new D(0) };
    move[leg.bucket] = move[leg.bucket].add(leg.amount);
    moves.set(key, move);
  }
  const ordered = [...moves.values()].sort(
    (a, b) => a.userId - b.userId || a.account - b.account || (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0),
  );
  for (const move of ordered) {
    if (move.free.isZero() && move.locked.isZero() && move.margin.isZero()) continue;
    const updated = await tx.query<{ free: string; locked: string; margin: string }>(
      `insert into balances (user_id, account_type, asset, free, locked, margin) values ($1, $2, $3, $4, $5, $6)
       on conflict (user_id, account_type, asset)
       do update set free = balances.free + excluded.free, locked = balances.locked + excluded.locked,
         margin = balances.margin + excluded.margin
       returning free, locked, margin`,
      [move.userId, move.account, move.asset, db(move.free), db(move.locked), db(move.margin)],
    );
    const row = updated[0];
    if (!row || new D(row.free).isNegative() || new D(row.locked).isNegative() || new D(row.margin).isNegative()) {
      throw insufficient(move.asset);
    }
  }
  return txId;
}
