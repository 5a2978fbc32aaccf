/**
 * Profit of the broker's projects (spec §4 "Broker states", operation log types; spec §7 "Broker calls":
 * project/queryWithdrawAvailable, invokeWithdrawalEmailValidation, submitExtractInferiorRecord,
 * addExtractInferiorRecord, addInferiorTransferRecord, profitAccrual/*), shared by the sandbox
 * (server/broker/profit) and the app. Plain values and decimal.js only (no schema library), so the app may import
 * them at run time (contract/bundle-boundary.test.ts). The calls are in contract/broker-profit.ts.
 *
 * A project's accrued profit is the broker's performance fee (`profit_payable`, a liability of the fund, accrued at
 * every zero hour above the high-water mark). The broker takes it out by an application a second member approves:
 * - `withdraw` (spec "extract", operation log `inferior_extract_*`): to one sub-account of the organisation;
 * - `allot` (`funds_allot_*`): split over several sub-accounts in one application, by amounts or percentages;
 * - `transfer_in` (`inferior_transfer_*`): the other way, the broker's own money from a sub-account into the
 *   project, bought as units of the broker's own investor record (a capital increase).
 */
import Decimal from 'decimal.js';
import { exportFile, type OperationKind } from './broker-rules.ts';

export const PROFIT_APPLICATION_TYPES = ['withdraw', 'allot', 'transfer_in'] as const;
export type ProfitApplicationType = (typeof PROFIT_APPLICATION_TYPES)[number];

/** The operation log kind (spec §4) each profit application writes, with _apply, _approved or _rejected. */
export const PROFIT_OPERATION_KIND_OF: Record<ProfitApplicationType, OperationKind> = {
  withdraw: 'inferior_extract',
  allot: 'funds_allot',
  transfer_in: 'inferior_transfer',
};

/** Profit is accrued and paid in the project's asset; projects are USDT only (server/broker/README.md "Profit"). */
export const PROFIT_ASSET = 'USDT';
/** Profit leaves from, and own money arrives on, the project's primary account's futures wallet. */
export const PROFIT_WALLET = 'futures';
/** USDT amounts carry at most 8 decimals on the projects' ledger (contract/broker-nav.ts). */
export const PROFIT_DECIMALS = 8;
/** An allocation goes to at least 2 and at most this many sub-accounts. */
export const MAX_ALLOT_LEGS = 10;
/** Percentages of an allocation carry at most 2 decimals and add up to exactly 100. */
export const PERCENT_DECIMALS = 2;

/** Allocation modes: each leg names its amount, or its percentage of the total. */
export const ALLOT_MODES = ['amount', 'percent'] as const;
export type AllotMode = (typeof ALLOT_MODES)[number];

export type AllotLegInput = { toAccountId: string; amount?: string | undefined; percent?: string | undefined };
export type SplitResult = { ok: true; amounts: string[] } | { ok: false; rule: 'sum' | 'percentSum' | 'leg' | 'duplicate' | 'legs'; index?: number };

/**
 * The legs' amounts of an allocation of `total` (spec §7 profitAccrual/apply). By amount: every leg above zero,
 * at most PROFIT_DECIMALS decimals, summing to the total exactly. By percentage: every leg above zero with at most
 * PERCENT_DECIMALS decimals, summing to 100; each leg gets total × percent / 100 rounded DOWN to PROFIT_DECIMALS, and
 * the residue of the rounding goes to the last leg, so the amounts sum to the total to the last digit.
 * Destinations must differ. Pure, decimal.js, shared by the form and the sandbox.
 */
export function splitAllocation(total: string, mode: AllotMode, legs: readonly AllotLegInput[]): SplitResult {
  if (legs.length < 2 || legs.length > MAX_ALLOT_LEGS) return { ok: false, rule: 'legs' };
  const seen = new Set<string>();
  for (const [index, leg] of legs.entries()) {
    if (seen.has(leg.toAccountId)) return { ok: false, rule: 'duplicate', index };
    seen.add(leg.toAccountId);
  }
  const sum = new Decimal(total);
  const parse = (value: string | undefined, decimals: number): Decimal | null => {
    if (value === undefined || !/^(0|[1-9]\d{0,17})(\.\d{1,18})?$/.test(value)) return null;
    const d = new Decimal(value);
    return d.gt(0) && d.decimalPlaces() <= decimals ? d : null;
  };
  if (mode === 'amount') {
    const amounts: Decimal[] = [];
    for (const [index, leg] of legs.entries()) {
      const a = parse(leg.amount, PROFIT_DECIMALS);
      if (!a) return { ok: false, rule: 'leg', index };
      amounts.push(a);
    }
    if (!Decimal.sum(...amounts).eq(sum)) return { ok: false, rule: 'sum' };
    return { ok: true, amounts: amounts.map((a) => a.toFixed()) };
  }
  const percents: Decimal[] = [];
  for (const [index, leg] of legs.entries()) {
    const p = parse(leg.percent, PERCENT_DECIMALS);
    if (!p || p.gt(100)) return { ok: false, rule: 'leg', index };
    percents.push(p);
  }
  if (!Decimal.sum(...percents).eq(100)) return { ok: false, rule: 'percentSum' };
  const amounts = percents.map((p) => sum.mul(p).div(100).toDecimalPlaces(PROFIT_DECIMALS, Decimal.ROUND_DOWN));
  const head = amounts.slice(0, -1);
  const last = sum.sub(head.length ? Decimal.sum(...head) : 0);
  const all = [...head, last];
  const zero = all.findIndex((a) => a.lte(0));
  if (zero >= 0) return { ok: false, rule: 'leg', index: zero };
  return { ok: true, amounts: all.map((a) => a.toFixed()) };
}

/** The profit page's two tables and their xlsx exports (spec §7 "Downloads": Chinese file names; `{{day}}` is YYYYMMDD, UTC+8). */
export const PROFIT_EXPORT_TABLES = ['accrual', 'application'] as const;
export type ProfitExportTable = (typeof PROFIT_EXPORT_TABLES)[number];
export const PROFIT_EXPORT_FILES: Record<ProfitExportTable, { fileName: string; asciiName: string }> = {
  accrual: exportFile('利潤計提記錄', 'profit-accruals'),
  application: exportFile('利潤提取申請', 'profit-applications'),
};
/** The profit page's per-project summary (profitAccrual/accrualFund) as xlsx: 各項目利潤-YYYYMMDD.xlsx. */
export const PROFIT_FUNDS_EXPORT_FILE = exportFile('各項目利潤', 'profit-per-project');
