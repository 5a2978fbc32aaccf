import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from './helpers.ts';
import { stepUpFactors } from './step-up-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(async () => api.close());

/** Signs in a fresh user and returns what the security calls need. */
async function freshUser(): Promise<{ email: string; token: string }> {
  const email = await api.register();
  return { email, token: await api.token(email, 'Passw0rd!x') };
}

/** updatePwd is the probe: a well-formed call whose only open question is the e-mail code. */
function changePassword(token: string, code: { uuid: string; code: string }) {
  return api.call('POST', '/institution/updatePwd', {
    token,
    body: { oldPassword: api.encrypt('Passw0rd!x'), newPassword: api.encrypt('Changed-Pass9'), emailUuid: code.uuid, emailCode: code.code },
  });
}

const wrong = (code: { uuid: string; code: string }) => ({ uuid: code.uuid, code: code.code === '000000' ? '111111' : '000000' });

describe('verification codes (spec §5, §9)', () => {
  it('writes e-mail and SMS codes to the outbox, readable by destination and channel', async () => {
    const { email, token } = await freshUser();
    const code = await api.emailCode('updatePwd', token);
    const list = await api.call<{ list: Array<{ channel: string; destination: string; code: string; businessType: string; body: string }> }>(
      'GET',
      `/_dev/outbox?destination=${encodeURIComponent(email)}&channel=email`,
    );
    expect(list.data.list[0]).toMatchObject({ channel: 'email', destination: email, code: code.code, businessType: 'updatePwd' });
    expect(list.data.list[0]?.body).toContain(code.code);
    expect(code.code).toMatch(/^\d{6}$/);
  });

  it('refuses a second send within 1 s, for e-mail and SMS, and allows it after', async () => {
    const { email, token } = await freshUser();
    api.clock.advance(2000);
    const first = await api.call('POST', '/institution/email/captcha', { token, body: { businessType: 'updatePwd' } });
    expect(first.code).toBe(200);
    api.clock.advance(999);
    const second = await api.call('POST', '/institution/email/captcha', { token, body: { businessType: 'bindGa' } });
    expect(second).toMatchObject({ status: 200, code: 10005, msg: 'Data is being processed, please click only once' });
    api.clock.advance(1);
    expect((await api.call('POST', '/institution/email/captcha', { token, body: { businessType: 'bindGa' } })).code).toBe(200);

    const sms = { areaCode: '+852', phone: '51112222', username: email, businessType: 'bindPhone' };
    api.clock.advance(2000);
    expect((await api.call('POST', '/institution/sms/captcha', { body: sms })).code).toBe(200);
    expect((await api.call('POST', '/institution/sms/captcha', { body: sms })).code).toBe(10005);
  });

  it('is single-use', async () => {
    const { email } = await freshUser();
    const code = await api.emailCode('resetPassword', null, email);
    const reset = (password: string) =>
      api.call('POST', '/institution/retrieve/password', {
        body: { username: email, type: 'email', emailUuid: code.uuid, emailCode: code.code, newPassword: api.encrypt(password) },
      });
    expect((await reset('First-Reset1')).code).toBe(200);
    expect((await reset('Second-Reset2')).code).toBe(10004);
    expect((await api.login(email, 'First-Reset1')).code).toBe(200);
  });

  it('under concurrency: two sends at once give one code; two uses at once succeed once', async () => {
    const { email } = await freshUser();
    api.clock.advance(1100);
    const send = () => api.call('POST', '/institution/email/captcha/noLogin', { body: { email, businessType: 'resetPassword' } });
    const sends = await Promise.all([send(), send(), send()]);
    expect(sends.map((reply) => reply.code).sort((a, b) => a - b)).toEqual([200, 10005, 10005]);
    const code = await api.lastCode(email, 'email');
    const reset = (password: string) =>
      api.call('POST', '/institution/retrieve/password', {
        body: { username: email, type: 'email', emailUuid: code?.uuid, emailCode: code?.code, newPassword: api.encrypt(password) },
      });
    const uses = await Promise.all([reset('Racer-One-1'), reset('Racer-Two-2')]);
    expect(uses.map((reply) => reply.code).sort((a, b) => a - b)).toEqual([200, 10004]);
  });

  it('expires after 10 minutes', async () => {
    const { token } = await freshUser();
    const code = await api.emailCode('updatePwd', token);
    api.clock.advance(10 * 60_000);
    expect(await changePassword(token, code)).toMatchObject({ code: 10004, msg: 'Verification code has expired, please get a new one' });
    const fresh = await api.emailCode('updatePwd', token);
    api.clock.advance(10 * 60_000 - 1200);
    expect((await changePassword(token, fresh)).code).toBe(200);
  });

  it('allows 5 attempts per code, counting down, then the code is dead even when right', async () => {
    const { email, token } = await freshUser();
    const sms = await api.smsCode('+852', '52223333', email, 'bindPhone');
    const factors = await stepUpFactors(api, token, 'Passw0rd!x', 'bindPhone');
    const bind = (smsCode: string) =>
      api.call('POST', '/institution/bindPhoneInfo', { token, body: { smsUuid: sms.uuid, smsCode, areaCode: '+852', phone: '52223333', ...factors } });
    for (let i = 1; i <= 5; i++) {
      expect(await bind(wrong(sms).code)).toMatchObject({ code: 10003, data: { channel: 'sms', remainingAttempts: 5 - i } });
    }
    expect((await bind(sms.code)).code).toBe(10004);
  });

  it('refuses a code of another purpose (business type)', async () => {
    const { token } = await freshUser();
    const code = await api.emailCode('bindGa', token);
    expect((await changePassword(token, code)).code).toBe(10004);
  });

  it('a wrong code does not use up the right one, and a failed call leaves the password unchanged', async () => {
    const { email, token } = await freshUser();
    const code = await api.emailCode('updatePwd', token);
    expect((await changePassword(token, wrong(code))).code).toBe(10003);
    expect((await api.login(email, 'Passw0rd!x')).code).toBe(200);
    expect((await changePassword(token, code)).code).toBe(200);
  });

  it('locks e-mail codes after 10 wrong ones across codes, with a reason-2 withdrawal ban', async () => {
    const { email, token } = await freshUser();
    let last;
    for (let round = 0; round < 2; round++) {
      const code = await api.emailCode('updatePwd', token);
      for (let i = 0; i < 5; i++) last = await changePassword(token, wrong(code));
    }
    expect(last).toMatchObject({ code: 10002, data: { reason: 'emailCode', errorCount: 10, wait: { days: 1, hours: 0, minutes: 0 } } });
    const code = await api.emailCode('updatePwd', token);
    expect((await changePassword(token, code)).code).toBe(10002);
    const relogin = await api.token(email, 'Passw0rd!x');
    const info = await api.call<{ withdrawBans: Array<{ reason: number }> }>('GET', '/institution/getUserInfo', { token: relogin });
    expect(info.data.withdrawBans.map((ban) => ban.reason)).toEqual([2]);
    api.clock.advance(24 * 3600_000);
    // A day idle ends the session (Limits.sessionIdleMs): sign in again.
    const later = await api.token(email, 'Passw0rd!x');
    const after = await api.emailCode('updatePwd', later);
    expect((await changePassword(later, after)).code).toBe(200);
  });

  it('answers the double-slash path of spec §7 /institution//email/captcha like the single-slash one', async () => {
    const { email, token } = await freshUser();
    api.clock.advance(1100);
    const reply = await api.call<{ uuid: string }>('POST', '/institution//email/captcha', { token, body: { businessType: 'updatePwd' } });
    expect(reply.code).toBe(200);
    expect((await api.lastCode(email, 'email'))?.uuid).toBe(reply.data.uuid);
    expect((await api.call('POST', '/institution//email/captcha', { body: { businessType: 'updatePwd' } })).code).toBe(401);
  });

  it('refuses a malformed code request with a 400 and sends nothing', async () => {
    api.clock.advance(1100);
    const reply = await api.call('POST', '/institution/email/captcha/noLogin', { body: { email: 'bad@@x', businessType: 'register' } });
    expect(reply).toMatchObject({ status: 400, data: { field: 'email', rule: 'email' } });
    const kind = await api.call('POST', '/institution/email/captcha/noLogin', { body: { email: 'ok@firm.test', businessType: 'other' } });
    expect(kind).toMatchObject({ status: 400, data: { field: 'businessType', rule: 'enum' } });
    expect(await api.lastCode('ok@firm.test')).toBeUndefined();
  });
});
