import type Decimal from 'decimal.js';
import type { Static } from 'typebox';
import type { CapitalFlow, Project, ProjectRelation, UnitRecord } from '../../../contract/broker-projects.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { D, ZERO } from '../../platform/decimal.ts';
import { ACCOUNT_COLUMNS, type AccountRow } from '../accounts.ts';
import { plain } from '../valuation.ts';
import type { ApplyRecordRow } from './create.ts';
import { type CapitalFlowRow, FLOW_COLUMNS, grossAssets, type LiveNav, liveNavOf, type ProjectRow, projectAccounts, statusOf, type UnitRecordRow } from './store.ts';

/** The replies' views of projects, their sub-accounts, capital flows, unit records and applications. */

export type ProjectView = Static<typeof Project>;
export type RelationView = Static<typeof ProjectRelation>;
export type FlowView = Static<typeof CapitalFlow>;
export type RecordView = Static<typeof UnitRecord>;

export const signed = (value: Decimal | string) => {
  const d = new D(value);
  return d.isZero() ? '0' : d.toFixed();
};

export function recordView(r: UnitRecordRow): RecordView {
  return {
    day: r.day,
    grossAsset: plain(r.gross_asset),
    interestPayable: plain(r.interest_payable),
    profitPayable: plain(r.profit_payable),
    netAsset: signed(r.net_asset),
    units: plain(r.units),
    nav: plain(r.nav),
    pnl: signed(r.pnl),
    flowsIn: plain(r.flows_in),
    flowsOut: plain(r.flows_out),
    tradeVolume: plain(r.trade_volume),
  };
}

/**
 * A project's net asset and its parts at the live valuation (spec §3 "Broker entities"): the gross asset less the
 * interest and profit payable (projects/store.ts liveNavOf), as project/page and investmentChart's live figures show them.
 */
export const netAssetParts = (p: Pick<ProjectRow, 'interest_payable' | 'profit_payable'>, live: LiveNav) => ({
  grossAsset: plain(live.gross),
  interestPayable: plain(p.interest_payable),
  profitPayable: plain(p.profit_payable),
  netAsset: plain(live.net),
});

/** The project's last zero-hour record (its day and NAV), or none yet. */
export const lastRecordView = (record: { day: string; nav: Decimal | string } | null | undefined) => ({ recordDay: record?.day ?? null, recordNav: record ? plain(record.nav) : null });

/** Project views with their live figures, in the order given. */
export async function projectViews(db: Queryable, rows: readonly ProjectRow[], at: Date): Promise<ProjectView[]> {
  if (rows.length === 0) return [];
  const nos = rows.map((r) => r.project_no);
  const [gross, counts, records] = await Promise.all([
    grossAssets(db, nos),
    db.query<{ project_no: string; investors: number; linked: number }>(
      `select p.project_no,
         (select count(*)::int from broker_holdings h where h.project_no = p.project_no and h.units > 0) as investors,
         (select count(*)::int from broker_project_accounts r where r.project_no = p.project_no and r.role = 'linked' and r.unlinked_at is null) as linked
       from broker_projects p where p.project_no = any($1::text[])`,
      [nos],
    ),
    db.query<{ project_no: string; day: string; nav: string }>(
      `select distinct on (project_no) project_no, day::text as day, nav::text as nav from broker_unit_records where project_no = any($1::text[]) order by project_no, day desc`,
      [nos],
    ),
  ]);
  const countOf = new Map(counts.map((c) => [c.project_no, c]));
  const recordOf = new Map(records.map((r) => [r.project_no, r]));
  return rows.map((p) => {
    const live = liveNavOf(p, gross.get(p.project_no) ?? ZERO);
    const record = recordOf.get(p.project_no);
    return {
      projectNo: p.project_no,
      name: p.name,
      description: p.description,
      asset: 'USDT',
      exchangeCode: p.exchange_code,
      brokerAccountId: p.account_id,
      subAccountName: p.account_name,
      startDay: p.start_day,
      endDay: p.end_day,
      status: statusOf(p, at),
      interestRate: plain(p.interest_rate),
      performanceFeeRate: plain(p.performance_fee_rate),
      minSubscription: plain(p.min_subscription),
      units: plain(p.units),
      ...netAssetParts(p, live),
      nav: plain(live.nav),
      hwm: plain(p.hwm),
      ...lastRecordView(record),
      investorCount: countOf.get(p.project_no)?.investors ?? 0,
      linkedAccountCount: countOf.get(p.project_no)?.linked ?? 0,
      shareCode: p.share_code,
      createdBy: p.created_by_email,
      createdAt: p.created_at.toISOString(),
    };
  });
}

/** What every wallet of the sub-accounts holds: USDT, and whether anything at all (any asset, free or locked). */
export async function accountHoldings(db: Queryable, accountIds: readonly string[]): Promise<Map<string, { usdt: Decimal; empty: boolean }>> {
  const out = new Map<string, { usdt: Decimal; empty: boolean }>(accountIds.map((id) => [id, { usdt: ZERO, empty: true }]));
  if (accountIds.length === 0) return out;
  const rows = await db.query<{ id: string; usdt: string; anything: boolean }>(
    `select account_id::text as id, coalesce(sum(free + locked) filter (where asset = 'USDT'), 0)::text as usdt, bool_or(free <> 0 or locked <> 0) as anything
     from broker_balances where account_id = any($1::bigint[]) group by account_id`,
    [accountIds],
  );
  for (const r of rows) out.set(r.id, { usdt: new D(r.usdt), empty: !r.anything });
  return out;
}

/** A project's sub-accounts, primary first (queryBrokerProjectInfo's `accounts`: the page's and the export's rows). */
export async function relationViews(db: Queryable, projectNo: string): Promise<RelationView[]> {
  const relations = await projectAccounts(db, projectNo);
  const accounts = await db.query<AccountRow>(`select ${ACCOUNT_COLUMNS} from broker_accounts a where a.id = any($1::bigint[])`, [relations.map((r) => r.account_id)]);
  const accountOfId = new Map(accounts.map((a) => [a.id, a]));
  const held = await accountHoldings(db, relations.map((r) => r.account_id));
  return relations.map((r) => {
    const a = accountOfId.get(r.account_id)!;
    return {
      relationId: r.id,
      projectNo: r.project_no,
      brokerAccountId: r.account_id,
      exchangeCode: a.exchange_code,
      subAccountName: a.name,
      accountType: a.kind,
      role: r.role,
      remark: r.remark,
      usdt: plain(held.get(r.account_id)?.usdt ?? ZERO),
      createdBy: r.created_by_email,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    };
  });
}

export const FLOW_FROM = `broker_capital_flows f join broker_projects p on p.project_no = f.project_no
  join broker_investors i on i.id = f.investor_id join users u on u.id = f.operator_id`;
export const FLOW_VIEW_COLUMNS = `${FLOW_COLUMNS}, p.name as project_name, i.name as investor_name, u.email as operator`;
export type FlowViewRow = CapitalFlowRow & { project_name: string; investor_name: string; operator: string };

export function flowView(r: FlowViewRow): FlowView {
  return {
    flowId: r.id,
    projectNo: r.project_no,
    projectName: r.project_name,
    investorId: r.investor_id,
    investorName: r.investor_name,
    direction: r.direction,
    source: r.source,
    sourceAccountId: r.source_account_id,
    amount: plain(r.amount),
    units: plain(r.units),
    nav: plain(r.nav),
    navDay: r.nav_day,
    principalChange: signed(r.principal_change),
    remark: r.remark,
    operator: r.operator,
    createdAt: r.created_at.toISOString(),
  };
}

export async function flowViewOf(db: Queryable, flowId: string): Promise<FlowView> {
  const rows = await db.query<FlowViewRow>(`select ${FLOW_VIEW_COLUMNS} from ${FLOW_FROM} where f.id = $1`, [flowId]);
  return flowView(rows[0]!);
}

export function applyRecordView(row: ApplyRecordRow, project: ProjectView | null) {
  return {
    applyRecordId: row.id,
    type: row.type,
    status: row.status,
    projectNo: row.project_no,
    applicant: row.applicant,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    completedAt: row.completed_at?.toISOString() ?? null,
    project,
  };
}
