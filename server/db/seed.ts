import { hashPassword } from '../api/passwords.ts';
import { Entry, post } from '../ledger/ledger.ts';
import { D } from '../trade/decimal.ts';
import type { Db } from './client.ts';

/**
 * The demo institution user (README "Provider API sandbox"): balances in every account type,
 * KYC certified at both levels, Google authenticator not bound. Seeded once; a restart keeps what the
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

/** [account type (spec §3: 1 capital, 2 trade, 3 swap), asset, free] */
const demoBalances: ReadonlyArray<readonly [1 | 2 | 3, string, string]> = [
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

export async function seedDemo(db: Db, now: Date): Promise<void> {
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
    // The demo credit is a ledger entry against the provider's equity, like every balance change.
    const credit = new Entry('demo_credit', 'seed', userId);
    for (const [accountType, asset, free] of demoBalances) credit.user(userId, accountType, asset, new D(free)).provider('equity', asset, new D(free).neg());
    await post(tx, credit, now);
    for (const level of ['basic', 'advanced']) {
      await tx.query(
        `insert into kyc_submissions (user_id, level, status, form, file_ids, submitted_at, decided_at)
         values ($1, $2, 'Certified', $3, '{}', $4, $4)`,
        [userId, level, JSON.stringify({ seeded: true }), now],
      );
    }
  });
}
