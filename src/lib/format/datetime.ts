import { PLACEHOLDER } from './display.ts';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `UTC+8`, `UTC-3:30`, `UTC` for the offset of `date` in the browser's time zone. */
export function zoneLabel(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  if (minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  const hours = Math.floor(abs / 60);
  const rest = abs % 60;
  return `UTC${sign}${hours}${rest ? `:${pad(rest)}` : ''}`;
}

/**
 * The one date-time format of the glossary ("Numbers, dates, time zones"): `YYYY-MM-DD HH:mm:ss` in both
 * locales, in the user's time zone; `zone` adds it (`2026-11-23 07:59:34 UTC+8`) where a record is read later.
 * Anything that is not a date shows the placeholder.
 */
export function formatDateTime(value: string | number | Date | null | undefined, options: { zone?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return PLACEHOLDER;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return PLACEHOLDER;
  const text = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return options.zone ? `${text} ${zoneLabel(date)}` : text;
}
