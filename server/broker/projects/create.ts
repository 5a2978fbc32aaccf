import { randomBytes } from 'node:crypto';
import { BROKER_EXCHANGE_RULES, type BrokerExchange } from '../../../contract/broker-rules.ts';
import {
  daysBetween,
  hkDay,
  MAX_INTEREST_RATE,
  MAX_PERFORMANCE_FEE_RATE,
  MAX_PROJECT_DAYS,
  MAX_START_AHEAD_DAYS,
  MIN_SUBSCRIPTION_CEILING,
  MIN_SUBSCRIPTION_FLOOR,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_NAME_MAX,
  PROJECT_NAME_MIN,
} from '../../../contract/broker-projects-rules.ts';
import { ApiError, badInput, Code } from '../../platform/envelope.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { D, db as dbAmount } from '../../platform/decimal.ts';
import { openBrokerAccount } from '../accounts.ts';

/**
 * A new project (applyRecord/add type `project`; shared design "Project"): the terms checked (a 400 naming the
 * field), the primary asset-management sub-account opened on the exchange (empty: no seeded history), the project
 * and its primary relation written, and the application recorded applying → approved → done, all in the caller's
 * transaction. Idempotent on the organisation's requestId (the organisation row is locked first).
 */

export interface ProjectTerms {
  name: string;
  description: string;
  exchangeCode: BrokerExchange;
  subAccountName?: string | undefined;
  startDay: string;
  endDay: string;
  interestRate: string;
  performanceFeeRate: string;
  minSubscription: string;
}

function isCalendarDay(day: string): boolean {
  const t = Date.parse(`${day}T00:00:00.000Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === day;
}

/** The terms normalised (names trimmed), or a 400 naming the first field broken. `today` is the UTC+8 day of the application. */
export function checkTerms(terms: ProjectTerms, today: string): ProjectTerms {
  const name = terms.name.trim();
  if (name.length < PROJECT_NAME_MIN || name.length > PROJECT_NAME_MAX) throw badInput('name', 'length', `The name has ${PROJECT_NAME_MIN} to ${PROJECT_NAME_MAX} characters`);
  const description = terms.description.trim();
  if (description.length > PROJECT_DESCRIPTION_MAX) throw badInput('description', 'length');
  const rule = BROKER_EXCHANGE_RULES[terms.exchangeCode];
  if (!rule.masterApi) throw badInput('exchangeCode', 'noMasterApi', 'No master account API is configured for this exchange');
  if (!rule.kinds.includes('asset_management')) throw badInput('exchangeCode', 'kindNotOffered', 'This exchange opens no asset-management sub-account');
  if (!isCalendarDay(terms.startDay)) throw badInput('startDay', 'date');
  if (!isCalendarDay(terms.endDay)) throw badInput('endDay', 'date');
  if (terms.startDay < today) throw badInput('startDay', 'past', 'The project cannot start before today');
  if (daysBetween(today, terms.startDay) > MAX_START_AHEAD_DAYS) throw badInput('startDay', 'tooFar', `At most ${MAX_START_AHEAD_DAYS} days ahead`);
  if (terms.endDay <= terms.startDay) throw badInput('endDay', 'beforeStart', 'The project ends after it starts');
  if (daysBetween(terms.startDay, terms.endDay) > MAX_PROJECT_DAYS) throw badInput('endDay', 'tooLong', `At most ${MAX_PROJECT_DAYS} days`);
  if (new D(terms.interestRate).gt(MAX_INTEREST_RATE)) throw badInput('interestRate', 'range', `0 to ${MAX_INTEREST_RATE}`);
  if (new D(terms.performanceFeeRate).gt(MAX_PERFORMANCE_FEE_RATE)) throw badInput('performanceFeeRate', 'range', `0 to ${MAX_PERFORMANCE_FEE_RATE}`);
  const min = new D(terms.minSubscription);
  if (min.lt(MIN_SUBSCRIPTION_FLOOR) || min.gt(MIN_SUBSCRIPTION_CEILING)) throw badInput('minSubscription', 'range', `${MIN_SUBSCRIPTION_FLOOR} to ${MIN_SUBSCRIPTION_CEILING}`);
  return { ...terms, name, description };
}

export interface ApplyRecordRow {
  id: string;
  org_id: string;
  type: 'project';
  status: 'applying' | 'approved' | 'rejected' | 'done';
  terms: ProjectTerms;
  project_no: string | null;
  applicant: string;
  request_id: string;
  created_at: Date;
  decided_at: Date | null;
  completed_at: Date | null;
}

const APPLY_COLUMNS = `x.id::text as id, x.org_id::text as org_id, x.type, x.status, x.terms, x.project_no,
  (select email from users u where u.id = x.applicant_id) as applicant, x.request_id, x.created_at, x.decided_at, x.completed_at`;

export async function applyRecordByRequest(db: Queryable, orgId: string, requestId: string): Promise<ApplyRecordRow | null> {
  const rows = await db.query<ApplyRecordRow>(`select ${APPLY_COLUMNS} from broker_project_applications x where x.org_id = $1 and x.request_id = $2`, [orgId, requestId]);
  const row = rows[0];
  if (row && typeof row.terms === 'string') row.terms = JSON.parse(row.terms) as ProjectTerms;
  return row ?? null;
}

/** A project number not taken yet: P + YYYYMMDD (UTC+8) + the day's next 4-digit sequence. */
async function nextProjectNo(tx: Queryable, day: string): Promise<string> {
  const prefix = `P${day.replaceAll('-', '')}`;
  const rows = await tx.query<{ last: string | null }>('select max(project_no) as last from broker_projects where project_no like $1', [`${prefix}%`]);
  const last = rows[0]?.last;
  const next = last ? Number(last.slice(9)) + 1 : 1;
  if (next > 9999) throw new ApiError(Code.projectLimit, { max: 9999 });
  return `${prefix}${String(next).padStart(4, '0')}`;
}

function sameTerms(a: ProjectTerms, b: ProjectTerms): boolean {
  return (
    a.name === b.name &&
    a.exchangeCode === b.exchangeCode &&
    a.startDay === b.startDay &&
    a.endDay === b.endDay &&
    new D(a.interestRate).eq(b.interestRate) &&
    new D(a.performanceFeeRate).eq(b.performanceFeeRate) &&
    new D(a.minSubscription).eq(b.minSubscription)
  );
}

/** applyRecord/add type project, in the caller's transaction. Returns the application (done, with its project number). */
export async function createProject(tx: Queryable, input: { orgId: string; userId: number; requestId: string; terms: ProjectTerms }, at: Date): Promise<ApplyRecordRow> {
  const terms = checkTerms(input.terms, hkDay(at));
  await tx.query('select id from broker_orgs where id = $1 for update', [input.orgId]);
  const previous = await applyRecordByRequest(tx, input.orgId, input.requestId);
  if (previous) {
    if (!sameTerms(previous.terms, terms)) throw new ApiError(Code.requestIdReused, { requestId: input.requestId });
    return previous;
  }
  const inserted = await tx.query<{ id: string }>(
    `insert into broker_project_applications (org_id, type, status, terms, applicant_id, request_id, created_at) values ($1, 'project', 'applying', $2, $3, $4, $5) returning id::text as id`,
    [input.orgId, JSON.stringify(terms), input.userId, input.requestId, at],
  );
  const applicationId = inserted[0]!.id;
  // The sandbox plays the provider and approves at once.
  await tx.query(`update broker_project_applications set status = 'approved', decided_at = $2 where id = $1`, [applicationId, at]);
  // Project numbers are counted per day across organisations: one transaction at a time takes the next.
  await tx.query("select pg_advisory_xact_lock(hashtext('broker_projects.project_no'))");
  const projectNo = await nextProjectNo(tx, hkDay(at));
  const { account } = await openBrokerAccount(
    tx,
    {
      orgId: input.orgId,
      userId: input.userId,
      exchange: terms.exchangeCode,
      kind: 'asset_management',
      name: terms.subAccountName ?? `prj_${projectNo.toLowerCase()}`,
      remark: terms.name,
      requestId: `${input.requestId}:project`,
      history: false,
    },
    at,
  );
  await tx.query(
    `insert into broker_projects (project_no, org_id, name, description, exchange_code, account_id, start_day, end_day, interest_rate, performance_fee_rate,
       min_subscription, share_code, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7::date, $8::date, $9, $10, $11, $12, $13, $14)`,
    [projectNo, input.orgId, terms.name, terms.description, terms.exchangeCode, account.id, terms.startDay, terms.endDay, terms.interestRate, terms.performanceFeeRate, dbAmount(new D(terms.minSubscription)), randomBytes(12).toString('base64url'), input.userId, at],
  );
  await tx.query(
    `insert into broker_project_accounts (project_no, account_id, role, remark, created_by, created_at, updated_at) values ($1, $2, 'primary', '', $3, $4, $4)`,
    [projectNo, account.id, input.userId, at],
  );
  await tx.query(`update broker_project_applications set status = 'done', project_no = $2, completed_at = $3 where id = $1`, [applicationId, projectNo, at]);
  return (await applyRecordByRequest(tx, input.orgId, input.requestId))!;
}
