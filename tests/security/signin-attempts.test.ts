import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashWork } from '../../server/identity/passwords.ts';
import type { TestApi } from '../api/helpers.ts';
import { bindGaWithStepUp } from '../api/step-up-helpers.ts';
import { burst, securityBackends } from './backends.ts';

// Issue "account security hardening", sign-in and recovery: at most the allowed number of attempts is ever
// evaluated, however many arrive at once; a Google code works once.
const backends = securityBackends();

describe.each(backends)('attempt limits under a parallel burst ($name)', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await backend.start();
  });
  afterAll(async () => api?.close());

  it('evaluates at most 5 passwords of a burst of 30, and a right one at its end does not sign in', async () => {
    const email = await api.register('Right-Pass1');
    const wrong = api.encrypt('Wrong-Pass1');
    const right = api.encrypt('Right-Pass1');
    // The sandbox runs in this process: count its scrypt derivations, one per evaluated password.
    const before = hashWork.count;
    const tally = await burst(30, (index) =>
      api.call('POST', '/institution/login', { body: { username: email, password: index === 29 ? right : wrong } }),
    );
    expect(hashWork.count - before).toBeLessThanOrEqual(5);
    expect(tally.get(200)).toBeUndefined();
    // Afterwards this source is locked, or (where the burst's first failures made the rest ask for the image
    // captcha before reaching the password) the next try needs a captcha: never a sign-in without one.
    expect([10002, 10040]).toContain((await api.login(email, 'Right-Pass1')).code);
  });

  it('lets one Google code sign in once: 10 parallel logins with the same code give one token', async () => {
    const email = await api.register('Right-Pass1');
    const token = await api.token(email, 'Right-Pass1');
    const secretKey = await bindGaWithStepUp(api, token, 'Right-Pass1');
    api.clock.advance(60_000); // the binding used this step; the next login needs a fresh one
    const code = await api.totp(secretKey);
    const password = api.encrypt('Right-Pass1');
    const tally = await burst(10, () => api.call('POST', '/institution/login', { body: { username: email, password, gaCode: code } }));
    expect(tally.get(200)).toBe(1);
  });

  it('evaluates at most 5 guesses of one e-mail code, however many arrive at once', async () => {
    const email = await api.register('Right-Pass1');
    const sent = await api.emailCode('resetPassword', null, email);
    const guess = sent.code === '000000' ? '111111' : '000000';
    const newPassword = api.encrypt('Other-Pass1');
    const tally = await burst(30, () =>
      api.call('POST', '/institution/retrieve/password', {
        body: { username: email, type: 'email', emailUuid: sent.uuid, emailCode: guess, newPassword },
      }),
    );
    expect(tally.get(10003) ?? 0).toBeLessThanOrEqual(5);
    // The code is spent: even the right code no longer works.
    const right = await api.call('POST', '/institution/retrieve/password', {
      body: { username: email, type: 'email', emailUuid: sent.uuid, emailCode: sent.code, newPassword },
    });
    expect(right.code).not.toBe(200);
  });

  it('evaluates at most 5 wrong Google codes of a burst, then locks', async () => {
    const email = await api.register('Right-Pass1');
    const token = await api.token(email, 'Right-Pass1');
    const secretKey = await bindGaWithStepUp(api, token, 'Right-Pass1');
    api.clock.advance(60_000);
    const code = await api.totp(secretKey);
    const wrongCode = code === '000000' ? '000001' : '000000';
    const password = api.encrypt('Right-Pass1');
    const signIn = (gaCode: string) => api.call('POST', '/institution/login', { body: { username: email, password, gaCode } });
    const tally = await burst(30, () => signIn(wrongCode));
    // Whatever the burst left unevaluated (places held in flight), a few more in a row fill the window.
    let wrong = tally.get(10006) ?? 0;
    let reply = await signIn(wrongCode);
    for (let i = 0; i < 5 && reply.code === 10006; i++, reply = await signIn(wrongCode)) wrong++;
    expect(wrong).toBeLessThanOrEqual(4);
    expect((await signIn(code)).code).toBe(10002);
  });
});
