import { BROKER_EXPORT_FILES, BROKER_EXPORT_TIME_ZONE } from '../../../../contract/broker-funds-rules.ts';

/** spec §7 "Downloads": an export's Chinese file name with the day (YYYYMMDD, Hong Kong time) it was taken. */
export function exportFileName(kind: keyof typeof BROKER_EXPORT_FILES, now: Date = new Date()): string {
  return fileNameOf(BROKER_EXPORT_FILES[kind].fileName, {}, now);
}

/** A file name template's `{{day}}` (YYYYMMDD, Hong Kong time) and other `{{values}}` filled in (any broker export). */
export function fileNameOf(template: string, values: Record<string, string> = {}, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: BROKER_EXPORT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const all: Record<string, string> = { day: `${part('year')}${part('month')}${part('day')}`, ...values };
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => all[k] ?? '');
}
