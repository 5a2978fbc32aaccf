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
