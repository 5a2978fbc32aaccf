import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_AGREEMENT_VERSION } from '../../contract/rules.ts';
import { TestApi } from '../api/helpers.ts';

/** Opening broker rights accepts the broker agreement: the version shown is recorded with its time, once. */
describe('broker agreement (/institution/agree/broker/open)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await TestApi.start();
  }, 60_000);
  afterAll(async () => api?.close());

  it('records the accepted version and time; an outdated or malformed version is a 400 and opens nothing', async () => {
    const token = await api.token(await api.register(), 'Passw0rd!x');
    const open = (body?: unknown) => api.call<{ brokerOpen: boolean; agreementVersion: string | null; agreedAt: string }>('POST', '/institution/agree/broker/open', { token, ...(body === undefined ? {} : { body }) });
    expect(await open({ agreementVersion: '1999-01' })).toMatchObject({ status: 400, data: { field: 'agreementVersion', rule: 'outdated' } });
    expect((await open({ agreementVersion: '<script>' })).status).toBe(400);
    expect((await api.call<{ brokerOpen: boolean }>('GET', '/institution/getUserInfo', { token })).data.brokerOpen).toBe(false);

    const accepted = await open({ agreementVersion: BROKER_AGREEMENT_VERSION });
    expect(accepted.code, JSON.stringify(accepted)).toBe(200);
    expect(accepted.data).toMatchObject({ brokerOpen: true, agreementVersion: BROKER_AGREEMENT_VERSION });
    expect(Date.parse(accepted.data.agreedAt)).toBe(api.clock.now());
    // Opening again keeps the first acceptance.
    api.clock.advance(60_000);
    const again = await open({ agreementVersion: BROKER_AGREEMENT_VERSION });
    expect(again.data).toEqual(accepted.data);
    expect((await api.call<{ brokerOpen: boolean }>('GET', '/institution/getUserInfo', { token })).data.brokerOpen).toBe(true);
  });

  it("still opens without a body (the sandbox tests' shortcut), recording no version", async () => {
    const token = await api.token(await api.register(), 'Passw0rd!x');
    const reply = await api.call<{ agreementVersion: string | null }>('POST', '/institution/agree/broker/open', { token });
    expect(reply.code, JSON.stringify(reply)).toBe(200);
    expect(reply.data.agreementVersion).toBeNull();
  });
});
