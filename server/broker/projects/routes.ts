import type Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { redeemAmount } from '../../../contract/broker-nav.ts';
import { MAX_LINKED_ACCOUNTS, PROJECT_STATUSES, type ProjectStatus, REDEEM_CODE_TYPE } from '../../../contract/broker-projects-rules.ts';
import { brokerProjectCalls, type CapitalFlow, type Project, type ProjectRelation, type UnitRecord } from '../../../contract/broker-projects.ts';
import { consumeCodes } from '../../identity/codes.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import { serveCalls } from '../../platform/contract.ts';
import { ApiError, badInput, Code } from '../../platform/envelope.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { D, ZERO } from '../../platform/decimal.ts';
import { pageQuery } from '../../platform/records.ts';
import { timeWindow } from '../../platform/time-window.ts';
import { ACCOUNT_COLUMNS, type AccountRow, accountOf, checkIdRange } from '../accounts.ts';
import { checkBrokerSecondFactor } from '../second-factor.ts';
import { brokerMember } from '../org.ts';
import { plain } from '../valuation.ts';
import { addInvestor, decreaseCapital, increaseCapital, lockProject, planDecrease } from './capital.ts';
import { type ApplyRecordRow, createProject } from './create.ts';
import { runDailyJob } from './daily.ts';
import {
  type CapitalFlowRow,
  FLOW_COLUMNS,
  grossAssets,
  holdingsOf,
  investorOf,
  latestRecord,
  liveNavOf,
  primaryAvailable,
  type ProjectRow,
  projectAccounts,
  projectOf,
  projectsOf,
  statusOf,
  type UnitRecordRow,
} from './store.ts';

/**
 * The projects core's calls (issue 15; contract/broker-projects.ts; server/broker/README.md "Projects"). Every
 * call starts with `brokerMember` (403 without broker rights) and reaches only the caller's organisation's rows.
 * The daily zero-hour job runs from ctx.timed (after every sweep and clock advance) and once at start-up.
 */

type ProjectView = Static<typeof Project>;
type RelationView = Static<typeof ProjectRelation>;
type FlowView = Static<typeof CapitalFlow>;
type RecordView = Static<typeof UnitRecord>;

const signed = (value: Decimal | string) => {
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
      grossAsset: plain(live.gross),
      interestPayable: plain(p.interest_payable),
      profitPayable: plain(p.profit_payable),
      netAsset: signed(live.net),
      nav: plain(live.nav),
      hwm: plain(p.hwm),
      recordDay: record?.day ?? null,
      recordNav: record ? plain(record.nav) : null,
      investorCount: countOf.get(p.project_no)?.investors ?? 0,
      linkedAccountCount: countOf.get(p.project_no)?.linked ?? 0,
      shareCode: p.share_code,
      createdBy: p.created_by_email,
      createdAt: p.created_at.toISOString(),
    };
  });
}

/** What every wallet of the sub-accounts holds: USDT, and whether anything at all (any asset, free or locked). */
async function accountHoldings(db: Queryable, accountIds: readonly string[]): Promise<Map<string, { usdt: Decimal; empty: boolean }>> {
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

const FLOW_FROM = `broker_capital_flows f join broker_projects p on p.project_no = f.project_no
  join broker_investors i on i.id = f.investor_id join users u on u.id = f.operator_id`;
const FLOW_VIEW_COLUMNS = `${FLOW_COLUMNS}, p.name as project_name, i.name as investor_name, u.email as operator`;
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

async function flowViewOf(db: Queryable, flowId: string): Promise<FlowView> {
  const rows = await db.query<FlowViewRow>(`select ${FLOW_VIEW_COLUMNS} from ${FLOW_FROM} where f.id = $1`, [flowId]);
  return flowView(rows[0]!);
}

function applyRecordView(row: ApplyRecordRow, project: ProjectView | null) {
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

/** project/page's filter (status, exchange, number or name): the organisation's projects it keeps, newest first. */
export interface ProjectPageFilter {
  status?: ProjectStatus | undefined;
  exchangeCode?: string | undefined;
  keyword?: string | undefined;
}
export async function projectPageRows(db: Queryable, orgId: string, q: ProjectPageFilter, at: Date): Promise<ProjectRow[]> {
  const keyword = q.keyword?.trim().toLowerCase();
  return (await projectsOf(db, orgId)).filter(
    (p) =>
      (!q.status || statusOf(p, at) === q.status) &&
      (!q.exchangeCode || p.exchange_code === q.exchangeCode) &&
      (!keyword || p.project_no.toLowerCase().includes(keyword) || p.name.toLowerCase().includes(keyword)),
  );
}

/** project/listCapital: the investors' holdings of a project at the live NAV, biggest first (404 for another organisation's). */
export async function capitalList(db: Queryable, orgId: string, projectNo: string) {
  const project = await projectOf(db, orgId, projectNo);
  const live = liveNavOf(project, (await grossAssets(db, [project.project_no])).get(project.project_no) ?? ZERO);
  const holdings = await holdingsOf(db, project.project_no);
  const details = await db.query<{ id: string; name: string; email: string; interest: string; total_in: string; total_out: string; first_in: Date | null }>(
    `select i.id::text as id, i.name, i.email,
       (select coalesce(sum(amount), 0)::text from broker_interest_accruals a where a.project_no = $1 and a.investor_id = i.id and a.settlement_id is null) as interest,
       (select coalesce(sum(amount), 0)::text from broker_capital_flows f where f.project_no = $1 and f.investor_id = i.id and f.direction = 'increase') as total_in,
       (select coalesce(sum(amount), 0)::text from broker_capital_flows f where f.project_no = $1 and f.investor_id = i.id and f.direction = 'decrease') as total_out,
       (select min(created_at) from broker_capital_flows f where f.project_no = $1 and f.investor_id = i.id) as first_in
     from broker_investors i where i.id = any($2::bigint[])`,
    [project.project_no, holdings.map((h) => h.investor_id)],
  );
  const detailOf = new Map(details.map((d) => [d.id, d]));
  return {
    projectNo: project.project_no,
    nav: plain(live.nav),
    units: plain(project.units),
    list: holdings.map((h) => {
      const d = detailOf.get(h.investor_id)!;
      const value = redeemAmount(h.units, live.nav);
      return {
        investorId: h.investor_id,
        name: d.name,
        email: d.email,
        units: plain(h.units),
        principal: plain(h.principal),
        value: plain(new D(value)),
        gain: signed(new D(value).sub(h.principal)),
        sharePercent: live.units.gt(0) ? new D(h.units).div(live.units).mul(100).toDecimalPlaces(4, D.ROUND_HALF_UP).toFixed(4) : '0.0000',
        interestUnsettled: plain(d.interest),
        totalIn: plain(d.total_in),
        totalOut: plain(d.total_out),
        firstInAt: d.first_in?.toISOString() ?? null,
      };
    }),
  };
}

/** pageDepositWithdrawRecords' filter. */
export interface FlowFilter {
  projectNo?: string | undefined;
  investorId?: string | undefined;
  direction?: 'increase' | 'decrease' | undefined;
  days?: number | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
}
/** pageDepositWithdrawRecords' query (404 another organisation's project, 400 a bad id or range), newest first. */
export async function flowQuery(db: Queryable, orgId: string, q: FlowFilter, now: Date) {
  if (q.projectNo) await projectOf(db, orgId, q.projectNo);
  if (q.investorId) checkIdRange(q.investorId, 'investorId');
  const params: unknown[] = [orgId];
  const where = ['f.org_id = $1'];
  const add = (sql: string, value: unknown) => {
    if (value === undefined) return;
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  add('f.project_no = ?', q.projectNo);
  add('f.investor_id = ?', q.investorId);
  add('f.direction = ?', q.direction);
  const { since, until } = timeWindow(q, now);
  add('f.created_at >= ?', since);
  add('f.created_at < ?', until);
  return { select: FLOW_VIEW_COLUMNS, from: FLOW_FROM, where: where.join(' and '), order: 'f.created_at desc, f.id desc', params };
}

/** The organisation's live sub-account linked to nothing, same exchange as the project, holding nothing: or 10460 with the reason. */
async function checkLinkable(db: Queryable, project: ProjectRow, account: AccountRow): Promise<void> {
  if (account.exchange_code !== project.exchange_code) throw new ApiError(Code.relationRefused, { reason: 'otherExchange' });
  const current = await db.query<{ project_no: string }>('select project_no from broker_project_accounts where account_id = $1 and unlinked_at is null', [account.id]);
  if (current[0]) throw new ApiError(Code.relationRefused, { reason: 'inProject', projectNo: current[0].project_no });
  if (!(await accountHoldings(db, [account.id])).get(account.id)!.empty) throw new ApiError(Code.relationRefused, { reason: 'notEmpty' });
}

interface RelationRow {
  id: string;
  project_no: string;
  account_id: string;
  role: 'primary' | 'linked';
}

async function relationOf(db: Queryable, orgId: string, relationId: string, lock = false): Promise<RelationRow> {
  checkIdRange(relationId, 'relationId');
  const rows = await db.query<RelationRow>(
    `select r.id::text as id, r.project_no, r.account_id::text as account_id, r.role from broker_project_accounts r join broker_projects p on p.project_no = r.project_no
     where r.id = $1 and p.org_id = $2 and r.unlinked_at is null${lock ? ' for update of r' : ''}`,
    [relationId, orgId],
  );
  if (!rows[0]) throw new ApiError(Code.notFound, { field: 'relationId' });
  return rows[0];
}

export async function brokerProjectRoutes(ctx: ApiContext, app: FastifyInstance): Promise<void> {
  const member = (userId: number) => brokerMember(ctx.db, userId);
  const views = (rows: readonly ProjectRow[]) => projectViews(ctx.db, rows, nowDate(ctx));
  const viewOf = async (orgId: string, projectNo: string) => (await views([await projectOf(ctx.db, orgId, projectNo)]))[0]!;

  // The daily zero-hour job: after every sweep and clock advance, and now (a restart catches up).
  const daily = async () => {
    await runDailyJob(ctx.db, nowDate(ctx));
  };
  ctx.timed.push(daily);
  await daily();

  serveCalls(ctx, app, brokerProjectCalls, {
    '/broker/project': async ({ auth }) => {
      const { orgId } = await member(auth.user.id);
      const at = nowDate(ctx);
      return (await projectsOf(ctx.db, orgId)).map((p) => ({ projectNo: p.project_no, name: p.name, status: statusOf(p, at), exchangeCode: p.exchange_code, brokerAccountId: p.account_id }));
    },

    '/broker/applyRecord/add': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const at = nowDate(ctx);
      const row = await ctx.db.transaction((tx) =>
        createProject(
          tx,
          {
            orgId,
            userId: auth.user.id,
            requestId: body.requestId,
            terms: {
              name: body.name,
              description: body.description ?? '',
              exchangeCode: body.exchangeCode,
              subAccountName: body.subAccountName,
              startDay: body.startDay,
              endDay: body.endDay,
              interestRate: body.interestRate,
              performanceFeeRate: body.performanceFeeRate,
              minSubscription: body.minSubscription,
            },
          },
          at,
        ),
      );
      return applyRecordView(row, row.project_no ? await viewOf(orgId, row.project_no) : null);
    },

    '/broker/project/listProjectByStatus': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const at = nowDate(ctx);
      const rows = await projectsOf(ctx.db, orgId);
      const counts = Object.fromEntries(PROJECT_STATUSES.map((s) => [s, 0])) as Record<ProjectStatus, number>;
      for (const p of rows) counts[statusOf(p, at)]++;
      return { counts, list: await views(body.status ? rows.filter((p) => statusOf(p, at) === body.status) : rows) };
    },

    '/broker/project/page': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const rows = await projectPageRows(ctx.db, orgId, body.queryCondition ?? {}, nowDate(ctx));
      const { pageNum, pageSize } = body.pageCondition;
      return { list: await views(rows.slice((pageNum - 1) * pageSize, pageNum * pageSize)), total: rows.length, pageNum, pageSize };
    },

    '/broker/project/queryBrokerProjectInfo': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const project = await projectOf(ctx.db, orgId, body.projectNo);
      const [view] = await views([project]);
      const totals = await ctx.db.query<{ inflow: string; outflow: string }>(
        `select coalesce(sum(amount) filter (where direction = 'increase'), 0)::text as inflow, coalesce(sum(amount) filter (where direction = 'decrease'), 0)::text as outflow
         from broker_capital_flows where project_no = $1`,
        [project.project_no],
      );
      const record = await latestRecord(ctx.db, project.project_no);
      return {
        project: view!,
        accounts: await relationViews(ctx.db, project.project_no),
        latestRecord: record ? recordView(record) : null,
        totalIn: plain(totals[0]!.inflow),
        totalOut: plain(totals[0]!.outflow),
        available: plain(await primaryAvailable(ctx.db, project)),
      };
    },

    '/broker/project/listCapital': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      return capitalList(ctx.db, orgId, body.projectNo);
    },

    '/broker/project/pageDepositWithdrawRecords': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const { rows, total } = await pageQuery<FlowViewRow>(ctx.db, await flowQuery(ctx.db, orgId, body.queryCondition ?? {}, nowDate(ctx)), body.pageCondition);
      return { list: rows.map(flowView), total, pageNum: body.pageCondition.pageNum, pageSize: body.pageCondition.pageSize };
    },

    '/broker/account/project/relation/queryBrokerAccount': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      await projectOf(ctx.db, orgId, body.projectNo);
      return relationViews(ctx.db, body.projectNo);
    },

    '/broker/account/project/relation/querySelectBrokerAccount': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const project = await projectOf(ctx.db, orgId, body.projectNo);
      const accounts = await ctx.db.query<AccountRow>(
        `select ${ACCOUNT_COLUMNS} from broker_accounts a where a.org_id = $1 and a.exchange_code = $2 and a.deleted_at is null
           and not exists (select 1 from broker_project_accounts r where r.account_id = a.id and r.unlinked_at is null)
         order by a.id`,
        [orgId, project.exchange_code],
      );
      const held = await accountHoldings(ctx.db, accounts.map((a) => a.id));
      // Valued in USDT: the sandbox's other assets are counted through the broker valuation elsewhere; here what
      // matters is whether the account holds anything at all.
      return accounts.map((a) => {
        const h = held.get(a.id)!;
        return { brokerAccountId: a.id, exchangeCode: a.exchange_code, subAccountName: a.name, accountType: a.kind, valueUsdt: plain(h.usdt), selectable: h.empty, reason: h.empty ? null : ('notEmpty' as const) };
      });
    },

    '/broker/account/project/relation/add': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const at = nowDate(ctx);
      const relationId = await ctx.db.transaction(async (tx) => {
        const project = await projectOf(tx, orgId, body.projectNo, true);
        const account = await accountOf(tx, orgId, body.brokerAccountId, true);
        await checkLinkable(tx, project, account);
        const linked = await tx.query<{ n: number }>(`select count(*)::int as n from broker_project_accounts where project_no = $1 and role = 'linked' and unlinked_at is null`, [project.project_no]);
        if ((linked[0]?.n ?? 0) >= MAX_LINKED_ACCOUNTS) throw new ApiError(Code.projectLimit, { max: MAX_LINKED_ACCOUNTS });
        const rows = await tx.query<{ id: string }>(
          `insert into broker_project_accounts (project_no, account_id, role, remark, created_by, created_at, updated_at) values ($1, $2, 'linked', $3, $4, $5, $5)
           on conflict do nothing returning id::text as id`,
          [project.project_no, account.id, body.remark ?? '', auth.user.id, at],
        );
        if (!rows[0]) throw new ApiError(Code.relationRefused, { reason: 'inProject' });
        return rows[0].id;
      });
      return (await relationViews(ctx.db, body.projectNo)).find((r) => r.relationId === relationId)!;
    },

    '/broker/account/project/relation/update': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const relation = await relationOf(ctx.db, orgId, body.relationId);
      await ctx.db.query('update broker_project_accounts set remark = $2, updated_at = $3 where id = $1', [relation.id, body.remark.trim(), nowDate(ctx)]);
      return (await relationViews(ctx.db, relation.project_no)).find((r) => r.relationId === relation.id)!;
    },

    '/broker/account/project/relation/delete': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const at = nowDate(ctx);
      await ctx.db.transaction(async (tx) => {
        const relation = await relationOf(tx, orgId, body.relationId);
        // The project row first (as every change of a project's money), then the link.
        await projectOf(tx, orgId, relation.project_no, true);
        await relationOf(tx, orgId, body.relationId, true);
        if (relation.role === 'primary') throw new ApiError(Code.relationRefused, { reason: 'primary' });
        const held = (await accountHoldings(tx, [relation.account_id])).get(relation.account_id)!;
        if (!held.empty) throw new ApiError(Code.relationNotEmpty, { usdt: plain(held.usdt) });
        await tx.query('update broker_project_accounts set unlinked_at = $2, updated_at = $2 where id = $1', [relation.id, at]);
      });
      return { relationId: body.relationId };
    },

    '/broker/investor/list': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      if (body.projectNo) await projectOf(ctx.db, orgId, body.projectNo);
      const keyword = body.keyword?.trim().toLowerCase() ?? null;
      const rows = await ctx.db.query<{ id: string; name: string; email: string; projects: number; created_at: Date }>(
        `select i.id::text as id, i.name, i.email, i.created_at,
           (select count(*)::int from broker_holdings h where h.investor_id = i.id and h.units > 0) as projects
         from broker_investors i
         where i.org_id = $1 and ($2::text is null or exists (select 1 from broker_holdings h where h.investor_id = i.id and h.project_no = $2 and h.units > 0))
           and ($3::text is null or position($3 in lower(i.name)) > 0 or position($3 in lower(i.email)) > 0)
         order by lower(i.name), i.id`,
        [orgId, body.projectNo ?? null, keyword],
      );
      return rows.map((r) => ({ investorId: r.id, name: r.name, email: r.email, projectCount: r.projects, createdAt: r.created_at.toISOString() }));
    },

    '/broker/investor/add': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const row = await ctx.db.transaction((tx) => addInvestor(tx, orgId, body, auth.user.id, nowDate(ctx)));
      return { investorId: row.id, name: row.name, email: row.email, projectCount: 0, createdAt: row.created_at.toISOString() };
    },

    '/broker/financing/increaseCapital': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      if ((body.investorId === undefined) === (body.investor === undefined)) {
        throw badInput(body.investorId === undefined ? 'investorId' : 'investor', 'oneOf', 'Name an investor or a new one');
      }
      if (body.investorId) checkIdRange(body.investorId, 'investorId');
      const at = nowDate(ctx);
      const flow = await ctx.db.transaction((tx) =>
        increaseCapital(
          tx,
          {
            orgId,
            projectNo: body.projectNo,
            investor: body.investorId ? { id: body.investorId } : body.investor!,
            amount: new D(body.amount),
            operatorId: auth.user.id,
            requestId: body.requestId,
            ...(body.remark === undefined ? {} : { remark: body.remark }),
          },
          at,
        ),
      );
      return flowViewOf(ctx.db, flow.flow.id);
    },

    '/broker/financing/preDecreaseCapital': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      checkIdRange(body.investorId, 'investorId');
      const at = nowDate(ctx);
      // Read in a transaction that brings the project's records up to date first (the NAV of now).
      const plan = await ctx.db.transaction(async (tx) => {
        const project = await lockProject(tx, orgId, body.projectNo, at);
        await investorOf(tx, orgId, body.investorId);
        return planDecrease(tx, project, body.investorId, body);
      });
      return {
        projectNo: body.projectNo,
        investorId: body.investorId,
        units: plain(plan.units),
        nav: plain(plan.nav),
        navDay: plan.navDay,
        amount: plain(plan.amount),
        principalReduced: plain(plan.principalReduced),
        unitsLeft: plain(plan.unitsLeft),
        available: plain(plan.available),
      };
    },

    '/broker/financing/decreaseCapital': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      checkIdRange(body.investorId, 'investorId');
      const at = nowDate(ctx);
      // A replay of a made decrease answers without a second factor; otherwise check the request before the code.
      const replay = await ctx.db.query<{ id: string }>('select id::text as id from broker_capital_flows where org_id = $1 and request_id = $2', [orgId, body.requestId]);
      if (!replay[0]) {
        await projectOf(ctx.db, orgId, body.projectNo);
        if ((body.units === undefined) === (body.amount === undefined)) throw badInput(body.units === undefined ? 'units' : 'amount', 'oneOf', 'Give either units or an amount');
      }
      const codeUuid = replay[0] ? null : await checkBrokerSecondFactor(ctx, auth, body, REDEEM_CODE_TYPE);
      const flow = await ctx.db.transaction(async (tx) => {
        const made = await decreaseCapital(
          tx,
          { orgId, projectNo: body.projectNo, investorId: body.investorId, ask: body, operatorId: auth.user.id, requestId: body.requestId, ...(body.remark === undefined ? {} : { remark: body.remark }) },
          at,
        );
        // The code is used up with the money it moved (a replay met inside the transaction leaves it usable).
        if (codeUuid && made.created) await consumeCodes(ctx, tx, [codeUuid]);
        return made.flow;
      });
      return flowViewOf(ctx.db, flow.id);
    },
  });
}
