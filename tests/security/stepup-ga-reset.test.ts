import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from '../api/helpers.ts';
import { bindGaWithStepUp } from '../api/step-up-helpers.ts';

/**
 * Authenticator reset for a user who lost the device: user name + password + e-mail code open a request
 * under review; operations (dev control, a KYC re-check) approve or reject; approval unbinds the
 * authenticator, ends every session, mails a notice and restricts withdrawals (spec §4 reason 6) for 48 h.
 */
let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(async () => api.close());

const password = 'Passw0rd!x';
const hour = 3600_000;

async function userWithGa(): Promise<{ email: string; token: string; secret: string }> {
  const email = await api.register(password);
  const token = await api.token(email, password);
  const secret = await bindGaWithStepUp(api, token, password);
  api.clock.advance(30_000);
  return { email, token, secret };
}

async function resetCode(email: string): Promise<{ uuid: string; code: string }> {
  return api.emailCode('resetGa', null, email);
}

/** Applies as a person would: with the image captcha when the sandbox asks for it after wrong passwords (10040). */
async function apply(email: string, pwd: string, code: { uuid: string; code: string }) {
  const send = (captcha = {}) =>
    api.call<{ requestId: string; status: string }>('POST', '/institution/ga/reset/apply', {
      body: { username: email, password: api.encrypt(pwd), emailUuid: code.uuid, emailCode: code.code, ...captcha },
    });
  const first = await send();
  return first.code === 10040 ? send(await api.captcha()) : first;
}

async function status(requestId: string) {
  return api.call<{ status: string; rejectReason: string | null }>('GET', `/institution/ga/reset/status?requestId=${encodeURIComponent(requestId)}`);
}

async function decide(email: string, decision: 'approve' | 'reject', reason?: string) {
  return api.call<{ status: string }>('POST', '/_dev/ga-reset/decide', { body: { email, decision, ...(reason ? { reason } : {}) } });
}

describe('Google authenticator reset', () => {
  it('runs the whole flow: request under review, approval, unbound, sessions ended, notice, 48 h ban, sign-in without a code, rebind', async () => {
    const { email, token } = await userWithGa();
    const applied = await apply(email, password, await resetCode(email));
    expect(applied).toMatchObject({ code: 200, data: { status: 'review' } });
    const requestId = applied.data.requestId;
    expect(requestId).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect((await status(requestId)).data).toMatchObject({ status: 'review' });
    // A second request while one is under review is refused.
    expect((await apply(email, password, await resetCode(email))).code).toBe(10032);

    expect(await decide(email, 'approve')).toMatchObject({ code: 200, data: { status: 'approved' } });
    expect((await status(requestId)).data).toMatchObject({ status: 'approved' });
    // Every session ended.
    expect((await api.call('GET', '/institution/getUserInfo', { token })).code).toBe(401);
    // A notice in the outbox.
    const notice = await api.call<{ list: Array<{ businessType: string; body: string }> }>(
      'GET',
      `/_dev/outbox?destination=${encodeURIComponent(email)}&channel=email&limit=5`,
    );
    expect(notice.data.list.map((entry) => entry.businessType)).toEqual(expect.arrayContaining(['gaResetRequested', 'gaResetApproved']));
    // Signs in without a Google code; withdrawals restricted for 48 h (reason 6).
    const fresh = await api.token(email, password);
    const info = await api.call<{ gaBound: boolean; withdrawBans: Array<{ reason: number; until: string }> }>('GET', '/institution/getUserInfo', {
      token: fresh,
    });
    expect(info.data.gaBound).toBe(false);
    expect(info.data.withdrawBans).toEqual([expect.objectContaining({ reason: 6, until: new Date(api.clock.now() + 48 * hour).toISOString() })]);
    // Binds a new authenticator with the step-up; then login needs the new code.
    const secret = await bindGaWithStepUp(api, fresh, password);
    api.clock.advance(30_000);
    expect((await api.login(email, password)).data).toMatchObject({ field: 'gaCode', rule: 'required' });
    expect((await api.login(email, password, await api.totp(secret))).code).toBe(200);
  });

  it('a rejection leaves the authenticator bound and says so in the status', async () => {
    const { email, secret } = await userWithGa();
    const applied = await apply(email, password, await resetCode(email));
    expect(await decide(email, 'reject', 'Documents do not match')).toMatchObject({ code: 200, data: { status: 'rejected' } });
    expect((await status(applied.data.requestId)).data).toMatchObject({ status: 'rejected', rejectReason: 'Documents do not match' });
    expect((await api.login(email, password)).data).toMatchObject({ field: 'gaCode', rule: 'required' });
    expect((await api.login(email, password, await api.totp(secret))).code).toBe(200);
    // A new request may follow a decided one.
    expect((await apply(email, password, await resetCode(email))).code).toBe(200);
  });

  it('refuses a wrong password (counted toward the lockout) and a wrong or foreign e-mail code', async () => {
    const { email } = await userWithGa();
    const code = await resetCode(email);
    expect(await apply(email, 'Wrong#Pass1', code)).toMatchObject({ code: 10001, data: { errorCount: 1, remainingAttempts: 4 } });
    const wrong = { uuid: code.uuid, code: code.code === '000000' ? '111111' : '000000' };
    expect((await apply(email, password, wrong)).code).toBe(10003);
    const other = await userWithGa();
    const foreign = await resetCode(other.email);
    expect((await apply(email, password, foreign)).code).toBe(10004);
    // The right password above cleared the count; five wrong ones lock the account for sign-in as well.
    for (let i = 0; i < 4; i++) await apply(email, 'Wrong#Pass1', code);
    expect(await apply(email, 'Wrong#Pass1', code)).toMatchObject({ code: 10002, data: { reason: 'password' } });
    expect((await api.loginSolving(email, password)).code).toBe(10002);
  });

  it('cannot bypass a bound authenticator without the approval', async () => {
    const { email } = await userWithGa();
    const applied = await apply(email, password, await resetCode(email));
    expect(applied.code).toBe(200);
    api.clock.advance(72 * hour);
    // Under review for days: sign-in still needs the Google code, and nothing to decide for others.
    expect((await api.login(email, password)).data).toMatchObject({ field: 'gaCode', rule: 'required' });
    expect((await status(applied.data.requestId)).data).toMatchObject({ status: 'review' });
    const nobody = await api.register(password);
    expect((await decide(nobody, 'approve')).code).toBe(10033);
    // Without an authenticator there is nothing to reset; an unknown user answers like a wrong password.
    expect((await apply(nobody, password, await resetCode(nobody))).code).toBe(10031);
    const unknown = `ghost-${Date.now()}@firm.test`;
    api.clock.advance(1100);
    const sent = await api.call<{ uuid: string }>('POST', '/institution/email/captcha/noLogin', { body: { email: unknown, businessType: 'resetGa' } });
    expect(sent.code).toBe(200);
    expect((await apply(unknown, password, { uuid: sent.data.uuid, code: '123456' })).code).toBe(10001);
    // A made-up request id tells nothing.
    expect((await status('x'.repeat(43))).status).toBe(404);
  });
});
