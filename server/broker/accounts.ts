import { createHash } from 'node:crypto';
import type Decimal from 'decimal.js';
import { BROKER_EXCHANGE_RULES, type BrokerExchange, type BrokerWallet, type SubAccountKind } from '../../contract/broker-rules.ts';
import { ApiError, Code } from '../platform/envelope.ts';
import type { Queryable } from '../platform/db/client.ts';
import { Entry, post } from '../ledger/ledger.ts';
import { D } from '../platform/decimal.ts';

/**
 * Broker sub-accounts (spec §7 "Broker calls"; server/broker/README.md "Sub-accounts, balances and API keys"). The
 * sandbox keeps the exchanges' sub-account state itself: opening one records it under the organisation and, like an
 * exchange sub-account bound to the portal with its past, posts a year of deterministic history to the ledger (deposits
 * from the exchange's provider account `exchange:<code>` into the funding wallet, then transfers on to spot, earn
 * and futures), dated over the year before the sandbox clock's now. Every balance is a ledger balance.
 */

export interface AccountRow {
  id: string;
  org_id: string;
  exchange_code: BrokerExchange;
  kind: SubAccountKind;
  name: string;
  uid: string;
  remark: string;
  created_by_email: string;
  request_id: string;
  created_at: Date;
  updated_at: Date;
}

export const ACCOUNT_COLUMNS = `a.id::text as id, a.org_id::text as org_id, a.exchange_code, a.kind, a.name, a.uid, a.remark,
  (select email from users u where u.id = a.created_by) as created_by_email, a.request_id, a.created_at, a.updated_at`;

/** PostgreSQL bigint's largest value: an id beyond it names nothing (and must not reach the database as one). */
const MAX_ID = 9_223_372_036_854_775_807n;

/** 404 for an id no row can have: the contract's Id allows 19 digits, bigint stops at 9223372036854775807. */
/** How a record names its sub-account (spec §3 "Broker entities"): its id, its exchange and its name. */
export const subAccountRef = <I, E, N>(r: { account_id: I; exchange_code: E; account_name: N }) => ({ brokerAccountId: r.account_id, exchangeCode: r.exchange_code, subAccountName: r.account_name });

export function checkIdRange(id: string, field: string): void {
  if (BigInt(id) > MAX_ID) throw new ApiError(Code.notFound, { field });
}

/** The organisation's live sub-account, or 404 (another organisation's is as unknown as a missing one). */
export async function accountOf(db: Queryable, orgId: string, accountId: string, lock = false): Promise<AccountRow> {
  checkIdRange(accountId, 'brokerAccountId');
  const rows = await db.query<AccountRow>(
    `select ${ACCOUNT_COLUMNS} from broker_accounts a where a.id = $1 and a.org_id = $2 and a.deleted_at is null${lock ? ' for update' : ''}`,
    [accountId, orgId],
  );
  const row = rows[0];
  if (!row) throw new ApiError(Code.notFound, { field: 'brokerAccountId' });
  return row;
}

/** The exchange's user id of a sub-account: 10 digits derived from the exchange and the account, stable. */
export function subAccountUid(exchange: BrokerExchange, accountId: string): string {
  const n = createHash('sha256').update(`${exchange}:${accountId}`).digest().readUInt32BE(0);
  return String(1_000_000_000 + (n % 8_999_999_999));
}

/** The sub-account's login e-mail on its exchange (binance's virtual e-mail of a broker sub-account). */
export function loginEmail(row: Pick<AccountRow, 'name' | 'exchange_code' | 'uid'>): string {
  return `${row.name.toLowerCase()}_${row.uid}_virtual@${row.exchange_code}.broker.test`;
}

export interface NewAccount {
  orgId: string;
  userId: number;
  exchange: BrokerExchange;
  kind: SubAccountKind;
  name: string;
  remark: string;
  requestId: string;
  /** Post the year of seeded history (default); a project's primary sub-account opens empty. */
  history?: boolean;
}

/**
 * Opens a sub-account in the caller's transaction, idempotent on the organisation's requestId: the organisation's
 * row is locked first, so parallel creates (of the same request or not) run one after another, the limit holds
 * and a retry finds the first result. Returns the account and whether this call made it.
 */
export async function openBrokerAccount(tx: Queryable, input: NewAccount, at: Date): Promise<{ account: AccountRow; created: boolean }> {
  await tx.query('select id from broker_orgs where id = $1 for update', [input.orgId]);
  const previous = await tx.query<AccountRow>(
    `select ${ACCOUNT_COLUMNS} from broker_accounts a where a.org_id = $1 and a.request_id = $2`,
    [input.orgId, input.requestId],
  );
  if (previous[0]) {
    const p = previous[0];
    if (p.exchange_code !== input.exchange || p.kind !== input.kind || p.name !== input.name) {
      throw new ApiError(Code.requestIdReused, { requestId: input.requestId });
    }
    return { account: p, created: false };
  }
  const rule = BROKER_EXCHANGE_RULES[input.exchange];
  if (!rule.masterApi) throw new ApiError(Code.noMasterApi, { exchangeCode: input.exchange });
  if (!rule.kinds.includes(input.kind)) throw new ApiError(Code.brokerKindNotOffered, { exchangeCode: input.exchange, subAccountTypes: rule.kinds });
  const taken = await tx.query(
    'select 1 from broker_accounts where org_id = $1 and exchange_code = $2 and lower(name) = lower($3) and deleted_at is null',
    [input.orgId, input.exchange, input.name],
  );
  if (taken[0]) throw new ApiError(Code.brokerAccountNameTaken, { subAccountName: input.name });
  const count = await tx.query<{ n: number }>(
    'select count(*)::int as n from broker_accounts where org_id = $1 and exchange_code = $2 and deleted_at is null',
    [input.orgId, input.exchange],
  );
  if ((count[0]?.n ?? 0) >= rule.maxSubAccounts) throw new ApiError(Code.brokerAccountLimit, { max: rule.maxSubAccounts });

  const inserted = await tx.query<{ id: string }>(
    `insert into broker_accounts (org_id, exchange_code, kind, name, uid, remark, created_by, request_id, created_at, updated_at)
     values ($1, $2, $3, $4, '', $5, $6, $7, $8, $8) returning id::text as id`,
    [input.orgId, input.exchange, input.kind, input.name, input.remark, input.userId, input.requestId, at],
  );
  const id = inserted[0]!.id;
  await tx.query('update broker_accounts set uid = $2 where id = $1', [id, subAccountUid(input.exchange, id)]);
  const account = (await tx.query<AccountRow>(`select ${ACCOUNT_COLUMNS} from broker_accounts a where a.id = $1`, [id]))[0]!;
  if (input.history ?? true) await seedHistory(tx, account, at);
  return { account, created: true };
}

/** A small deterministic generator (mulberry32) seeded from a text (an account's exchange and uid; a project's day). */
export function generator(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32BE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** [asset, smallest monthly deposit, largest, decimals]; the exchange's own coin on binance. */
const HISTORY_ASSETS: ReadonlyArray<readonly [string, number, number, number]> = [
  ['USDT', 5_000, 50_000, 2],
  ['BTC', 0.05, 0.5, 6],
  ['ETH', 0.5, 5, 5],
  ['SOL', 10, 120, 3],
];
const BINANCE_COIN = ['BNB', 2, 20, 4] as const;
const DAY_MS = 86_400_000;
const MONTHS = 12;

/**
 * A year of history, month by month: a deposit into funding from `exchange:<code>`, and a few days later transfers
 * from funding to spot (30–40 %), earn (10–20 %) and, for USDT, futures (15–25 %). Amounts are cut to the
 * asset's decimals, so every wallet stays non-negative at every step.
 */
async function seedHistory(tx: Queryable, account: AccountRow, now: Date): Promise<void> {
  const random = generator(`${account.exchange_code}:${account.uid}`);
  const assets = account.exchange_code === 'binance' ? [...HISTORY_ASSETS, BINANCE_COIN] : HISTORY_ASSETS;
  const provider = `exchange:${account.exchange_code}` as const;
  const ref = `broker_account:${account.id}`;
  const cut = (value: number, decimals: number): Decimal => new D(value.toFixed(decimals + 4)).toDecimalPlaces(decimals, D.ROUND_DOWN);
  for (let month = MONTHS; month >= 1; month--) {
    const depositAt = new Date(now.getTime() - month * 30 * DAY_MS + Math.floor(random() * 5 * DAY_MS));
    const deposit = new Entry('broker_deposit', ref, null, account.id);
    const moved: Array<{ asset: string; amount: Decimal; decimals: number }> = [];
    for (const [asset, low, high, decimals] of assets) {
      const amount = cut(low + random() * (high - low), decimals);
      deposit.broker(account.id, 'funding', asset, amount).provider(provider, asset, amount.neg());
      moved.push({ asset, amount, decimals });
    }
    await post(tx, deposit, depositAt);
    const transferAt = new Date(depositAt.getTime() + (1 + Math.floor(random() * 4)) * DAY_MS);
    const transfer = new Entry('broker_wallet_transfer', ref, null, account.id);
    for (const { asset, amount, decimals } of moved) {
      const share = (wallet: BrokerWallet, fraction: number) => {
        const part = amount.mul(fraction).toDecimalPlaces(decimals, D.ROUND_DOWN);
        transfer.broker(account.id, 'funding', asset, part.neg()).broker(account.id, wallet, asset, part);
      };
      share('spot', 0.3 + random() * 0.1);
      if (asset !== 'SOL') share('earn', 0.1 + random() * 0.1);
      if (asset === 'USDT') share('futures', 0.15 + random() * 0.1);
    }
    await post(tx, transfer, transferAt);
  }
}
