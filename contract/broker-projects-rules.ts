/**
 * Broker asset-management projects (spec §4 "Project: not started, in progress, completed"), shared by the
 * sandbox (server/broker/projects) and the app (src/features/broker/projects). Plain values only (no schema
 * library), so the app may import them at run time (contract/bundle-boundary.test.ts). The calls are in
 * contract/broker-projects.ts; the NAV arithmetic in contract/broker-nav.ts.
 */

/** spec §4 project states, from the sandbox clock: before start_day 00:00 UTC+8, until end_day 00:00 UTC+8, after. */
export const PROJECT_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** A project's number: `P` + YYYYMMDD (UTC+8, the day it was made) + 4 digits. */
export const PROJECT_NO_PATTERN = /^P\d{12}$/;
/** The public dataChart page's share code: 16 url-safe characters. */
export const SHARE_CODE_PATTERN = /^[A-Za-z0-9_-]{16}$/;

/** A project invests USDT only. */
export const PROJECT_ASSETS = ['USDT'] as const;
export type ProjectAsset = (typeof PROJECT_ASSETS)[number];

/** The terms of a project (applyRecord/add type project). */
export const PROJECT_NAME_MIN = 2;
export const PROJECT_NAME_MAX = 40;
export const PROJECT_DESCRIPTION_MAX = 500;
/** Annual simple interest rate paid to investors on their principal: 0 to 30 %. */
export const MAX_INTEREST_RATE = '0.3';
/** The broker's performance fee on NAV gains above the high-water mark: 0 to 50 %. */
export const MAX_PERFORMANCE_FEE_RATE = '0.5';
/** Rates are given with at most this many decimals (0.0525 = 5.25 %). */
export const RATE_DECIMALS = 4;
/** A project runs at least 1 day and at most 10 years (3660 days); it may start at most a year ahead. */
export const MIN_PROJECT_DAYS = 1;
export const MAX_PROJECT_DAYS = 3660;
export const MAX_START_AHEAD_DAYS = 366;
/** The smallest subscription a project may ask: 1 USDT; at most 100 million. */
export const MIN_SUBSCRIPTION_FLOOR = '1';
export const MIN_SUBSCRIPTION_CEILING = '100000000';
/** USDT amounts of capital flows carry at most 8 decimals; one flow is at most 1,000,000,000 USDT. */
export const FLOW_DECIMALS = 8;
export const MAX_FLOW_AMOUNT = '1000000000';

/** Investors (the broker's clients who put capital in). */
export const INVESTOR_NAME_MIN = 2;
export const INVESTOR_NAME_MAX = 40;
export const MAX_INVESTORS = 1000;

/** At most this many sub-accounts linked to one project besides its primary one. */
export const MAX_LINKED_ACCOUNTS = 20;
export const MAX_RELATION_REMARK = 200;

/** The kinds of application of applyRecord/add (the sandbox plays the provider and decides at once). */
export const APPLY_RECORD_TYPES = ['project'] as const;
export type ApplyRecordType = (typeof APPLY_RECORD_TYPES)[number];

/** The directions of a capital flow. */
export const FLOW_DIRECTIONS = ['increase', 'decrease'] as const;
export type FlowDirection = (typeof FLOW_DIRECTIONS)[number];

/**
 * E-mail code business type of a capital decrease (fundTransfer/invokeEmailValidation; the caller's own e-mail,
 * with the Google code when bound), like the other broker money calls.
 */
export const REDEEM_CODE_TYPE = 'brokerRedeem';

/** The daily zero-hour job (spec §9 "others 00:00 UTC+8"): the record of day D is taken at D 00:00 UTC+8. */
export const ZERO_HOUR_OFFSET_MS = 8 * 3_600_000;
/** The simulated trading: daily return mean +0.04 %, sd 1.2 %, clamped to ±5 %; 3–12 trades a day. */
export const SIM_DAILY_MEAN = 0.0004;
export const SIM_DAILY_SD = 0.012;
export const SIM_DAILY_CLAMP = 0.05;
export const SIM_SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'] as const;

/* Reply codes of the projects core: 10455–10463 in contract/codes.ts (projectState … projectLimit). */

/** The day (YYYY-MM-DD) of a moment in UTC+8. */
export function hkDay(at: Date | number): string {
  return new Date(new Date(at).getTime() + ZERO_HOUR_OFFSET_MS).toISOString().slice(0, 10);
}

/** 00:00 UTC+8 of a day (YYYY-MM-DD), as a moment. */
export function hkMidnight(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - ZERO_HOUR_OFFSET_MS);
}

/** The day `n` days after `day` (YYYY-MM-DD; negative n goes back). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / 86_400_000);
}

/** spec §4: a project's state at a moment, from its start and end days (UTC+8). */
export function projectStatus(startDay: string, endDay: string, at: Date | number): ProjectStatus {
  const t = new Date(at).getTime();
  if (t < hkMidnight(startDay).getTime()) return 'not_started';
  if (t < hkMidnight(endDay).getTime()) return 'in_progress';
  return 'completed';
}

/**
 * spec §7 "Downloads": the project pages' exports' file names (Chinese, the broker manager is zh-HK); `{{day}}` is YYYYMMDD (UTC+8).
 * Written out rather than by broker-rules.ts `exportFile`: this module imports nothing (contract/broker-performance.test.ts).
 */
export const PROJECT_EXPORT_FILES = {
  projects: { fileName: '項目列表-{{day}}.xlsx', asciiName: 'projects-{{day}}.xlsx' },
  capitalRecords: { fileName: '認購及贖回記錄-{{day}}.xlsx', asciiName: 'capital-records-{{day}}.xlsx' },
  holdings: { fileName: '投資者持有-{{day}}.xlsx', asciiName: 'holdings-{{day}}.xlsx' },
  accounts: { fileName: '項目子帳戶-{{day}}.xlsx', asciiName: 'project-sub-accounts-{{day}}.xlsx' },
} as const;
export type ProjectExportKind = keyof typeof PROJECT_EXPORT_FILES;
