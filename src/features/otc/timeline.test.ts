import { describe, expect, it } from 'vitest';
import type { OtcOrder } from './api.ts';
import { isLive, timelineOf } from './timeline.ts';

const at = (min: number) => new Date(Date.UTC(2026, 10, 30, 9, min)).toISOString();
const order = (status: OtcOrder['status'], tl: Partial<OtcOrder['timeline']>): Pick<OtcOrder, 'status' | 'timeline'> => ({
  status,
  timeline: { requestedAt: at(0), quotedAt: null, acceptedAt: null, settledAt: null, resultBy: at(30), settlesAt: null, closedAt: null, ...tl },
});

describe('an OTC order’s timeline', () => {
  it('an accepted instant quote: requested, quoted and accepted done, settlement next, the result promise met', () => {
    const tl = timelineOf(order('pendingSettlement', { quotedAt: at(0), acceptedAt: at(0), settlesAt: '2026-12-01T09:00:00.000Z' }));
    expect(tl.steps.map((s) => [s.key, s.state])).toEqual([
      ['requested', 'done'],
      ['quoted', 'done'],
      ['accepted', 'done'],
      ['settled', 'current'],
    ]);
    expect(tl.result).toBe('met');
    expect(tl.settlesAt).toBe('2026-12-01T09:00:00.000Z');
  });

  it('an open delegated order waits for its quote; the promise is pending, then late once filled after 30 minutes', () => {
    const open = timelineOf(order('open', {}));
    expect(open.steps.map((s) => s.state)).toEqual(['done', 'current', 'waiting', 'waiting']);
    expect(open.result).toBe('pending');
    expect(timelineOf(order('pendingSettlement', { quotedAt: at(45), acceptedAt: at(45) })).result).toBe('late');
  });

  it('a settled order has every step with its time', () => {
    const tl = timelineOf(order('settled', { quotedAt: at(1), acceptedAt: at(1), settledAt: '2026-12-01T09:01:00.000Z' }));
    expect(tl.steps.every((s) => s.state === 'done' && s.at !== null)).toBe(true);
  });

  it('an order that ended shows how, in place of the rest', () => {
    const tl = timelineOf(order('cancelled', { closedAt: at(5) }));
    expect(tl.steps).toEqual([
      { key: 'requested', at: at(0), state: 'done' },
      { key: 'cancelled', at: at(5), state: 'done' },
    ]);
    expect(tl.result).toBe('none');
    expect(timelineOf(order('rejected', { closedAt: at(10) })).result).toBe('met');
  });

  it('counts open and filled-but-unsettled orders as live', () => {
    expect(['open', 'pendingSettlement', 'settled', 'cancelled'].map((s) => isLive(s as OtcOrder['status']))).toEqual([true, true, false, false]);
  });
});
