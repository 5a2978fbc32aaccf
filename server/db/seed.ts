import { hashPassword } from '../api/passwords.ts';
import { openBrokerAccount } from '../broker/accounts.ts';
import { openBrokerOrg } from '../broker/org.ts';
import { addDays, hkDay } from '../../contract/broker-projects-rules.ts';
import type { AccountType } from '../../contract/accounts.ts';
import { decreaseCapital, increaseCapital, lockProject } from '../broker/projects/capital.ts';
import { createProject } from '../broker/projects/create.ts';
import { Entry, post } from '../ledger/ledger.ts';
import { D } from '../trade/decimal.ts';
import type { Db, Queryable } from './client.ts';

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

/** The demo organisation's sub-accounts: [exchange, kind, name, remark]. */
const demoSubAccounts = [
  ['binance', 'regular', 'demo_trading', 'Main trading'],
  ['okx', 'asset_management', 'demo_fund', 'Managed fund'],
] as const;

/**
 * Seeds the demo user once. `project: false` leaves out the demo organisation's project and its year of zero-hour
 * records (about 2,500 queries, seconds per sandbox): the test helpers start many sandboxes and opt in when a test
 * reads that project; the sandbox itself (`npm start`) always has it.
 */
export async function seedDemo(db: Db, now: Date, options: { project?: boolean } = {}): Promise<void> {
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
    await tx.query('update users set broker_agreed_at = $2 where id = $1', [userId, now]);
    const { orgId } = await openBrokerOrg(tx, userId, now);
    for (const [exchange, kind, name, remark] of demoSubAccounts) {
      await openBrokerAccount(tx, { orgId, userId, exchange, kind, name, remark, requestId: `seed-${exchange}-${name}` }, now);
    }
    if (options.project ?? true) await seedDemoProject(tx, orgId, userId, now);
  });
}

const DAY_MS = 86_400_000;

/**
 * The demo organisation's project (issue 15): started 365 days before the sandbox clock on binance, three investors
 * and a few capital flows over the year, its zero-hour records made by the daily job itself — each flow first
 * catches the project up to its moment, and the last step catches it up to now (server/broker/projects/daily.ts).
 */
async function seedDemoProject(tx: Queryable, orgId: string, userId: number, now: Date): Promise<void> {
  const start = new Date(now.getTime() - 365 * DAY_MS);
  const startDay = hkDay(start);
  const application = await createProject(
    tx,
    {
      orgId,
      userId,
      requestId: 'seed-demo-project',
      terms: {
        name: 'Demo Quant Fund I',
        description: 'Market-neutral futures strategy on BTC, ETH and SOL (demo).',
        exchangeCode: 'binance',
        startDay,
        endDay: addDays(startDay, 730),
        interestRate: '0.05',
        performanceFeeRate: '0.2',
        minSubscription: '10000',
      },
    },
    start,
  );
  const projectNo = application.project_no!;
  const at = (days: number) => new Date(start.getTime() + days * DAY_MS + 10 * 3_600_000);
  const investors: Array<{ name: string; email: string }> = [
    { name: 'Harbour Family Office', email: 'ops@harbour-fo.example' },
    { name: 'Peak Capital Partners', email: 'treasury@peakcap.example' },
    { name: 'Lantau Holdings', email: 'finance@lantau.example' },
  ];
  const ids: string[] = [];
  // [day, investor, amount]: the three first subscriptions, top-ups and two redemptions (by amount), in time order.
  const flows: Array<[number, number, string, 'increase' | 'decrease']> = [
    [0, 0, '500000', 'increase'],
    [0, 1, '300000', 'increase'],
    [45, 2, '200000', 'increase'],
    [120, 1, '100000', 'increase'],
    [200, 0, '150000', 'decrease'],
    [290, 2, '50000', 'increase'],
    [330, 2, '40000', 'decrease'],
  ];
  let n = 0;
  for (const [day, who, amount, direction] of flows) {
    const requestId = `seed-demo-flow-${++n}`;
    if (direction === 'decrease') {
      await decreaseCapital(tx, { orgId, projectNo, investorId: ids[who]!, ask: { amount }, operatorId: userId, requestId }, at(day));
      continue;
    }
    const investor = ids[who] ? { id: ids[who] } : investors[who]!;
    const made = await increaseCapital(tx, { orgId, projectNo, investor, amount: new D(amount), operatorId: userId, requestId }, at(day));
    ids[who] = made.flow.investor_id;
  }
  await lockProject(tx, orgId, projectNo, now);
}
