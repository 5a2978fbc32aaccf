import { describe, expect, it } from 'vitest';
import { TestApi, type Reply } from '../api/helpers.ts';
import { sandboxSuite } from '../api/suite.ts';
import { burst, securityBackends } from './backends.ts';
import { callFrom, wrongPasswordFrom } from './sources.ts';

/**
 * The lockout as a weapon, seen from the attacker: someone who knows only a login e-mail (or holds broker rights)
 * fails on purpose to lock the owner out. Their failures throttle their own source and spend the code; they never
 * lock the owner's own channels nor record a withdrawal ban (spec §4 reasons 1–3 follow the owner's own
 * authenticated failures only), and the owner is told by e-mail, with a link that freezes the account.
 * The owner's calls come from 127.0.0.1, where the owner has signed in; the strangers' from other loopback addresses.
 */

interface Mail {
  businessType: string;
  subject: string;
  body: string;
  code: string;
}

const newPassword = (api: TestApi) => api.encrypt('Other-Pass1');
const wrongGuess = (code: string) => (code === '000000' ? '111111' : '000000');

async function withdrawBans(api: TestApi, token: string): Promise<number[]> {
  const info = await api.call<{ withdrawBans: Array<{ reason: number }> }>('GET', '/institution/getUserInfo', { token });
  expect(info.code).toBe(200);
  return info.data.withdrawBans.map((ban) => ban.reason);
}

async function mails(api: TestApi, destination: string): Promise<Mail[]> {
  const reply = await api.call<{ list: Mail[] }>('GET', `/_dev/outbox?${new URLSearchParams({ destination, channel: 'email', limit: '200' })}`);
  return reply.data.list;
}

/** The owner's authenticated step with an e-mail code (the shape of a withdrawal's confirmation): the anti-phishing code set with the step-up. */
async function ownerStepUp(api: TestApi, token: string, password: string): Promise<Reply> {
  const mail = await api.emailCode('antiPhishing', token);
  return api.call('POST', '/institution/antiPhishing/set', {
    token,
    body: { code: 'Desk2026', password: api.encrypt(password), emailUuid: mail.uuid, emailCode: mail.code },
  });
}

/** A stranger at `source` asks for a reset code for `email` and sends five wrong guesses of it (the code's own limit). */
async function guessResetCode(api: TestApi, source: string, email: string): Promise<number[]> {
  api.clock.advance(1100);
  const sent = await callFrom<{ uuid: string }>(api, source, 'POST', '/institution/email/captcha/noLogin', { email, businessType: 'resetPassword' });
  expect(sent.code).toBe(200);
  // The test reads the real code only to be sure every guess is wrong.
  const real = (await mails(api, email)).find((mail) => mail.businessType === 'resetPassword')!.code;
  const codes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const reply = await callFrom(api, source, 'POST', '/institution/retrieve/password', {
      username: email,
      type: 'email',
      emailUuid: sent.data.uuid,
      emailCode: wrongGuess(real),
      newPassword: newPassword(api),
    });
    codes.push(reply.code);
  }
  return codes;
}

describe('a stranger cannot lock the owner out nor ban withdrawals', () => {
  let api: TestApi;
  sandboxSuite(TestApi, (started) => void (api = started));

  it('ten wrong reset codes from a stranger leave the owner able to confirm with an e-mail code, and record no ban', async () => {
    const email = await api.register('Right-Pass1');
    const token = await api.token(email, 'Right-Pass1');
    const codes = [...(await guessResetCode(api, '127.0.0.2', email)), ...(await guessResetCode(api, '127.0.0.2', email))];
    expect(codes.slice(0, 9).every((code) => code === 10003)).toBe(true);
    // The stranger's own source is what is locked, for this address.
    expect(codes[9]).toBe(10002);
    expect((await guessResetCode(api, '127.0.0.2', email))[0]).toBe(10002);
    expect(await ownerStepUp(api, token, 'Right-Pass1')).toMatchObject({ code: 200 });
    expect(await withdrawBans(api, token)).toEqual([]);
    // The owner can still reset the password from their own source.
    const own = await api.emailCode('resetPassword', null, email);
    const reset = await api.call('POST', '/institution/retrieve/password', {
      body: { username: email, type: 'email', emailUuid: own.uuid, emailCode: own.code, newPassword: newPassword(api) },
    });
    expect(reset.code).toBe(200);
  });

  it('twenty wrong passwords over four sources do not stop the owner signing in from their own source, and record no ban', async () => {
    const email = await api.register('Right-Pass1');
    const token = await api.token(email, 'Right-Pass1');
    for (const source of ['127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6']) {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await wrongPasswordFrom(api, source, email)).code);
      expect(codes.at(-1)).toBe(10002);
    }
    // The ceiling holds the sources the account never signed in from, even with the right password …
    const unknown = await callFrom(api, '127.0.0.7', 'POST', '/institution/login', { username: email, password: api.encrypt('Right-Pass1') });
    expect(unknown).toMatchObject({ code: 10002, data: { reason: 'password' } });
    // … but not the owner's own.
    const owner = await api.loginSolving(email, 'Right-Pass1');
    expect(owner.code).toBe(200);
    expect(await withdrawBans(api, owner.data.token)).toEqual([]);
    expect(await withdrawBans(api, token)).toEqual([]);
    expect(await ownerStepUp(api, owner.data.token, 'Right-Pass1')).toMatchObject({ code: 200 });
  });

  it('wrong codes at the broker invitation confirm count against the caller, never lock nor ban the invitee', async () => {
    api.clock.advance(3_600_000); // fresh hourly send windows
    const broker = async () => {
      const email = await api.register('Right-Pass1');
      const token = await api.token(email, 'Right-Pass1');
      expect((await api.call('POST', '/institution/agree/broker/open', { token })).code).toBe(200);
      return { email, token };
    };
    const victim = await broker();
    const attacker = await broker();
    const call = (path: string, body: unknown) => api.call<{ uuid: string }>('POST', path, { token: attacker.token, body });
    expect((await call('/broker/account/submitAccountManager', { email: victim.email })).code).toBe(200);
    const codes: number[] = [];
    for (let round = 0; round < 3; round++) {
      api.clock.advance(1100);
      const sent = await call('/broker/account/invokeAccountManager', { email: victim.email });
      expect(sent.code).toBe(200);
      const real = (await api.lastCode(victim.email, 'email'))!.code;
      for (let i = 0; i < 5; i++) {
        codes.push((await call('/broker/account/confirmAccountManager', { email: victim.email, emailUuid: sent.data.uuid, emailCode: wrongGuess(real) })).code);
      }
    }
    // The caller is stopped …
    expect(codes.slice(0, 9).every((code) => code === 10003)).toBe(true);
    expect(codes.slice(9).every((code) => code === 10002)).toBe(true);
    // … and the invitee is not: their own e-mail codes work, and withdrawals stay open.
    expect(await ownerStepUp(api, victim.token, 'Right-Pass1')).toMatchObject({ code: 200 });
    expect(await withdrawBans(api, victim.token)).toEqual([]);
  });

  it('mails the owner once per window, headed by the anti-phishing code, with a link that freezes the account once', async () => {
    api.clock.advance(3_600_000);
    const email = await api.register('Right-Pass1');
    const token = await api.token(email, 'Right-Pass1');
    expect(await ownerStepUp(api, token, 'Right-Pass1')).toMatchObject({ code: 200 });
    for (let i = 0; i < 5; i++) await wrongPasswordFrom(api, '127.0.0.8', email);
    const alerts = (await mails(api, email)).filter((mail) => mail.businessType === 'strangerFailures');
    expect(alerts).toHaveLength(1);
    const alert = alerts[0]!;
    expect(alert.body.startsWith('Anti-phishing code: Desk2026')).toBe(true);
    expect(alert.body).toContain('127.0.0.8');
    expect(alert.body).toContain('2026-01-');
    const link = /\/(en-US|zh-HK)\/freeze-account#token=([A-Za-z0-9_-]{43})\b/.exec(alert.body);
    expect(link).not.toBeNull();
    // More failures in the same window (another source, reset codes): no second mail.
    for (let i = 0; i < 5; i++) await wrongPasswordFrom(api, '127.0.0.9', email);
    await guessResetCode(api, '127.0.0.9', email);
    await guessResetCode(api, '127.0.0.9', email);
    expect((await mails(api, email)).filter((mail) => mail.businessType === 'strangerFailures')).toHaveLength(1);

    const freeze = (body: unknown) => api.call('POST', '/institution/frozenAccountByLink', { body });
    expect((await freeze({ token: 'A'.repeat(43) })).code).toBe(10004);
    expect((await freeze({ token: 'not a token' })).status).toBe(400);
    expect(await freeze({ token: link![2] })).toMatchObject({ code: 200, data: { frozen: true } });
    // As the account's own freeze: every session ends, and the account reads frozen.
    expect((await api.call('GET', '/institution/getUserInfo', { token })).status).toBe(401);
    const again = await api.loginSolving(email, 'Right-Pass1');
    expect(again.code).toBe(200);
    const info = await api.call<{ frozen: boolean }>('GET', '/institution/getUserInfo', { token: again.data.token });
    expect(info.data.frozen).toBe(true);
    // The link works once.
    expect((await freeze({ token: link![2] })).code).toBe(10004);
  });

  it('a freeze link expires', async () => {
    api.clock.advance(86_400_000);
    const email = await api.register('Right-Pass1');
    await api.token(email, 'Right-Pass1');
    for (let i = 0; i < 5; i++) await wrongPasswordFrom(api, '127.0.0.10', email);
    const alert = (await mails(api, email)).find((mail) => mail.businessType === 'strangerFailures');
    const token = /#token=([A-Za-z0-9_-]{43})/.exec(alert?.body ?? '')?.[1];
    expect(token).toBeDefined();
    api.clock.advance(8 * 86_400_000);
    expect((await api.call('POST', '/institution/frozenAccountByLink', { body: { token } })).code).toBe(10004);
  });
});

const backends = securityBackends();

describe.each(backends)('simultaneous correct sign-ins ($name)', (backend) => {
  let api: TestApi;
  sandboxSuite(backend, (started) => void (api = started));

  it('200 at once are never asked for the image captcha: a success is not a failure', async () => {
    const email = await api.register('Right-Pass1');
    const tally = await burst(200, () => api.login(email, 'Right-Pass1'));
    expect(tally.get(10040)).toBeUndefined();
    expect(tally.get(200) ?? 0).toBeGreaterThan(0);
    // What is not signed in was refused as a repeat while the source's places were all in evaluation.
    expect([...tally.keys()].filter((code) => code !== 200 && code !== 10005)).toEqual([]);
    expect((await api.login(email, 'Right-Pass1')).code).toBe(200);
  });
});
