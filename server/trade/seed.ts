import { Entry, post } from '../ledger/ledger.ts';
import type { Db, Queryable } from '../platform/db/client.ts';
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

/**
 * The same for a demo user seeded before migration 038 (a sandbox's database kept in `.data`): funds their OKX and
 * Bybit accounts once, in one transaction (the demo credit `seed:okx` marks it done). No demo user: nothing.
 */
export async function fundDemoVenueAccounts(db: Db, email: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const user = (await tx.query<{ id: number }>('select id from users where email_lower = $1 for update', [email]))[0];
    if (!user) return;
    const done = await tx.query(`select 1 from ledger_transactions where user_id = $1 and kind = 'demo_credit' and ref = 'seed:okx'`, [user.id]);
    if (done.length === 0) await seedDemoVenueAccounts(tx, user.id, now);
  });
}
