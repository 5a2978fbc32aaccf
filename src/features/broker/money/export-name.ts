import { BROKER_EXPORT_FILES, BROKER_EXPORT_TIME_ZONE } from '../../../../contract/broker-funds-rules.ts';

/** spec §7 "Downloads": an export's Chinese file name (`{{day}}` in it) with the day (YYYYMMDD, Hong Kong time) it was taken. */
export function datedFileName(template: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: BROKER_EXPORT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return template.replace('{{day}}', `${part('year')}${part('month')}${part('day')}`);
}

/** The file name of one of the money pages' exports (BROKER_EXPORT_FILES). */
export function exportFileName(kind: keyof typeof BROKER_EXPORT_FILES, now: Date = new Date()): string {
  return datedFileName(BROKER_EXPORT_FILES[kind].fileName, now);
}
