import { KEY_EXPIRY_WARN_DAYS } from '../../../contract/broker-rules.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type Expiry = { kind: 'none' } | { kind: 'expired' } | { kind: 'left'; days: number; hours: number; warn: boolean };

/**
 * spec §9: a key with no bound IP is valid 3 months. What is left of it at `now` in whole days and hours, and
 * whether to warn (within KEY_EXPIRY_WARN_DAYS of the end).
 */
export function keyExpiry(expiresAt: string | null, now: number): Expiry {
  if (expiresAt === null) return { kind: 'none' };
  const left = Date.parse(expiresAt) - now;
  if (left <= 0) return { kind: 'expired' };
  const days = Math.floor(left / DAY_MS);
  return { kind: 'left', days, hours: Math.floor((left - days * DAY_MS) / HOUR_MS), warn: left <= KEY_EXPIRY_WARN_DAYS * DAY_MS };
}
