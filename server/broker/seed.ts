import { addDays, hkDay } from '../../contract/broker-projects-rules.ts';
import type { Queryable } from '../platform/db/client.ts';
import { D } from '../platform/decimal.ts';
import { openBrokerAccount } from './accounts.ts';
import { openBrokerOrg } from './org.ts';
import { decreaseCapital, increaseCapital, lockProject } from './projects/capital.ts';
import { createProject } from './projects/create.ts';

/** The demo organisation's sub-accounts: [exchange, kind, name, remark]. */
const demoSubAccounts = [
  ['binance', 'regular', 'demo_trading', 'Main trading'],
  ['okx', 'asset_management', 'demo_fund', 'Managed fund'],
] as const;

/**
 * The demo user's broker rights, organisation and two sub-accounts (a binance regular one and an okx
 * asset-management one). `project: false` leaves out the organisation's project and its year of zero-hour records
 * (about 2,500 queries, seconds per sandbox): the test helpers start many sandboxes and opt in when a test reads that
 * project; the sandbox itself (`npm start`) always has it.
 */
export function seedDemoBroker(options: { project: boolean }) {
  return async (tx: Queryable, userId: number, now: Date): Promise<void> => {
    await tx.query('update users set broker_agreed_at = $2 where id = $1', [userId, now]);
    const { orgId } = await openBrokerOrg(tx, userId, now);
    for (const [exchange, kind, name, remark] of demoSubAccounts) {
      await openBrokerAccount(tx, { orgId, userId, exchange, kind, name, remark, requestId: `seed-${exchange}-${name}` }, now);
    }
    if (options.project) await seedDemoProject(tx, orgId, userId, now);
  };
}

const DAY_MS = 86_400_000;

/**
 * The demo organisation's project (server/broker/README.md "Projects"): started 365 days before the sandbox clock on
 * binance, three investors and a few capital flows over the year, its zero-hour records made by the daily job itself —
 * each flow first catches the project up to its moment, and the last step catches it up to now
 * (server/broker/projects/daily.ts).
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
