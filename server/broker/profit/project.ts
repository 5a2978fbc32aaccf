import type Decimal from 'decimal.js';
import type { BrokerWallet } from '../../../contract/broker-rules.ts';
import type { ProjectStatus } from '../../../contract/broker-projects-rules.ts';
import type { ApiContext } from '../../api/context.ts';
import type { Queryable } from '../../db/client.ts';
import { liveNav, type ProjectRow, statusOf } from '../projects/store.ts';

/**
 * What the profit calls read of a project (server/broker/projects/store.ts, the projects core's reads): the row
 * (locked when money moves, so the project's flows, its daily job and its profit steps run one after another), its
 * state, its live NAV and the sub-accounts that belong to projects.
 */
export { projectOf, type ProjectRow } from '../projects/store.ts';

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
  /** Where the money is: the source sub-account's wallet, in the bucket it was held in. */
  from: { accountId: string; wallet: BrokerWallet; bucket: 'free' | 'locked' };
  ref: string;
  at: Date;
}

/**
 * The broker's own money into a project: a capital increase of the organisation's own investor record at the
 * current NAV, paid from a sub-account instead of from outside — the projects core's increase code path.
 */
export async function buyOwnUnits(_ctx: ApiContext, _tx: Queryable, _purchase: OwnPurchase): Promise<{ units: Decimal; nav: Decimal }> {
  throw new Error('buyOwnUnits: waiting for the projects core capital increase (p15-core)');
}
