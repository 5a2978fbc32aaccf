import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashWork } from '../../server/identity/passwords.ts';
import { TestApi, demoUser } from './helpers.ts';
import { stepUpFactors } from './step-up-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(async () => api.close());

describe('public configuration', () => {
  it('publishes the RSA public key and the platform defaults', async () => {
    const reply = await api.call<{ publicKey: string; defaultLanguage: string; exchangeList: string[] }>('GET', '/platformConfiguration/get');
    expect(reply).toMatchObject({ status: 200, code: 200, msg: 'success' });
    expect(reply.data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(reply.data.defaultLanguage).toBe('zh-HK');
    expect(reply.data.exchangeList).toContain('coinbaseinternational');
  });

  it('serves system/config without a token', async () => {
    const reply = await api.call<{ systemConfig: { pageSizes: number[] }; language: string; isClient: boolean }>('GET', '/system/config');
    expect(reply.code).toBe(200);
    expect(reply.data.systemConfig.pageSizes).toEqual([10, 20, 50, 100]);
    expect(reply.data.isClient).toBe(false);
  });
});

describe('sign-in', () => {
  it('pre-login then login as the seeded demo user; the token opens user info', async () => {
    const pre = await api.call<{ gaBound: boolean }>('POST', '/institution/preLogin', {
      body: { username: demoUser.email, password: api.encrypt(demoUser.password) },
    });
    expect(pre).toMatchObject({ code: 200, data: { gaBound: false } });
    const login = await api.login(demoUser.email.toUpperCase(), demoUser.password);
    expect(login.code).toBe(200);
    expect(login.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await api.call<{ email: string; kyc: unknown; gaBound: boolean; frozen: boolean }>('GET', '/institution/getUserInfo', {
      token: login.data.token,
    });
    expect(info.data).toMatchObject({ email: demoUser.email, kyc: { basic: 'Certified', advanced: 'Certified' }, gaBound: false, frozen: false });
  });

  it('answers wrong password, unknown user and bad padding with the same error and the same scrypt work', async () => {
    const attempts = [
      { username: 'wrong-pass@firm.test', password: api.encrypt('Wrong-Pass1') },
      { username: 'nobody-here@firm.test', password: api.encrypt('Whatever1!') },
      { username: 'bad-padding@firm.test', password: Buffer.alloc(256, 0x41).toString('base64') },
    ];
    // The first of these is a real account, so "wrong password" is really that.
    await api.register('Right-Pass1', 'wrong-pass@firm.test');
    await api.register('Right-Pass1', 'bad-padding@firm.test');
    const replies = [];
    for (const body of attempts) {
      const before = hashWork.count;
      const reply = await api.call('POST', '/institution/login', { body });
      replies.push({ status: reply.status, code: reply.code, msg: reply.msg, data: reply.data, work: hashWork.count - before });
    }
    expect(replies[0]).toEqual({
      status: 200,
      code: 10001,
      msg: 'verification failed, please log in again',
      data: { errorCount: 1, remainingAttempts: 4, captchaRequired: false },
      work: 1,
    });
    expect(replies[1]).toEqual(replies[0]);
    expect(replies[2]).toEqual(replies[0]);
  });

  it('locks after 5 wrong passwords with the count and the wait, and unlocks when the wait is over', async () => {
    const email = await api.register('Right-Pass1');
    for (let i = 1; i <= 4; i++) {
      const reply = await api.loginSolving(email, 'Wrong-Pass1');
      expect(reply).toMatchObject({ code: 10001, data: { errorCount: i, remainingAttempts: 5 - i, captchaRequired: i >= 2 } });
    }
    const locked = await api.loginSolving(email, 'Wrong-Pass1');
    expect(locked).toMatchObject({
      status: 200,
      code: 10002,
      data: { reason: 'password', errorCount: 5, waitSeconds: 86400, wait: { days: 1, hours: 0, minutes: 0 } },
    });
    // Locked: even the right password is refused, with the remaining wait.
    api.clock.advance(90 * 60_000);
    const stillLocked = await api.login(email, 'Right-Pass1');
    expect(stillLocked).toMatchObject({ code: 10002, data: { errorCount: 5, wait: { days: 0, hours: 22, minutes: 30 } } });
    // Sign-in failures (no session) record no withdrawal ban (server/README.md "Lockouts").
    api.clock.advance(24 * 3600_000);
    const token = await api.token(email, 'Right-Pass1');
    const info = await api.call<{ withdrawBans: unknown[] }>('GET', '/institution/getUserInfo', { token });
    expect(info.data.withdrawBans).toEqual([]);
    const again = await api.login(email, 'Wrong-Pass1');
    expect(again).toMatchObject({ code: 10001, data: { errorCount: 1 } });
  });

  it('records no withdrawal ban when sign-in locks a source, even the owner\'s own: anyone can send a sign-in', async () => {
    const email = await api.register('Right-Pass1');
    const token = await api.token(email, 'Right-Pass1');
    for (let i = 0; i < 5; i++) expect((await api.loginSolving(email, 'Wrong-Pass1')).code).toBe(i < 4 ? 10001 : 10002);
    const info = await api.call<{ withdrawBans: unknown[] }>('GET', '/institution/getUserInfo', { token });
    expect(info.data.withdrawBans).toEqual([]);
  });

  it('logs out: the token stops working, other sessions stay', async () => {
    const email = await api.register();
    const first = await api.token(email, 'Passw0rd!x');
    const second = await api.token(email, 'Passw0rd!x');
    expect((await api.call('POST', '/institution/logout', { token: first })).code).toBe(200);
    const dead = await api.call('GET', '/institution/getUserInfo', { token: first });
    expect(dead).toMatchObject({ status: 401, code: 401, msg: 'Authentication failed, cannot access system resource' });
    expect((await api.call('GET', '/institution/getUserInfo', { token: second })).code).toBe(200);
  });

  it('refuses calls without a token, with a malformed one, or with an expired session', async () => {
    expect((await api.call('GET', '/institution/getUserInfo')).code).toBe(401);
    expect((await api.call('GET', '/institution/getUserInfo', { headers: { authorization: 'Basic abc' } })).code).toBe(401);
    expect((await api.call('GET', '/institution/getUserInfo', { token: 'x'.repeat(43) })).code).toBe(401);
    const token = await api.token();
    api.clock.advance(7 * 24 * 3600_000 + 1);
    expect((await api.call('GET', '/institution/getUserInfo', { token })).code).toBe(401);
  });

  it('rejects malformed login bodies with a 400 naming the field', async () => {
    const missing = await api.call('POST', '/institution/login', { body: { username: demoUser.email } });
    expect(missing).toMatchObject({ status: 400, code: 400, data: { field: 'password', rule: 'required' } });
    const notBase64 = await api.call('POST', '/institution/login', { body: { username: demoUser.email, password: 'not base64!' } });
    expect(notBase64).toMatchObject({ status: 400, code: 400, data: { field: 'password', rule: 'pattern' } });
  });
});

describe('registration (spec §2, §5)', () => {
  const base = (api: TestApi, email: string, code: { uuid: string; code: string }) => ({
    firstName: 'Grace',
    lastName: 'Hopper',
    email,
    emailUuid: code.uuid,
    emailCode: code.code,
    companyName: 'Compilers Ltd',
    password: api.encrypt('Passw0rd!x'),
    confirmPassword: api.encrypt('Passw0rd!x'),
    agreement: true,
  });

  it('registers with an e-mail code from the outbox; the user starts unverified and without Google authenticator', async () => {
    const email = await api.register('Passw0rd!x', 'grace@navy.test');
    const token = await api.token(email, 'Passw0rd!x');
    const info = await api.call<{ kyc: unknown; gaBound: boolean; preferredLanguage: string; companyName: string }>(
      'GET',
      '/institution/getUserInfo',
      { token },
    );
    expect(info.data).toMatchObject({
      kyc: { basic: 'unCertified', advanced: 'unCertified' },
      gaBound: false,
      preferredLanguage: 'en-US',
      companyName: 'Analytical Engines Ltd',
    });
  });

  it.each([
    ['company name with Chinese', { companyName: '數碼資產有限公司' }, 'companyName', 'noChinese'],
    ['bad e-mail', { email: 'not-an-email' }, 'email', 'email'],
    ['weak password', { password: 'password1' }, 'password', 'passwordRule'],
    ['no special character', { password: 'Password1' }, 'password', 'passwordRule'],
    ['passwords differ', { confirmPassword: 'Other-Pass1' }, 'confirmPassword', 'match'],
    ['agreement not ticked', { agreement: false }, 'agreement', 'mustAccept'],
    ['code not fetched', { emailUuid: undefined }, 'emailUuid', 'codeNotFetched'],
    ['code not six digits', { emailCode: '12ab' }, 'emailCode', 'pattern'],
    ['first name missing', { firstName: undefined }, 'firstName', 'required'],
  ])('refuses %s with a 400 and creates nothing', async (_name, change, field, rule) => {
    const email = `rule-${Math.random().toString(36).slice(2)}@firm.test`;
    const code = await api.emailCode('register', null, email);
    const body: Record<string, unknown> = { ...base(api, email, code), ...change };
    for (const key of ['password', 'confirmPassword']) {
      if (key in change) body[key] = api.encrypt(String((change as Record<string, unknown>)[key]));
    }
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete body[key];
    const reply = await api.call('POST', '/institution/register', { body });
    expect(reply).toMatchObject({ status: 400, code: 400, data: { field, rule } });
    // Nothing persisted: the same code still registers the address.
    const ok = await api.call('POST', '/institution/register', { body: base(api, email, code) });
    expect(ok.code).toBe(200);
  });

  it('refuses an address that is taken, at the code request and at registration', async () => {
    const email = await api.register();
    api.clock.advance(1100);
    const send = await api.call('POST', '/institution/email/captcha/noLogin', { body: { email, businessType: 'register' } });
    expect(send).toMatchObject({ status: 200, code: 10008 });
  });

  it('refuses a code sent to another address', async () => {
    const code = await api.emailCode('register', null, 'first-address@firm.test');
    const reply = await api.call('POST', '/institution/register', { body: base(api, 'second-address@firm.test', code) });
    expect(reply.code).toBe(10004);
  });
});

describe('password reset (verify/user, retrieve/password)', () => {
  it('checks the image captcha, then tells which channels reach the account', async () => {
    const captcha = await api.call<{ uuid: string; image: string }>('GET', '/institution/image/captcha');
    expect(captcha.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const answer = await api.lastCode('image', 'image');
    const wrong = await api.call('POST', '/institution/verify/user', {
      body: { username: demoUser.email, captchaUuid: captcha.data.uuid, captchaCode: 'ZZZZ' },
    });
    expect(wrong.code).toBe(10003);
    const right = await api.call('POST', '/institution/verify/user', {
      body: { username: demoUser.email, captchaUuid: captcha.data.uuid, captchaCode: answer?.code.toLowerCase() },
    });
    expect(right.data).toEqual({ exists: true, email: 'de***@tradingdesk.test', areaCode: '+852', phone: '9123****', hasPhone: true });
    const reused = await api.call('POST', '/institution/verify/user', {
      body: { username: demoUser.email, captchaUuid: captcha.data.uuid, captchaCode: answer?.code },
    });
    expect(reused.code).toBe(10004);
  });

  it('resets by e-mail code: old sessions end, the new password signs in, a reason-4 ban is recorded', async () => {
    const email = await api.register();
    const oldToken = await api.token(email, 'Passw0rd!x');
    const code = await api.emailCode('resetPassword', null, email);
    const reply = await api.call('POST', '/institution/retrieve/password', {
      body: { username: email, type: 'email', emailUuid: code.uuid, emailCode: code.code, newPassword: api.encrypt('New-Pass-2') },
    });
    expect(reply.code).toBe(200);
    expect((await api.call('GET', '/institution/getUserInfo', { token: oldToken })).code).toBe(401);
    expect((await api.login(email, 'Passw0rd!x')).code).toBe(10001);
    const token = await api.token(email, 'New-Pass-2');
    const info = await api.call<{ withdrawBans: Array<{ reason: number }> }>('GET', '/institution/getUserInfo', { token });
    expect(info.data.withdrawBans.map((ban) => ban.reason)).toEqual([4]);
  });

  it('resets by SMS to the bound phone', async () => {
    const email = await api.register();
    const token = await api.token(email, 'Passw0rd!x');
    const bind = await api.smsCode('+852', '55500011', email, 'bindPhone');
    const factors = await stepUpFactors(api, token, 'Passw0rd!x', 'bindPhone');
    expect((await api.call('POST', '/institution/bindPhoneInfo', { token, body: { smsUuid: bind.uuid, smsCode: bind.code, areaCode: '+852', phone: '55500011', ...factors } })).code).toBe(200);
    const sms = await api.smsCode('+852', '55500011', email, 'resetPassword');
    const reply = await api.call('POST', '/institution/retrieve/password', {
      body: { username: email, type: 'phone', smsUuid: sms.uuid, smsCode: sms.code, areaCode: '852', phone: '55500011', newPassword: api.encrypt('Sms-Reset-3') },
    });
    expect(reply.code).toBe(200);
    expect((await api.login(email, 'Sms-Reset-3')).code).toBe(200);
  });

  it('does not reveal unknown addresses: the reset code request answers alike and sends nothing', async () => {
    api.clock.advance(1100);
    const reply = await api.call<{ uuid: string }>('POST', '/institution/email/captcha/noLogin', {
      body: { email: 'ghost@firm.test', businessType: 'resetPassword' },
    });
    expect(reply.code).toBe(200);
    expect(reply.data.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await api.lastCode('ghost@firm.test')).toBeUndefined();
    const guess = await api.call('POST', '/institution/retrieve/password', {
      body: { username: 'ghost@firm.test', type: 'email', emailUuid: reply.data.uuid, emailCode: '123456', newPassword: api.encrypt('New-Pass-2') },
    });
    expect(guess.code).toBe(10003);
  });

  it('refuses a new password that breaks the rules before looking at the code', async () => {
    const reply = await api.call('POST', '/institution/retrieve/password', {
      body: { username: demoUser.email, type: 'email', emailUuid: 'x', emailCode: '123456', newPassword: api.encrypt('short') },
    });
    expect(reply).toMatchObject({ status: 400, data: { field: 'newPassword', rule: 'passwordRule' } });
  });
});
