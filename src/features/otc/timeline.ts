import type { OtcOrder } from './api.ts';

/** The steps of spec §9's promises (requested → quoted → accepted → settled), or where an order ended. */
export type StepKey = 'requested' | 'quoted' | 'accepted' | 'settled' | 'cancelled' | 'rejected' | 'expired';
export interface TimelineStep {
  key: StepKey;
  /** When it happened; null while it has not. */
  at: string | null;
  /** done; `current`: the one the order waits for now; `waiting`: later. */
  state: 'done' | 'current' | 'waiting';
}

export interface Timeline {
  steps: TimelineStep[];
  /** The desk's 30-minute promise: its result by then (requested + 30 min). */
  resultBy: string;
  /**
   * `met` when the desk gave its result (quote or fill, or its refusal) by `resultBy`, `late` after it,
   * `pending` while it has not; `none` when the person cancelled first.
   */
  result: 'met' | 'late' | 'pending' | 'none';
  /** T+1: when the held amount settles (null until filled). */
  settlesAt: string | null;
}

const ENDED = new Set<OtcOrder['status']>(['cancelled', 'rejected', 'expired']);

/**
 * An order's timeline from its record (contract/otc.ts `timeline`). A cancelled, rejected or expired order
 * shows the step it ended with in place of the rest. The result promise is read on the desk's side: an instant
 * quote is its result at once; a delegated order's is its fill or the desk's refusal (not the person's cancel).
 */
export function timelineOf(order: Pick<OtcOrder, 'status' | 'timeline'>): Timeline {
  const tl = order.timeline;
  const steps: TimelineStep[] = [{ key: 'requested', at: tl.requestedAt, state: 'done' }];
  if (ENDED.has(order.status)) {
    steps.push({ key: order.status as StepKey, at: tl.closedAt, state: 'done' });
  } else {
    const rest: Array<[StepKey, string | null]> = [
      ['quoted', tl.quotedAt],
      ['accepted', tl.acceptedAt],
      ['settled', tl.settledAt],
    ];
    let waiting = false;
    for (const [key, at] of rest) {
      if (at && !waiting) steps.push({ key, at, state: 'done' });
      else {
        steps.push({ key, at: null, state: waiting ? 'waiting' : 'current' });
        waiting = true;
      }
    }
  }
  const answeredAt = tl.quotedAt ?? (order.status === 'rejected' || order.status === 'expired' ? tl.closedAt : null);
  const result = answeredAt === null ? (order.status === 'cancelled' ? 'none' : 'pending') : Date.parse(answeredAt) <= Date.parse(tl.resultBy) ? 'met' : 'late';
  return { steps, resultBy: tl.resultBy, result, settlesAt: tl.settlesAt };
}

/** The orders the desk still works on: open delegated ones and filled ones waiting for settlement. */
export const isLive = (status: OtcOrder['status']): boolean => status === 'open' || status === 'pendingSettlement';
