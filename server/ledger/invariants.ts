import type { Queryable } from '../platform/db/client.ts';

/** A trading row's venue as the offset of its ledger account types (migration 038: OKX 12 / 13, Bybit 22 / 23). */
const venueOffset = "(case venue when 'okx' then 10 when 'bybit' then 20 else 0 end)";

export interface Violation {
  rule: 'transactionBalanced' | 'assetBalanced' | 'balanceMatchesPostings' | 'notNegative' | 'holdsBelongToLiveItems' | 'marginMatchesPositions';
  detail: string;
}

/** Order states that still hold money (spec §4); every other state has released its hold. */
const liveOrderStates = `('submitted', 'running', 'partial_filled', 'cancelling')`;

/**
 * After a `with expected` of what the live items hold (its key columns and `held`): the rows where a balance
 * table's locked amounts and those holds differ either way, a lock without its item or an item without its lock.
 * A key with `asText` is read as text under that name.
 */
function lockedVersusHeld(table: string, keys: { column: string; asText?: string }[], heldAs: string): string {
  const pick = keys.map(({ column, asText }) => `coalesce(b.${column}, e.${column})${asText ? `::text as ${asText}` : ` as ${column}`}`).join(', ');
  const on = keys.map(({ column }) => `e.${column} = b.${column}`).join(' and ');
  return `select ${pick}, b.locked::text as locked, e.held::text as ${heldAs}
       from (select * from ${table} where locked <> 0) b full outer join expected e on ${on}
       where coalesce(b.locked, 0) <> coalesce(e.held, 0)`;
}

/**
 * The ledger's invariants, checked against the whole database (tests run it after every scenario, including
 * bursts and a SIGKILL followed by a restart; `GET /api/_dev/ledger/check` exposes it):
 * - every transaction's postings sum to zero per asset, and so does each asset over all postings;
 * - every user balance (free, locked, margin) equals the sum of its postings;
 * - no user balance is negative;
 * - every held (locked) amount belongs to a live order, withdrawal or OTC order, and nothing else holds;
 * - the isolated-margin bucket equals the margin of the user's isolated positions;
 * - the same for broker sub-accounts (server/broker): every wallet row (free, locked) equals the sum of its
 *   postings, none is negative, and every locked amount belongs to an application still applying.
 */
export async function ledgerViolations(db: Queryable): Promise<Violation[]> {
  const found: Violation[] = [];
  const add = (rule: Violation['rule'], rows: Record<string, unknown>[]) => {
    for (const row of rows.slice(0, 20)) found.push({ rule, detail: JSON.stringify(row) });
  };

  add(
    'transactionBalanced',
    await db.query(
      `select tx_id::text, asset, sum(amount)::text as sum from ledger_postings group by tx_id, asset having sum(amount) <> 0`,
    ),
  );
  add('assetBalanced', await db.query(`select asset, sum(amount)::text as sum from ledger_postings group by asset having sum(amount) <> 0`));
  add(
    'balanceMatchesPostings',
    await db.query(
      `with posted as (
         select user_id, account_type, asset,
           coalesce(sum(amount) filter (where bucket = 'free'), 0) as free,
           coalesce(sum(amount) filter (where bucket = 'locked'), 0) as locked,
           coalesce(sum(amount) filter (where bucket = 'margin'), 0) as margin
         from ledger_postings where user_id is not null group by user_id, account_type, asset
       )
       select coalesce(b.user_id, p.user_id) as user_id, coalesce(b.account_type, p.account_type) as account_type,
         coalesce(b.asset, p.asset) as asset,
         b.free::text as balance_free, p.free::text as posted_free, b.locked::text as balance_locked, p.locked::text as posted_locked,
         b.margin::text as balance_margin, p.margin::text as posted_margin
       from balances b full outer join posted p
         on p.user_id = b.user_id and p.account_type = b.account_type and p.asset = b.asset
       where coalesce(b.free, 0) <> coalesce(p.free, 0) or coalesce(b.locked, 0) <> coalesce(p.locked, 0)
         or coalesce(b.margin, 0) <> coalesce(p.margin, 0)`,
    ),
  );
  add(
    'notNegative',
    await db.query(
      `select user_id, account_type, asset, free::text, locked::text, margin::text from balances where free < 0 or locked < 0 or margin < 0`,
    ),
  );
  add(
    'balanceMatchesPostings',
    await db.query(
      `with posted as (
         select broker_account_id as account_id, broker_wallet as wallet, asset,
           coalesce(sum(amount) filter (where bucket = 'free'), 0) as free,
           coalesce(sum(amount) filter (where bucket = 'locked'), 0) as locked
         from ledger_postings where broker_account_id is not null group by 1, 2, 3
       )
       select coalesce(b.account_id, p.account_id)::text as broker_account_id, coalesce(b.wallet, p.wallet) as wallet,
         coalesce(b.asset, p.asset) as asset, b.free::text as balance_free, p.free::text as posted_free,
         b.locked::text as balance_locked, p.locked::text as posted_locked
       from broker_balances b full outer join posted p on p.account_id = b.account_id and p.wallet = b.wallet and p.asset = b.asset
       where coalesce(b.free, 0) <> coalesce(p.free, 0) or coalesce(b.locked, 0) <> coalesce(p.locked, 0)`,
    ),
  );
  add(
    'notNegative',
    await db.query(
      `select account_id::text as broker_account_id, wallet, asset, free::text, locked::text from broker_balances where free < 0 or locked < 0`,
    ),
  );
  // Every locked broker amount belongs to an application still applying (server/broker/funds.ts, server/broker/profit), to the last digit.
  add(
    'holdsBelongToLiveItems',
    await db.query(
      `with expected as (
         select account_id, wallet, asset, sum(amount) as held from (
           select from_account_id as account_id, from_wallet as wallet, asset, amount from broker_applications where status = 'applying'
           union all
           select from_account_id, from_wallet, asset, amount from broker_profit_applications where status = 'applying'
         ) live group by 1, 2, 3
       )
       ${lockedVersusHeld('broker_balances', [{ column: 'account_id', asText: 'broker_account_id' }, { column: 'wallet' }, { column: 'asset' }], 'held_by_applications')}`,
    ),
  );
  add(
    'holdsBelongToLiveItems',
    await db.query(
      `with holds as (
         select user_id, (case market when 'spot' then 2 else 3 end) + ${venueOffset} as account_type, locked_asset as asset, sum(locked_amount) as held
         from trade_orders where status in ${liveOrderStates} group by 1, 2, 3
         union all
         select user_id, 1, asset, sum(amount) from wallet_withdrawals
         where held and status in ('unconfirmed', 'approvalPending') group by 1, 2, 3
         union all
         select user_id, 1, from_asset, sum(from_amount) from otc_orders where status in ('open', 'pendingSettlement') group by 1, 2, 3
       ), expected as (select user_id, account_type, asset, sum(held) as held from holds group by 1, 2, 3)
       ${lockedVersusHeld('balances', [{ column: 'user_id' }, { column: 'account_type' }, { column: 'asset' }], 'held_by_live_items')}`,
    ),
  );
  add(
    'holdsBelongToLiveItems',
    await db.query(`select id, status, locked_amount::text from trade_orders where status not in ${liveOrderStates} and locked_amount <> 0`),
  );
  add(
    'holdsBelongToLiveItems',
    await db.query(`select id::text, status from wallet_withdrawals where held and status not in ('unconfirmed', 'approvalPending')`),
  );
  add(
    'marginMatchesPositions',
    await db.query(
      `with margins as (select user_id, 3 + ${venueOffset} as account_type, sum(isolated_margin) as margin from futures_positions group by 1, 2)
       select coalesce(b.user_id, m.user_id) as user_id, coalesce(b.account_type, m.account_type) as account_type, b.margin::text as bucket, m.margin::text as positions
       from (select user_id, account_type, margin from balances where account_type in (3, 13, 23) and asset = 'USDT') b
       full outer join margins m on m.user_id = b.user_id and m.account_type = b.account_type
       where coalesce(b.margin, 0) <> coalesce(m.margin, 0)`,
    ),
  );
  return found;
}
