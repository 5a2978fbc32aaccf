import type { HealthSnapshot } from '../../market/index.ts';
import { STALE_AFTER_MS } from './staleness.ts';

export type ConnectionSummary = 'connecting' | 'live' | 'stale' | 'offline';

/**
 * The customer's view of the market-data connection (spec §4 "Live market connection"): one state and the age of the freshest data,
 * over the endpoints in use (idle ones are not). The detail (rates, resyncs, tabs) is for the diagnostics view.
 */
export function connectionSummary(health: HealthSnapshot | null): { state: ConnectionSummary; ageMs: number | null } {
  const active = (health?.endpoints ?? []).filter((e) => e.state !== 'idle');
  if (!health || active.length === 0) return { state: 'connecting', ageMs: null };
  const ages = active.map((e) => e.lastEventAgeMs).filter((a): a is number => a !== null);
  const ageMs = ages.length > 0 ? Math.min(...ages) : null;
  if (active.some((e) => e.state === 'offline' || e.state === 'reconnecting')) return { state: 'offline', ageMs };
  if (!active.some((e) => e.state === 'open') || ageMs === null) return { state: 'connecting', ageMs };
  if (health.staleTopics.length > 0 || ageMs > STALE_AFTER_MS) return { state: 'stale', ageMs };
  return { state: 'live', ageMs };
}
