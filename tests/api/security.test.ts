import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from './helpers.ts';
import { bindGaWithStepUp, phoneChangeCodes, stepUpFactors } from './step-up-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(async () => api.close());

async function freshUser(password = 'Passw0rd!x'): Promise<{ email: string; token: string }> {
  const email = await api.register(password);
  return { email, token: await api.token(email, password) };
}

// Binding takes the step-up (password + e-mail code) since sensitive changes need a fresh re-authentication.
const bindGa = (token: string): Promise<string> => bindGaWithStepUp(api, token, 'Passw0rd!x');

async function bans(token: string): Promise<number[]> {
  const info = await api.call<{ withdrawBans: Array<{ reason: number }> }>('GET', '/institution/getUserInfo', { token });
  return info.data.withdrawBans.map((ban) => ban.reason);
}

describe('Google authenticator (TOTP)', () => {
  it('generates a secret with an otpauth URI and binds it with a code computed from it', async () => {
    const { email, token } = await freshUser();
    const info = await api.call<{ secretKey: string; otpauthUrl: string }>('GET', '/institution/generateGaInfo', { token });
    expect(info.data.secretKey).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(info.data.otpauthUrl);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(info.data.secretKey);
    expect(decodeURIComponent(uri.pathname)).toContain(email);
    const bound = await api.call('POST', '/institution/bindGaInfo', {
      token,
      body: { secretKey: info.data.secretKey, gaCode: await api.totp(info.data.secretKey), ...(await stepUpFactors(api, token, 'Passw0rd!x', 'bindGa')) },
    });
    expect(bound).toMatchObject({ code: 200, data: { bound: true } });
    const user = await api.call<{ gaBound: boolean }>('GET', '/institution/getUserInfo', { token });
    expect(user.data.gaBound).toBe(true);
    expect(await bans(token)).toEqual([]); // first bind is not a rebind
  });

  it('refuses a wrong code, a secret it did not generate, and a malformed code', async () => {
    const { token } = await freshUser();
    const info = await api.call<{ secretKey: string }>('GET', '/institution/generateGaInfo', { token });
    const code = await api.totp(info.data.secretKey);
    const wrongCode = code === '000000' ? '000001' : '000000';
    const factors = await stepUpFactors(api, token, 'Passw0rd!x', 'bindGa');
    const wrong = await api.call('POST', '/institution/bindGaInfo', { token, body: { secretKey: info.data.secretKey, gaCode: wrongCode, ...factors } });
    expect(wrong).toMatchObject({ code: 10006, data: { errorCount: 1, remainingAttempts: 4 } });
    const foreign = await api.call('POST', '/institution/bindGaInfo', { token, body: { secretKey: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', gaCode: code, ...factors } });
    expect(foreign.code).toBe(10007);
    const malformed = await api.call('POST', '/institution/bindGaInfo', { token, body: { secretKey: info.data.secretKey, gaCode: '12345', ...factors } });
    expect(malformed).toMatchObject({ status: 400, data: { field: 'gaCode' } });
  });

  it('asks for the code at login once bound; accepts one step of drift, refuses a replay and an old code', async () => {
    const { email, token } = await freshUser();
    const secret = await bindGa(token);
    expect((await api.login(email, 'Passw0rd!x')).data).toMatchObject({ field: 'gaCode', rule: 'required' });
    // The bind used the current step; one step later, a code from the step before is still taken (drift).
    api.clock.advance(60_000);
    const drift = await api.login(email, 'Passw0rd!x', await api.totp(secret, -30));
    expect(drift.code).toBe(200);
    // The same code again (same time step) is a replay.
    expect((await api.login(email, 'Passw0rd!x', await api.totp(secret, -30))).code).toBe(10006);
    api.clock.advance(30_000);
    expect((await api.login(email, 'Passw0rd!x', await api.totp(secret))).code).toBe(200);
    api.clock.advance(120_000);
    expect((await api.login(email, 'Passw0rd!x', await api.totp(secret, -120))).code).toBe(10006);
  });

  it('locks Google codes after 5 wrong ones, with a reason-3 ban', async () => {
    const { email, token } = await freshUser();
    const secret = await bindGa(token);
    const right = await api.totp(secret);
    const wrong = right === '123456' ? '654321' : '123456';
    let reply;
    for (let i = 0; i < 5; i++) reply = await api.login(email, 'Passw0rd!x', wrong);
    expect(reply).toMatchObject({ code: 10002, data: { reason: 'gaCode', errorCount: 5 } });
    api.clock.advance(30_000);
    expect((await api.login(email, 'Passw0rd!x', await api.totp(secret))).code).toBe(10002);
    expect(await bans(token)).toEqual([3]);
  });

  it('rebinds only with an e-mail code (and the password and current code), and records a reason-6 ban', async () => {
    const { token } = await freshUser();
    const current = await bindGa(token);
    api.clock.advance(30_000);
    const info = await api.call<{ secretKey: string }>('GET', '/institution/generateGaInfo', { token });
    const gaCode = await api.totp(info.data.secretKey);
    const currentGaCode = await api.totp(current);
    const password = api.encrypt('Passw0rd!x');
    const noEmail = await api.call('POST', '/institution/bindGaInfo', { token, body: { secretKey: info.data.secretKey, gaCode, currentGaCode, password } });
    expect(noEmail).toMatchObject({ status: 400, data: { field: 'emailCode' } });
    const code = await api.emailCode('bindGa', token);
    const rebind = await api.call('POST', '/institution/bindGaInfo', {
      token,
      body: { secretKey: info.data.secretKey, gaCode, currentGaCode, password, emailUuid: code.uuid, emailCode: code.code },
    });
    expect(rebind.code).toBe(200);
    expect(await bans(token)).toEqual([6]);
  });
});

describe('change password (updatePwd)', () => {
  it('takes old password + e-mail code + Google code; ends every session; bans withdrawals (reason 4)', async () => {
    const { email, token } = await freshUser();
    const secret = await bindGa(token);
    api.clock.advance(30_000);
    const code = await api.emailCode('updatePwd', token);
    const reply = await api.call('POST', '/institution/updatePwd', {
      token,
      body: {
        oldPassword: api.encrypt('Passw0rd!x'),
        newPassword: api.encrypt('Brand-New-9'),
        emailUuid: code.uuid,
        emailCode: code.code,
        gaCode: await api.totp(secret),
      },
    });
    expect(reply).toMatchObject({ code: 200, data: { reLogin: true } });
    expect((await api.call('GET', '/institution/getUserInfo', { token })).code).toBe(401);
    api.clock.advance(30_000);
    const fresh = await api.token(email, 'Brand-New-9', secret);
    expect(await bans(fresh)).toEqual([4]);
    // The ban runs 24 hours.
    api.clock.advance(24 * 3600_000);
    // A day idle ends the session (Limits.sessionIdleMs): sign in again.
    expect(await bans(await api.token(email, 'Brand-New-9', secret))).toEqual([]);
  });

  it('needs the Google code when bound', async () => {
    const { token } = await freshUser();
    await bindGa(token);
    const code = await api.emailCode('updatePwd', token);
    const reply = await api.call('POST', '/institution/updatePwd', {
      token,
      body: { oldPassword: api.encrypt('Passw0rd!x'), newPassword: api.encrypt('Brand-New-9'), emailUuid: code.uuid, emailCode: code.code },
    });
    expect(reply).toMatchObject({ status: 400, data: { field: 'gaCode', rule: 'required' } });
  });

  it('refuses a wrong old password (counted), a weak or unchanged new one, a missing e-mail code', async () => {
    const { token } = await freshUser();
    const code = await api.emailCode('updatePwd', token);
    const call = (oldPassword: string, newPassword: string, extra: Record<string, string> = { emailUuid: code.uuid, emailCode: code.code }) =>
      api.call('POST', '/institution/updatePwd', {
        token,
        body: { oldPassword: api.encrypt(oldPassword), newPassword: api.encrypt(newPassword), ...extra },
      });
    expect(await call('Not-The-Old1', 'Brand-New-9')).toMatchObject({ code: 10012, data: { errorCount: 1, remainingAttempts: 4 } });
    expect(await call('Passw0rd!x', 'weakpass')).toMatchObject({ status: 400, data: { field: 'newPassword', rule: 'passwordRule' } });
    expect(await call('Passw0rd!x', 'Passw0rd!x')).toMatchObject({ status: 400, data: { rule: 'differentFromOld' } });
    expect(await call('Passw0rd!x', 'Brand-New-9', { emailCode: code.code })).toMatchObject({
      status: 400,
      data: { field: 'emailUuid', rule: 'codeNotFetched' },
    });
    expect(await call('Passw0rd!x', 'Brand-New-9', { emailUuid: code.uuid })).toMatchObject({
      status: 400,
      data: { field: 'emailCode', rule: 'required' },
    });
    // Nothing changed by the refusals: the code and the old password still work.
    expect((await call('Passw0rd!x', 'Brand-New-9')).code).toBe(200);
  });
});

describe('phone and e-mail', () => {
  it('binds a phone with an SMS code, refuses a second bind and a number in use', async () => {
    const first = await freshUser();
    const sms = await api.smsCode('852', '60001111', first.email, 'bindPhone');
    const factors = await stepUpFactors(api, first.token, 'Passw0rd!x', 'bindPhone');
    const bind = await api.call('POST', '/institution/bindPhoneInfo', {
      token: first.token,
      body: { smsUuid: sms.uuid, smsCode: sms.code, areaCode: '852', phone: '60001111', ...factors },
    });
    expect(bind).toMatchObject({ code: 200, data: { areaCode: '+852', phone: '60001111' } });
    const again = await api.call('POST', '/institution/bindPhoneInfo', {
      token: first.token,
      body: { smsUuid: sms.uuid, smsCode: sms.code, areaCode: '852', phone: '60001111', ...factors },
    });
    expect(again.code).toBe(10013);
    const second = await freshUser();
    api.clock.advance(1100);
    const taken = await api.call('POST', '/institution/sms/captcha', {
      body: { areaCode: '+852', phone: '60001111', username: second.email, businessType: 'bindPhone' },
    });
    expect(taken.code).toBe(10009);
  });

  it('updates the phone with old SMS, new SMS and e-mail codes', async () => {
    const { email, token } = await freshUser();
    const bindSms = await api.smsCode('+852', '60002222', email, 'bindPhone');
    const bindFactors = await stepUpFactors(api, token, 'Passw0rd!x', 'bindPhone');
    await api.call('POST', '/institution/bindPhoneInfo', { token, body: { smsUuid: bindSms.uuid, smsCode: bindSms.code, areaCode: '+852', phone: '60002222', ...bindFactors } });
    const codes = await phoneChangeCodes(api, token, email, { areaCode: '+852', phone: '60002222' }, { areaCode: '+44', phone: '7700900123' });
    const body = { ...codes, password: api.encrypt('Passw0rd!x') };
    const swapped = await api.call('POST', '/institution/updatePhoneInfo', {
      token,
      body: { ...body, oldSmsUuid: codes.newSmsUuid, oldSmsCode: codes.newSmsCode, newSmsUuid: codes.oldSmsUuid, newSmsCode: codes.oldSmsCode },
    });
    expect(swapped.code).toBe(10004);
    expect((await api.call('POST', '/institution/updatePhoneInfo', { token, body })).code).toBe(200);
    const info = await api.call<{ areaCode: string; phone: string }>('GET', '/institution/getUserInfo', { token });
    expect(info.data).toMatchObject({ areaCode: '+44', phone: '7700900123' });
  });

  it('changes the e-mail with codes to both addresses and bans withdrawals for 24 hours (reason 5)', async () => {
    const { token } = await freshUser();
    const newEmail = `moved-${Math.random().toString(36).slice(2, 8)}@firm.test`;
    const oldCode = await api.emailCode('updateEmailOld', token);
    const newCode = await api.emailCode('updateEmailNew', token, newEmail);
    const reply = await api.call('POST', '/institution/updateEmailInfo', {
      token,
      body: {
        oldEmailUuid: oldCode.uuid,
        oldEmailCode: oldCode.code,
        newEmailUuid: newCode.uuid,
        newEmailCode: newCode.code,
        email: newEmail,
        password: api.encrypt('Passw0rd!x'),
      },
    });
    expect(reply).toMatchObject({ code: 200, data: { email: newEmail } });
    const info = await api.call<{ email: string; withdrawBans: Array<{ reason: number; until: string }> }>('GET', '/institution/getUserInfo', {
      token,
    });
    expect(info.data.email).toBe(newEmail);
    expect(info.data.withdrawBans).toEqual([
      expect.objectContaining({ reason: 5, until: new Date(api.clock.now() + 24 * 3600_000).toISOString() }),
    ]);
    const menu = await api.call<{ permissions: Record<string, { enabled: boolean; reason: string | null }> }>('GET', '/menu/getUserMenu', {
      token,
    });
    expect(menu.data.permissions['withdrawCoin']).toEqual({ enabled: false, reason: 'kycBasic' });
    api.clock.advance(24 * 3600_000 + 1);
    // A day idle ends the session (Limits.sessionIdleMs): sign in again, with the new address.
    expect(await bans(await api.token(newEmail, 'Passw0rd!x'))).toEqual([]);
  });
});
