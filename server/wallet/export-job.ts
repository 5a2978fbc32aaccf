import type { Static } from 'typebox';
import type { walletExport } from '../../contract/wallet.ts';
import enRecord from '../../locales/en-US/record.json' with { type: 'json' };
import enWallet from '../../locales/en-US/wallet.json' with { type: 'json' };
import zhRecord from '../../locales/zh-HK/record.json' with { type: 'json' };
import zhWallet from '../../locales/zh-HK/wallet.json' with { type: 'json' };
import { badInput } from '../platform/envelope.ts';
import type { zonedFormatter } from '../platform/xlsx.ts';
import { DIRECTIONS } from '../ledger/ledger.ts';

/** One wallet export's form, checked into its filter, and what its sources and the writer share. */

/** Rows read and written between yields to the event loop: small enough that no slice holds the sandbox long. */
export const EXPORT_BATCH = 200;

export const TEXTS = { 'zh-HK': { record: zhRecord, wallet: zhWallet }, 'en-US': { record: enRecord, wallet: enWallet } } as const;
export type Lang = keyof typeof TEXTS;
export type ExportForm = Static<typeof walletExport.body>;

export const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));

export type Kind = NonNullable<ExportForm['kind']>;
const COIN_TYPES = ['deposit', 'withdraw'] as const;
const COIN_STATUSES = ['deposit_pending', 'deposit_complete', 'withdraw_pending', 'withdraw_complete', 'withdraw_failed', 'cancelled'] as const;
export const FIAT_STATUSES = ['approvalPending', 'complete', 'cancelled'] as const;
const CONVERT_TYPES = ['coin', 'fiat'] as const;

/** The filters of one export, checked against its kind (a fiat state on the coin export is bad input, and so on). */
export interface ExportFilter {
  kind: Kind;
  type?: string;
  asset?: string;
  fromAsset?: string;
  toAsset?: string;
  status?: string;
  days?: number;
  startTime?: string;
  endTime?: string;
}

export function exportFilter(form: ExportForm): ExportFilter {
  const kind: Kind = form.kind ?? 'coin';
  const types: readonly string[] = kind === 'coin' ? COIN_TYPES : kind === 'transfer' ? Object.keys(DIRECTIONS) : kind === 'convert' ? CONVERT_TYPES : [];
  const statuses: readonly string[] = kind === 'coin' ? COIN_STATUSES : kind === 'transfer' || kind === 'convert' ? [] : FIAT_STATUSES;
  if (kind !== 'convert' && (form.fromAsset !== undefined || form.toAsset !== undefined)) {
    throw badInput(form.fromAsset !== undefined ? 'fromAsset' : 'toAsset', 'kind', `The ${kind} export has no pair filter`);
  }
  if (form.type !== undefined && !types.includes(form.type)) throw badInput('type', 'kind', `type ${form.type} is not one of the ${kind} export's`);
  if (form.status !== undefined && !statuses.includes(form.status)) throw badInput('status', 'kind', `status ${form.status} is not one of the ${kind} export's`);
  const custom = form.startTime !== undefined || form.endTime !== undefined;
  return {
    kind,
    ...(form.type !== undefined ? { type: form.type } : {}),
    ...(form.asset !== undefined ? { asset: form.asset } : {}),
    ...(form.fromAsset !== undefined ? { fromAsset: form.fromAsset } : {}),
    ...(form.toAsset !== undefined ? { toAsset: form.toAsset } : {}),
    ...(form.status !== undefined ? { status: form.status } : {}),
    ...(custom ? { startTime: form.startTime, endTime: form.endTime } : { days: Number(form.days ?? 30) }),
    ...(custom && form.days !== undefined ? { days: Number(form.days) } : {}),
  } as ExportFilter;
}

export interface WriteJob {
  userId: number;
  filter: ExportFilter;
  lang: Lang;
  tz: string;
  now: Date;
  zoned: ReturnType<typeof zonedFormatter>;
  isClosed: () => boolean;
}

export type Cell = string | number;

/** What one kind of export writes: its header block's texts, its columns, and its rows batch by batch. */
export interface ExportSource {
  title: string;
  filters: string;
  columns: string[];
  /** The next batch of rows after the cursor (opaque to the writer); `done` when nothing follows. */
  next(cursor: unknown): Promise<{ rows: Cell[][]; cursor: unknown; done: boolean }>;
}

export function rangeText(job: WriteJob): string {
  const { record } = TEXTS[job.lang];
  return job.filter.startTime && job.filter.endTime
    ? fill(record.filters.range, { from: job.zoned.time(new Date(job.filter.startTime)), to: job.zoned.time(new Date(job.filter.endTime)) })
    : fill(record.filters.lastDays, { n: job.filter.days ?? 30 });
}
