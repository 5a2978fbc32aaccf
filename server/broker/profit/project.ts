import type Decimal from 'decimal.js';
import type { BrokerWallet } from '../../../contract/broker-rules.ts';
import type { ProjectStatus } from '../../../contract/broker-projects-rules.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { Entry, post } from '../../ledger/ledger.ts';
import { D } from '../../platform/decimal.ts';
import { increaseCapital, lockProject } from '../projects/capital.ts';
import { liveNav, projectOf, type ProjectRow, statusOf } from '../projects/store.ts';

/**
 * What the profit calls read of a project (server/broker/projects/store.ts, the projects core's reads): the row
 * (locked when money moves, so the project's flows, its daily job and its profit steps run one after another), its
 * state, its live NAV and the sub-accounts that belong to projects.
 */
export { projectOf, type ProjectRow } from '../projects/store.ts';

/**
 * The project row for a write: locked (`for update`) and brought up to date by the daily job's catch-up first (the
 * projects core's lockProject, as capital flows and interest payments do), then read again so its liabilities are
 * the caught-up ones.
 */
export async function lockedProject(tx: Queryable, orgId: string, projectNo: string, at: Date): Promise<ProjectRow> {
  await lockProject(tx, orgId, projectNo, at);
  return projectOf(tx, orgId, projectNo);
}

/** The name of the organisation's own investor record (the broker manager's data is Hong Kong Chinese). */
const OWN_INVESTOR_NAME = '機構自有資金';

export const projectStatus = (project: ProjectRow, at: Date): ProjectStatus => statusOf(project, at);

/** The live NAV per unit (contract/broker-nav.ts): a profit withdrawal leaves it as it is. */
export async function navOf(db: Queryable, project: ProjectRow): Promise<Decimal> {
  return (await liveNav(db, project)).nav;
}

/** The organisation's sub-accounts that belong to a project now (primary or linked): no profit goes there, no own money comes from there. */
export async function projectAccountIds(db: Queryable, orgId: string): Promise<Set<string>> {
  const rows = await db.query<{ id: string }>(
    `select r.account_id::text as id from broker_project_accounts r join broker_projects p on p.project_no = r.project_no
     where p.org_id = $1 and r.unlinked_at is null
     union select account_id::text from broker_projects where org_id = $1`,
    [orgId],
  );
  return new Set(rows.map((r) => r.id));
}

export interface OwnPurchase {
  project: ProjectRow;
  userId: number;
  amount: Decimal;
  /** The source sub-account's wallet, where the application held the money. */
  from: { accountId: string; wallet: BrokerWallet };
  /** The profit application: its hold is released into the increase, and the flow's requestId names it. */
  applicationId: string;
  at: Date;
}

/** The organisation's own investor record (`broker_investors.own`), made the first time the broker invests its own money. */
async function ownInvestor(tx: Queryable, orgId: string, userId: number, at: Date): Promise<string> {
  await tx.query('select id from broker_orgs where id = $1 for update', [orgId]);
  const found = await tx.query<{ id: string }>('select id::text as id from broker_investors where org_id = $1 and own', [orgId]);
  if (found[0]) return found[0].id;
  const made = await tx.query<{ id: string }>(
    `insert into broker_investors (org_id, name, email, created_by, created_at, own) values ($1, $2, $3, $4, $5, true) returning id::text as id`,
    [orgId, OWN_INVESTOR_NAME, `own-capital-${orgId}@broker.invalid`, userId, at],
  );
  return made[0]!.id;
}

/**
 * The broker's own money into a project, when its transfer-in application is approved (in the approval's
 * transaction, the project row locked): the hold on the source wallet is released (`broker_profit_release`) and the
 * projects core's capital increase takes it from there (`broker_capital_increase`, source `broker_account`), buying
 * units of the organisation's own investor record at the live NAV — the same code path as every increase.
 */
export async function buyOwnUnits(tx: Queryable, purchase: OwnPurchase): Promise<{ units: Decimal; nav: Decimal }> {
  const { project, amount, from, at } = purchase;
  await post(
    tx,
    new Entry('broker_profit_release', `broker_profit_application:${purchase.applicationId}`, purchase.userId, from.accountId)
      .broker(from.accountId, from.wallet, 'USDT', amount.neg(), 'locked')
      .broker(from.accountId, from.wallet, 'USDT', amount, 'free'),
    at,
  );
  const investorId = await ownInvestor(tx, project.org_id, purchase.userId, at);
  const { flow } = await increaseCapital(
    tx,
    { orgId: project.org_id, projectNo: project.project_no, investor: { id: investorId }, amount, operatorId: purchase.userId, requestId: `profit-transfer-in-${purchase.applicationId}`, from },
    at,
  );
  return { units: new D(flow.units), nav: new D(flow.nav) };
}
