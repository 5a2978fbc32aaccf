import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from '../api/helpers.ts';
import { bindGaWithStepUp, phoneChangeCodes } from '../api/step-up-helpers.ts';

/**
 * Sensitive changes need a fresh re-authentication (password + e-mail code + the current Google code when
 * bound): a stolen session token — even with the mailbox — is not enough.
 */
let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(async () => api.close());

const password = 'Passw0rd!x';

async function freshUser(): Promise<{ email: string; token: string }> {
  const email = await api.register(password);
  return { email, token: await api.token(email, password) };
}

async function newSecret(token: string): Promise<string> {
  const info = await api.call<{ secretKey: string }>('GET', '/institution/generateGaInfo', { token });
  return info.data.secretKey;
}

/** Binds an authenticator with the full step-up; returns its secret. */
const bindGa = (token: string) => bindGaWithStepUp(api, token, password);

async function gaBound(token: string): Promise<boolean> {
  return (await api.call<{ gaBound: boolean }>('GET', '/institution/getUserInfo', { token })).data.gaBound;
}

describe('a stolen session token alone', () => {
  it('cannot bind a Google authenticator (first bind)', async () => {
    const { token } = await freshUser();
    const secretKey = await newSecret(token);
    const reply = await api.call('POST', '/institution/bindGaInfo', { token, body: { secretKey, gaCode: await api.totp(secretKey) } });
    expect(reply).toMatchObject({ status: 400, data: { field: 'password', rule: 'required' } });
    expect(await gaBound(token)).toBe(false);
    // Even with an e-mail code read from the mailbox, the password is still missing.
    const mail = await api.emailCode('bindGa', token);
    const noPassword = await api.call('POST', '/institution/bindGaInfo', {
      token,
      body: { secretKey, gaCode: await api.totp(secretKey), emailUuid: mail.uuid, emailCode: mail.code },
    });
    expect(noPassword.code).toBe(400);
    const wrongPassword = await api.call('POST', '/institution/bindGaInfo', {
      token,
      body: { secretKey, gaCode: await api.totp(secretKey), password: api.encrypt('Wrong#Pass1'), emailUuid: mail.uuid, emailCode: mail.code },
    });
    expect(wrongPassword).toMatchObject({ code: 10030, data: { errorCount: 1, remainingAttempts: 4 } });
    expect(await gaBound(token)).toBe(false);
  });

  it('cannot bind a phone', async () => {
    const { email, token } = await freshUser();
    const sms = await api.smsCode('+852', '63330001', email, 'bindPhone');
    const reply = await api.call('POST', '/institution/bindPhoneInfo', {
      token,
      body: { smsUuid: sms.uuid, smsCode: sms.code, areaCode: '+852', phone: '63330001' },
    });
    expect(reply).toMatchObject({ status: 400, data: { field: 'password' } });
    expect((await api.call<{ phone: string | null }>('GET', '/institution/getUserInfo', { token })).data.phone).toBeNull();
  });

  it('cannot change the phone, even with every code', async () => {
    const { email, token } = await freshUser();
    const bind = await api.smsCode('+852', '63330002', email, 'bindPhone');
    const bindMail = await api.emailCode('bindPhone', token);
    const bound = await api.call('POST', '/institution/bindPhoneInfo', {
      token,
      body: { smsUuid: bind.uuid, smsCode: bind.code, areaCode: '+852', phone: '63330002', password: api.encrypt(password), emailUuid: bindMail.uuid, emailCode: bindMail.code },
    });
    expect(bound.code).toBe(200);
    const body = await phoneChangeCodes(api, token, email, { areaCode: '+852', phone: '63330002' }, { areaCode: '+852', phone: '63330003' });
    const stolen = await api.call('POST', '/institution/updatePhoneInfo', { token, body });
    expect(stolen).toMatchObject({ status: 400, data: { field: 'password' } });
    // With the password too, it goes through.
    const ok = await api.call('POST', '/institution/updatePhoneInfo', { token, body: { ...body, password: api.encrypt(password) } });
    expect(ok).toMatchObject({ code: 200, data: { phone: '63330003' } });
  });

  it('cannot change the e-mail, even with codes to both addresses', async () => {
    const { token } = await freshUser();
    const newEmail = `moved-${Math.random().toString(36).slice(2, 8)}@firm.test`;
    const oldCode = await api.emailCode('updateEmailOld', token);
    const newCode = await api.emailCode('updateEmailNew', token, newEmail);
    const body = { oldEmailUuid: oldCode.uuid, oldEmailCode: oldCode.code, newEmailUuid: newCode.uuid, newEmailCode: newCode.code, email: newEmail };
    const stolen = await api.call('POST', '/institution/updateEmailInfo', { token, body });
    expect(stolen).toMatchObject({ status: 400, data: { field: 'password' } });
    const ok = await api.call('POST', '/institution/updateEmailInfo', { token, body: { ...body, password: api.encrypt(password) } });
    expect(ok).toMatchObject({ code: 200, data: { email: newEmail } });
  });
});

describe('with the right factors', () => {
  it('binds a Google authenticator with password + e-mail code + a code from the new secret', async () => {
    const { token } = await freshUser();
    await bindGa(token);
    expect(await gaBound(token)).toBe(true);
  });

  it('rebinds only with the CURRENT Google code as well, and records a reason-6 ban', async () => {
    const { token } = await freshUser();
    const current = await bindGa(token);
    api.clock.advance(30_000);
    const secretKey = await newSecret(token);
    const mail = await api.emailCode('bindGa', token);
    const base = { secretKey, gaCode: await api.totp(secretKey), password: api.encrypt(password), emailUuid: mail.uuid, emailCode: mail.code };
    const noCurrent = await api.call('POST', '/institution/bindGaInfo', { token, body: base });
    expect(noCurrent).toMatchObject({ status: 400, data: { field: 'currentGaCode', rule: 'required' } });
    const right = await api.totp(current);
    const wrongCurrent = await api.call('POST', '/institution/bindGaInfo', { token, body: { ...base, currentGaCode: right === '000000' ? '000001' : '000000' } });
    expect(wrongCurrent).toMatchObject({ code: 10006, data: { field: 'currentGaCode', errorCount: 1 } });
    const ok = await api.call('POST', '/institution/bindGaInfo', { token, body: { ...base, currentGaCode: await api.totp(current) } });
    expect(ok).toMatchObject({ code: 200, data: { bound: true } });
    const info = await api.call<{ withdrawBans: Array<{ reason: number }> }>('GET', '/institution/getUserInfo', { token });
    expect(info.data.withdrawBans.map((ban) => ban.reason)).toEqual([6]);
  });

  it('changes the password with old password + e-mail code + Google code (spec §7 names unchanged)', async () => {
    const { email, token } = await freshUser();
    const secret = await bindGa(token);
    api.clock.advance(30_000);
    const mail = await api.emailCode('updatePwd', token);
    const reply = await api.call('POST', '/institution/updatePwd', {
      token,
      body: { oldPassword: api.encrypt(password), newPassword: api.encrypt('Brand-New-9'), emailUuid: mail.uuid, emailCode: mail.code, gaCode: await api.totp(secret) },
    });
    expect(reply).toMatchObject({ code: 200, data: { reLogin: true } });
    api.clock.advance(30_000);
    expect((await api.login(email, 'Brand-New-9', await api.totp(secret))).code).toBe(200);
  });
});

describe('a wrong password at a step-up', () => {
  it('counts toward the signed-in lockout: 5 lock step-ups with a reason-1 withdrawal ban', async () => {
    const { email, token } = await freshUser();
    const sms = await api.smsCode('+852', '63330009', email, 'bindPhone');
    const mail = await api.emailCode('bindPhone', token);
    const attempt = (pwd: string) =>
      api.call('POST', '/institution/bindPhoneInfo', {
        token,
        body: { smsUuid: sms.uuid, smsCode: sms.code, areaCode: '+852', phone: '63330009', password: api.encrypt(pwd), emailUuid: mail.uuid, emailCode: mail.code },
      });
    for (let i = 1; i <= 4; i++) expect(await attempt('Wrong#Pass1')).toMatchObject({ code: 10030, data: { errorCount: i } });
    expect(await attempt('Wrong#Pass1')).toMatchObject({ code: 10002, data: { reason: 'password', errorCount: 5 } });
    // The right password at the step-up is refused now, and withdrawals are banned (spec §4 reason 1): these were
    // the signed-in account's own failures.
    expect((await attempt(password)).code).toBe(10002);
    const info = await api.call<{ withdrawBans: Array<{ reason: number }> }>('GET', '/institution/getUserInfo', { token });
    expect(info.data.withdrawBans.map((ban) => ban.reason)).toEqual([1]);
    // Signing in is the other count (per source, without a session): still open.
    expect((await api.login(email, password)).code).toBe(200);
  });

  it('and wrong passwords at sign-in, which anyone can send, do not count toward it', async () => {
    const { email, token } = await freshUser();
    expect((await api.login(email, 'Wrong#Pass1')).data).toMatchObject({ errorCount: 1 });
    const secretKey = await newSecret(token);
    const mail = await api.emailCode('bindGa', token);
    const bind = async (pwd: string) =>
      api.call('POST', '/institution/bindGaInfo', {
        token,
        body: { secretKey, gaCode: await api.totp(secretKey), password: api.encrypt(pwd), emailUuid: mail.uuid, emailCode: mail.code },
      });
    let reply;
    for (let i = 0; i < 4; i++) reply = await bind('Wrong#Pass1');
    expect(reply).toMatchObject({ code: 10030, data: { errorCount: 4, remainingAttempts: 1 } });
    expect((await bind(password)).code).toBe(200);
  });
});
