import type Decimal from 'decimal.js';
import { addDays } from '../../../contract/broker-projects-rules.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { ZERO } from '../../platform/decimal.ts';
import type { CapitalFlowRow, ProjectRow, UnitRecordRow } from '../projects/store.ts';
import {
  capitalFlows,
  dayKey,
  firstRecordDays,
  flowsByHolding,
  investorAccruals,
  investorNames,
  lastOnOrBefore,
  navOn,
  positionAt,
  recordsBefore,
  recordsByProject,
  scopeProjects,
  valueOf,
} from './data.ts';
import type { DayWindow } from './range.ts';

/**
 * The investors' book over a window of record days: who holds what in which project on each day, at which NAV.
 * The overview's investor calls (income lines, income records, intervals, trade shares) all read it, so their
 * figures agree: value = units × NAV of the record in force (cut to 8 decimals), profit = value − (capital in −
 * capital out). A deposit adds to value and to net contribution alike, so it is never profit.
 */
export interface Book {
  projects: ProjectRow[];
  names: Map<string, string>;
  /** Flows per `project|investor`, in record order. */
  holdings: Map<string, CapitalFlowRow[]>;
  /** Records per project: the one before the window (when any) and the window's. */
  records: Map<string, UnitRecordRow[]>;
  firstDays: Map<string, string>;
  /** The record days of the window over every project in scope, oldest first. */
  days: string[];
  /** Interest accrued per `project|investor` up to each accrual day (running sums), oldest first. */
  accruals: Map<string, Array<{ day: string; amount: string; upTo: Decimal }>>;
  /** Standings already worked out, by `project|investor|day` (the calls ask for the same ones again). */
  memo: Map<string, Standing>;
}

export interface BookFilter {
  projectNo?: string | undefined;
  investorId?: string | undefined;
}

export async function loadBook(db: Queryable, orgId: string, filter: BookFilter, window: DayWindow): Promise<Book> {
  const projects = await scopeProjects(db, orgId, filter.projectNo);
  const names = await investorNames(db, orgId, filter.investorId);
  const nos = projects.map((p) => p.project_no);
  const [flows, inWindow, before, firstDays, accrualRows] = await Promise.all([
    capitalFlows(db, orgId, filter),
    recordsByProject(db, nos, window),
    recordsBefore(db, nos, window.from),
    firstRecordDays(db, nos),
    investorAccruals(db, nos, filter.investorId),
  ]);
  const records = new Map<string, UnitRecordRow[]>();
  const days = new Set<string>();
  for (const p of nos) {
    const rs = inWindow.get(p) ?? [];
    for (const r of rs) days.add(r.day);
    const prev = before.get(p);
    records.set(p, prev ? [prev, ...rs] : rs);
  }
  const accruals = new Map<string, Array<{ day: string; amount: string; upTo: Decimal }>>();
  for (const a of accrualRows) {
    const key = dayKey(a.project_no, a.investor_id);
    const list = accruals.get(key) ?? [];
    list.push({ day: a.day, amount: a.amount, upTo: (list.at(-1)?.upTo ?? ZERO).add(a.amount) });
    accruals.set(key, list);
  }
  const inScope = new Set(nos);
  return {
    projects,
    names,
    holdings: flowsByHolding(flows.filter((f) => inScope.has(f.project_no) && names.has(f.investor_id))),
    records,
    firstDays,
    days: [...days].sort(),
    accruals,
    memo: new Map(),
  };
}

/** The investors with a holding in the book, by name. */
export function bookInvestors(book: Book): string[] {
  const ids = new Set([...book.holdings.keys()].map((k) => k.split('|')[1]!));
  return [...ids].sort((a, b) => (book.names.get(a) ?? '').localeCompare(book.names.get(b) ?? '') || a.localeCompare(b));
}

/** The projects an investor holds in the book. */
export function investorProjects(book: Book, investorId: string): ProjectRow[] {
  return book.projects.filter((p) => book.holdings.has(dayKey(p.project_no, investorId)));
}

export interface Standing {
  units: Decimal;
  value: Decimal;
  capitalIn: Decimal;
  capitalOut: Decimal;
  /** Interest accrued up to and including the day. */
  interest: Decimal;
}

/** One investor's standing in one project on a record day. */
export function standingIn(book: Book, projectNo: string, investorId: string, day: string): Standing {
  const key = dayKey(projectNo, investorId);
  const known = book.memo.get(`${key}|${day}`);
  if (known) return known;
  const p = positionAt(book.holdings.get(key) ?? [], day, book.firstDays.get(projectNo));
  const s = { units: p.units, value: valueOf(p.units, navOn(book.records.get(projectNo) ?? [], day)), capitalIn: p.capitalIn, capitalOut: p.capitalOut, interest: accruedUpTo(book.accruals.get(key) ?? [], day) };
  book.memo.set(`${key}|${day}`, s);
  return s;
}

/** The running sum of accruals at the last accrual day not after `day` (0 before the first). */
function accruedUpTo(list: ReadonlyArray<{ day: string; upTo: Decimal }>, day: string): Decimal {
  return lastOnOrBefore(list, day)?.upTo ?? ZERO;
}

/** One investor's standing over every project of the book on a record day. */
export function standing(book: Book, investorId: string, day: string): Standing {
  let s: Standing = { units: ZERO, value: ZERO, capitalIn: ZERO, capitalOut: ZERO, interest: ZERO };
  for (const p of investorProjects(book, investorId)) {
    const one = standingIn(book, p.project_no, investorId, day);
    s = { units: s.units.add(one.units), value: s.value.add(one.value), capitalIn: s.capitalIn.add(one.capitalIn), capitalOut: s.capitalOut.add(one.capitalOut), interest: s.interest.add(one.interest) };
  }
  return s;
}

export const netOf = (s: Standing): Decimal => s.capitalIn.sub(s.capitalOut);
export const profitOf = (s: Standing): Decimal => s.value.sub(netOf(s));
export const dayBefore = (day: string): string => addDays(day, -1);
