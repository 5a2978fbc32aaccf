import type { DeskHours } from './api.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** A time of the desk's clock in UTC, as the desk publishes its hours: `2026-11-30 00:00 UTC`. */
export function utcText(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '--';
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** An hour of the day as `HH:00`. */
export const hourText = (hour: number): string => `${pad(hour)}:00`;

/**
 * The desk's weekdays (0 Sunday … 6 Saturday) as the first and last of one run (`Mon–Fri`), or each named when
 * they are not one run. `names` are the locale's short weekday names, Sunday first.
 */
export function weekdaysText(days: readonly number[], names: readonly string[]): string {
  const sorted = [...days].sort((a, b) => a - b);
  const run = sorted.every((d, i) => i === 0 || d === sorted[i - 1]! + 1);
  if (run && sorted.length > 2) return `${names[sorted[0]!]}–${names[sorted.at(-1)!]}`;
  return sorted.map((d) => names[d]).join(', ');
}

/**
 * Whether the desk is open as the page knows it: the latest terms (read every 30 s), unless a refusal said
 * since that it is closed (10255 with when it opens: the server's clock is the authority).
 */
export function deskState(hours: DeskHours | null, closedUntil: string | null): { open: boolean; nextOpenAt: string | null; nextCloseAt: string | null } | null {
  if (closedUntil && (!hours || Date.parse(hours.serverTime) < Date.parse(closedUntil))) return { open: false, nextOpenAt: closedUntil, nextCloseAt: null };
  if (!hours) return null;
  return { open: hours.open, nextOpenAt: hours.nextOpenAt, nextCloseAt: hours.nextCloseAt };
}
