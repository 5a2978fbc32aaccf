import type { TFunction } from 'i18next';
import type { EndpointHealth } from '../../market/index.ts';

// i18n namespaces: trading

type ConnectionState = EndpointHealth['state'];

/** spec §9: the connection pings after 5 s of silence; a book this old is shown as stale. */
export const STALE_AFTER_MS = 5000;

/** `loading`: no snapshot has arrived yet (the first load, not a resync: spec §4 "Live market connection"). */
export type StalenessState = 'loading' | 'live' | 'stale' | 'resyncing' | 'offline';

export interface StalenessInput {
  /** the book's synced flag; undefined before the first snapshot */
  synced: boolean | undefined;
  /** when this tab last received a changed book (ms, same clock as now) */
  receivedAt: number | null;
  now: number;
  /** state of the endpoint that carries the book, when known */
  endpoint: ConnectionState | undefined;
  /** the core's watchdog lists this book among its stale topics */
  staleTopic: boolean;
}

export function staleness(input: StalenessInput): { state: StalenessState; ageMs: number | null } {
  const ageMs = input.receivedAt === null ? null : Math.max(0, input.now - input.receivedAt);
  if (input.endpoint === 'offline' || input.endpoint === 'reconnecting') return { state: 'offline', ageMs };
  if (input.synced === undefined && input.receivedAt === null) return { state: 'loading', ageMs };
  if (input.synced !== true) return { state: 'resyncing', ageMs };
  if (input.staleTopic || (ageMs !== null && ageMs > STALE_AFTER_MS)) return { state: 'stale', ageMs };
  return { state: 'live', ageMs };
}

/**
 * The data age as shown: whole tenths of a second from one second on, and one fixed text under a second.
 * A live book is always under a second old (the core publishes every 100 ms), so its badge and the
 * health footer keep one text instead of a new millisecond count twice a second: no frame, layout or
 * live-region announcement (role="status") for a figure that only says "fresh" (main-thread budget).
 */
export function ageText(ageMs: number | null): { key: 'underSecond' } | { key: 's'; s: string } | null {
  if (ageMs === null) return null;
  return ageMs < 1000 ? { key: 'underSecond' } : { key: 's', s: (ageMs / 1000).toFixed(1) };
}

/** The data age in the trader's words (the badge and the health footer), or null when there is none. */
export function ageLabel(t: TFunction<'trading'>, ageMs: number | null): string | null {
  const a = ageText(ageMs);
  if (a === null) return null;
  return a.key === 's' ? t('staleness.s', { s: a.s }) : t('staleness.underSecond');
}
