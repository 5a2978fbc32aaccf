import type { AccountType } from '../../contract/accounts.ts';
import { Entry, post } from '../ledger/ledger.ts';
import type { Queryable } from '../platform/db/client.ts';
import { D } from '../platform/decimal.ts';

/** [account type (spec §3: 1 capital, 2 trade, 3 swap), asset, free] */
const demoBalances: ReadonlyArray<readonly [AccountType, string, string]> = [
  [1, 'USDT', '250000'],
  [1, 'USDC', '50000'],
  [1, 'BTC', '5.25'],
  [1, 'ETH', '80'],
  [1, 'USD', '100000'],
  [1, 'HKD', '500000'],
  [2, 'USDT', '50000'],
  [2, 'BTC', '1.5'],
  [3, 'USDT', '20000'],
];

/** The demo user's balances in every account type (README "Provider API sandbox"). */
export async function seedDemoBalances(tx: Queryable, userId: number, now: Date): Promise<void> {
  // The demo credit is a ledger entry against the provider's equity, like every balance change.
  const credit = new Entry('demo_credit', 'seed', userId);
  for (const [accountType, asset, free] of demoBalances) credit.user(userId, accountType, asset, new D(free)).provider('equity', asset, new D(free).neg());
  await post(tx, credit, now);
}
