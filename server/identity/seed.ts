import { hashPassword } from './passwords.ts';
import type { Db, Queryable } from '../platform/db/client.ts';

/**
 * The demo institution user (README "Provider API sandbox"): balances in every account type,
 * KYC certified at both levels, Google authenticator not bound, broker rights open with two sub-accounts
 * (server/broker: a binance regular one and an okx asset-management one, each with a year of history). Seeded once; a restart keeps what the
 * tester changed.
 */
export const demoUser = {
  email: 'demo@tradingdesk.test',
  password: 'Demo@12345',
  firstName: 'Demo',
  lastName: 'Trader',
  companyName: 'Demo Capital Limited',
  areaCode: '+852',
  phone: '91234567',
} as const;

/**
 * A second sandbox user whose trading accounts were never ordered (spec §4 "Account list": no account has a sort
 * index, so the app makes the first the default via a call). Same password as the demo user; no balances.
 */
export const unorderedUser = { email: 'unordered@tradingdesk.test', password: demoUser.password, firstName: 'New', lastName: 'Desk' } as const;

/** Seeds the unordered-accounts user once (a restart keeps what the tester changed). */
export async function seedUnorderedUser(db: Db, now: Date): Promise<void> {
  const existing = await db.query('select id from users where email_lower = $1', [unorderedUser.email]);
  if (existing.length > 0) return;
  const passwordHash = await hashPassword(unorderedUser.password);
  await db.query(
    `insert into users (email, email_lower, first_name, last_name, company_name, area_code, phone, whatsapp,
       preferred_language, password_hash, account_order_set, created_at, updated_at)
     values ($1, $1, $2, $3, $4, $5, $6, $7, 'zh-HK', $8, false, $9, $9)
     on conflict (email_lower) do nothing`,
    [unorderedUser.email, unorderedUser.firstName, unorderedUser.lastName, demoUser.companyName, demoUser.areaCode, '91234568', `${demoUser.areaCode}91234568`, passwordHash, now],
  );
}

/** What another domain seeds for the demo user, in the same transaction as the user (server/app.ts composes them). */
export type DemoSeed = (tx: Queryable, userId: number, now: Date) => Promise<void>;

/**
 * Seeds the demo user once: the user, KYC certified at both levels, then each domain's part (`seeds`: balances,
 * the broker organisation…), all in one transaction, so a failed seed leaves no half-made demo user. A restart
 * finds the user and seeds nothing.
 */
export async function seedDemo(db: Db, now: Date, seeds: readonly DemoSeed[]): Promise<void> {
  const existing = await db.query('select id from users where email_lower = $1', [demoUser.email]);
  if (existing.length > 0) return;
  const passwordHash = await hashPassword(demoUser.password);
  await db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number }>(
      `insert into users (email, email_lower, first_name, last_name, company_name, area_code, phone, whatsapp,
         preferred_language, password_hash, created_at, updated_at)
       values ($1, $1, $2, $3, $4, $5, $6, $7, 'zh-HK', $8, $9, $9)
       on conflict (email_lower) do nothing returning id`,
      [demoUser.email, demoUser.firstName, demoUser.lastName, demoUser.companyName, demoUser.areaCode, demoUser.phone,
        `${demoUser.areaCode}${demoUser.phone}`, passwordHash, now],
    );
    const userId = rows[0]?.id;
    if (userId === undefined) return;
    for (const level of ['basic', 'advanced']) {
      await tx.query(
        `insert into kyc_submissions (user_id, level, status, form, file_ids, submitted_at, decided_at)
         values ($1, $2, 'Certified', $3, '{}', $4, $4)`,
        [userId, level, JSON.stringify({ seeded: true }), now],
      );
    }
    for (const seed of seeds) await seed(tx, userId, now);
  });
}
