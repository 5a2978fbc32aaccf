import type Decimal from 'decimal.js';
import type { BrokerWallet } from '../../contract/broker-rules.ts';
import { ACCOUNT_TYPES, TRANSFER_ACCOUNTS, TRANSFER_DIRECTIONS, type AccountType, type TransferDirection } from '../../contract/accounts.ts';
import type { Queryable } from '../platform/db/client.ts';
import { D, db } from '../platform/decimal.ts';
import { insufficient } from '../platform/refusals.ts';

/** spec §3 account types (contract/rules.ts). */
export const Account = ACCOUNT_TYPES;
export type { AccountType };

/** spec §4 transfer direction codes: from → to account, as the ledger numbers them (contract/accounts.ts TRANSFER_ACCOUNTS). */
export const TRANSFER_ROUTES = Object.fromEntries(
  TRANSFER_DIRECTIONS.map((code) => [code, [Account[TRANSFER_ACCOUNTS[code][0]], Account[TRANSFER_ACCOUNTS[code][1]]] as const]),
) as Record<TransferDirection, readonly [AccountType, AccountType]>;

/** The same by any code, for the records and the export, which read codes back from the table. */
export const DIRECTIONS: Record<string, readonly [AccountType, AccountType]> = TRANSFER_ROUTES;

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
 * - `loans`: the provider's lending book (principal lent out and repaid, collateral pledged to it);
 * - `exchange:<code>`: a third-party exchange outside the broker portal (deposits into broker sub-accounts come
 *   from it, and an unbound sub-account's balances go back to it; server/broker).
 */
export type ProviderAccount =
  | 'equity'
  | 'market'
  | 'fees'
  | 'desk'
  | 'loans'
  | `chain:${string}`
  | `bank:${string}`
  | `exchange:${string}`
  // A broker project's investor outside the platform (spec §1, §7 capital increase and decrease: increases
  // come from, decreases go to it).
  | `investor:${string}`;

/** What part of a broker sub-account's wallet a posting moves: spendable, or held by an application. */
export type BrokerBucket = 'free' | 'locked';

export type Leg =
  | { userId: number; account: AccountType; bucket: Bucket; asset: string; amount: Decimal }
  | { provider: ProviderAccount; asset: string; amount: Decimal }
  | { brokerAccountId: string; wallet: BrokerWallet; bucket: BrokerBucket; asset: string; amount: Decimal };

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
    /** The broker sub-account the transaction is about (its records list it), if any. */
    readonly brokerAccountId: string | null = null,
  ) {}

  user(userId: number, account: AccountType, asset: string, amount: Decimal, bucket: Bucket = 'free'): this {
    if (!amount.isZero()) this.legs.push({ userId, account, bucket, asset, amount });
    return this;
  }

  provider(provider: ProviderAccount, asset: string, amount: Decimal): this {
    if (!amount.isZero()) this.legs.push({ provider, asset, amount });
    return this;
  }

  /** A broker sub-account's wallet (server/broker): `brokerAccountId` is the bigint id as text. */
  broker(brokerAccountId: string, wallet: BrokerWallet, asset: string, amount: Decimal, bucket: BrokerBucket = 'free'): this {
    if (!amount.isZero()) this.legs.push({ brokerAccountId, wallet, bucket, asset, amount });
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

interface BrokerMove {
  accountId: string;
  wallet: BrokerWallet;
  asset: string;
  free: Decimal;
  locked: Decimal;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Moves a broker sub-account's balance rows, in a fixed order (account id, wallet, asset) after the user rows. A
 * move that takes anything away updates an existing row only where the result stays non-negative, in the same
 * statement, so parallel spends of one row serialise on it and the loser finds no row (Insufficient Balance);
 * a move that only adds inserts or adds.
 */
async function moveBrokerBalances(tx: Queryable, moves: BrokerMove[]): Promise<void> {
  const ordered = moves.sort(
    (a, b) => (BigInt(a.accountId) < BigInt(b.accountId) ? -1 : BigInt(a.accountId) > BigInt(b.accountId) ? 1 : 0) || cmp(a.wallet, b.wallet) || cmp(a.asset, b.asset),
  );
  for (const move of ordered) {
    if (move.free.isZero() && move.locked.isZero()) continue;
    const params = [move.accountId, move.wallet, move.asset, db(move.free), db(move.locked)];
    const rows =
      move.free.isNegative() || move.locked.isNegative()
        ? await tx.query(
            `update broker_balances set free = free + $4::numeric, locked = locked + $5::numeric
             where account_id = $1 and wallet = $2 and asset = $3 and free + $4::numeric >= 0 and locked + $5::numeric >= 0
             returning account_id`,
            params,
          )
        : await tx.query(
            `insert into broker_balances (account_id, wallet, asset, free, locked) values ($1, $2, $3, $4, $5)
             on conflict (account_id, wallet, asset)
             do update set free = broker_balances.free + excluded.free, locked = broker_balances.locked + excluded.locked
             returning account_id`,
            params,
          );
    if (rows.length !== 1) throw insufficient(move.asset);
  }
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
    'insert into ledger_transactions (kind, user_id, ref, created_at, broker_account_id) values ($1, $2, $3, $4, $5) returning id::text as id',
    [entry.kind, entry.userId, entry.ref, at, entry.brokerAccountId],
  );
  const txId = rows[0]!.id;

  const params: unknown[] = [txId];
  const values: string[] = [];
  for (const leg of entry.legs) {
    const n = params.length;
    values.push(`($1, $${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6}, $${n + 7}, $${n + 8})`);
    if ('provider' in leg) params.push(null, null, null, leg.provider, leg.asset, db(leg.amount), null, null);
    else if ('brokerAccountId' in leg) params.push(null, null, leg.bucket, null, leg.asset, db(leg.amount), leg.brokerAccountId, leg.wallet);
    else params.push(leg.userId, leg.account, leg.bucket, null, leg.asset, db(leg.amount), null, null);
  }
  await tx.query(
    `insert into ledger_postings (tx_id, user_id, account_type, bucket, provider_account, asset, amount, broker_account_id, broker_wallet)
     values ${values.join(', ')}`,
    params,
  );

  const moves = new Map<string, { userId: number; account: AccountType; asset: string; free: Decimal; locked: Decimal; margin: Decimal }>();
  const brokerMoves = new Map<string, BrokerMove>();
  for (const leg of entry.legs) {
    if ('provider' in leg) continue;
    if ('brokerAccountId' in leg) {
      const key = `${leg.brokerAccountId}\u0000${leg.wallet}\u0000${leg.asset}`;
      const move = brokerMoves.get(key) ?? { accountId: leg.brokerAccountId, wallet: leg.wallet, asset: leg.asset, free: new D(0), locked: new D(0) };
      move[leg.bucket] = move[leg.bucket].add(leg.amount);
      brokerMoves.set(key, move);
      continue;
    }
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
  // Broker sub-account rows after the user rows: one fixed order over every entry.
  await moveBrokerBalances(tx, [...brokerMoves.values()]);
  return txId;
}
