import { describe, expect, it } from 'vitest';
import type { HealthSnapshot } from '../../market/index.ts';
import { connectionSummary } from './health-summary.ts';

type Endpoint = HealthSnapshot['endpoints'][number];
const endpoint = (over: Partial<Endpoint>): Endpoint => ({
  id: 'spot',
  state: 'open',
  streams: 2,
  messagesPerSecond: 40,
  lastEventAgeMs: 120,
  rejectedFrames: 0,
  reconnects: 0,
  ...over,
});
const snapshot = (endpoints: Endpoint[], staleTopics: string[] = []): HealthSnapshot => ({ endpoints, resyncs: 3, staleTopics, books: 1, tabs: 2 });

describe('connection summary (issue 18: a small indicator with the staleness age)', () => {
  it('is connecting before the first figures and while no endpoint in use is open', () => {
    expect(connectionSummary(null)).toEqual({ state: 'connecting', ageMs: null });
    expect(connectionSummary(snapshot([endpoint({ state: 'idle' })])).state).toBe('connecting');
    expect(connectionSummary(snapshot([endpoint({ state: 'connecting', lastEventAgeMs: null })])).state).toBe('connecting');
  });

  it('is live with the age of the freshest data of the endpoints in use', () => {
    const s = snapshot([endpoint({ lastEventAgeMs: 800 }), endpoint({ id: 'usdmPublic', lastEventAgeMs: 150 }), endpoint({ id: 'usdmMarket', state: 'idle', lastEventAgeMs: 5 })]);
    expect(connectionSummary(s)).toEqual({ state: 'live', ageMs: 150 });
  });

  it('is stale past the silence threshold or with stale topics, offline while an endpoint reconnects', () => {
    expect(connectionSummary(snapshot([endpoint({ lastEventAgeMs: 6000 })])).state).toBe('stale');
    expect(connectionSummary(snapshot([endpoint({})], ['book:spot:BTCUSDT'])).state).toBe('stale');
    expect(connectionSummary(snapshot([endpoint({}), endpoint({ id: 'usdmPublic', state: 'reconnecting' })])).state).toBe('offline');
  });
});
