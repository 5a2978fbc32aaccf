import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, hkDay } from '../../contract/broker-projects-rules.ts';
import type { TestApi } from '../api/helpers.ts';
import { burst, securityBackends } from '../security/backends.ts';

/**
 * The public dataChart call (POST /broker/public/projectChart, no token; issue 15) under a burst from one address:
 * the per-address limit is taken in the read's own transaction, so of 20 parallel reads exactly the limit succeed
 * and the rest are 10041. PGlite, and PostgreSQL where its binaries are installed (the requests really race there).
 */
describe.each(securityBackends())('the public project chart under a burst ($name)', (backend) => {
  let api: TestApi;
  let shareCode = '';

  beforeAll(async () => {
    api = await backend.start({ limits: { projectChart: { limit: 7, windowMs: 3_600_000 } } });
    const email = await api.register();
    const token = await api.token(email, 'Passw0rd!x');
    expect((await api.call('POST', '/institution/agree/broker/open', { token })).code).toBe(200);
    const today = hkDay(api.clock.now());
    const made = await api.call<{ project: { shareCode: string } }>('POST', '/broker/applyRecord/add', {
      token,
      body: { type: 'project', name: 'Public Fund', exchangeCode: 'okx', startDay: today, endDay: addDays(today, 30), interestRate: '0', performanceFeeRate: '0', minSubscription: '100', requestId: 'public-chart-1' },
    });
    expect(made.code, JSON.stringify(made)).toBe(200);
    shareCode = made.data.project.shareCode;
  }, 180_000);
  afterAll(async () => api?.close());

  it('lets exactly the limit through and refuses the rest with 10041', async () => {
    const tally = await burst(20, () => api.call('POST', '/broker/public/projectChart', { body: { shareCode } }));
    expect(Object.fromEntries(tally)).toEqual({ 200: 7, 10041: 13 });
    // An unknown code takes no place (its read rolls back) and is 404 like a missing page, once the hour has room.
    api.clock.advance(3_600_000);
    expect((await api.call('POST', '/broker/public/projectChart', { body: { shareCode: 'Z'.repeat(16) } })).code).toBe(404);
    const after = await burst(8, () => api.call('POST', '/broker/public/projectChart', { body: { shareCode } }));
    expect(Object.fromEntries(after)).toEqual({ 200: 7, 10041: 1 });
  });
});
