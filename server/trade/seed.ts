import { Entry, post } from '../ledger/ledger.ts';
import type { Queryable } from '../platform/db/client.ts';
import { D } from '../platform/decimal.ts';
import type { SimVenue } from '../sim/index.ts';
import { ensureVenueAccounts, ledgerAccounts } from './venue-accounts.ts';

/** What the demo user's OKX and Bybit accounts start with: USDT on spot (trade) and on USD-M (swap). */
const DEMO_VENUE_USDT = { trade: '50000', swap: '20000' } as const;

/**
 * The demo user's OKX and Bybit trading accounts, funded as the Binance account's balances are seeded
 * (server/wallet/seed.ts): one demo credit per venue against the provider's equity, so `npm start` trades on each.
 */
export async function seedDemoVenueAccounts(tx: Queryable, userId: number, now: Date): Promise<void> {
  await ensureVenueAccounts(tx, userId, now);
  for (const venue of ['okx', 'bybit'] as const satisfies readonly SimVenue[]) {
    const ledger = ledgerAccounts(venue);
    const credit = new Entry('demo_credit', `seed:${venue}`, userId);
    for (const kind of ['trade', 'swap'] as const) {
      const amount = new D(DEMO_VENUE_USDT[kind]);
      credit.user(userId, ledger[kind], 'USDT', amount).provider('equity', 'USDT', amount.neg());
    }
    await post(tx, credit, now);
  }
}
