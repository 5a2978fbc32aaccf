import { MAX_RECORD_RANGE_DAYS } from '../../contract/rules.ts';
import { badInput } from './envelope.ts';

/** The longest custom range a records page or export takes (contract/rules.ts, which the app checks too). */
export const MAX_RANGE_DAYS = MAX_RECORD_RANGE_DAYS;

export interface TimeFilter {
  /** spec §9 quick ranges: the last 7, 30, 90, 180 or 365 days. */
  days?: number | undefined;
  /** A custom range (the records pages' calendar): from `startTime` inclusive to `endTime` exclusive. */
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/**
 * The time window of a records query: a quick range of days back from now, a custom range, or everything.
 * A custom range must have both ends, in order, at most 366 days long; it cannot be combined with `days`.
 */
export function timeWindow(filter: TimeFilter, now: Date): { since: Date; until: Date } {
  const custom = filter.startTime !== undefined || filter.endTime !== undefined;
  if (custom && filter.days !== undefined) throw badInput('days', 'exclusive', 'Give either days or startTime and endTime');
  if (!custom) return { since: filter.days ? new Date(now.getTime() - filter.days * 86_400_000) : new Date(0), until: new Date('9999-12-31T00:00:00Z') };
  if (filter.startTime === undefined) throw badInput('startTime', 'required', 'startTime and endTime go together');
  if (filter.endTime === undefined) throw badInput('endTime', 'required', 'startTime and endTime go together');
  const since = new Date(filter.startTime);
  const until = new Date(filter.endTime);
  if (Number.isNaN(since.getTime())) throw badInput('startTime', 'date', 'startTime is not a time');
  if (Number.isNaN(until.getTime())) throw badInput('endTime', 'date', 'endTime is not a time');
  if (until <= since) throw badInput('endTime', 'order', 'endTime must be after startTime');
  if (until.getTime() - since.getTime() > MAX_RANGE_DAYS * 86_400_000) throw badInput('endTime', 'range', `At most ${MAX_RANGE_DAYS} days`);
  return { since, until };
}
