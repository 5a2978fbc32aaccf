import { BROKER_EXPORT_FILES, BROKER_EXPORT_TIME_ZONE } from '../../../../contract/broker-funds-rules.ts';

/** spec §7 "Downloads": an export's Chinese file name with the day (YYYYMMDD, Hong Kong time) it was taken. */
export function exportFileName(kind: keyof typeof BROKER_EXPORT_FILES, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: BROKER_EXPORT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return BROKER_EXPORT_FILES[kind].fileName.replace('{{day}}', `${part('year')}${part('month')}${part('day')}`);
}
