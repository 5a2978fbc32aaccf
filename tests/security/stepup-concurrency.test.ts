import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from '../api/helpers.ts';
import { fileDatabases } from '../api/pg-cluster.ts';
import { bindGaWithStepUp, stepUpFactors } from '../api/step-up-helpers.ts';

/**
 * Step-up factors work once, and one reset request is under review at a time, also under a parallel burst:
 * the e-mail code is consumed and the authenticator written with conditional updates in the request's
 * transaction, the request insert is guarded by a partial unique index. PGlite (one connection) and
 * PostgreSQL (real concurrency).
 */
const password = 'Passw0rd!x';
const { backends } = fileDatabases('stepup_burst');

describe.each(backends)('step-up under a parallel burst ($name)', ({ url: databaseUrl, skip }) => {
  let api: TestApi;
  beforeAll(async () => {
    if (skip) return;
    const url = await databaseUrl();
    api = await TestApi.start(url ? { databaseUrl: url } : {});
  });
  afterAll(async () => api?.close());

  it.skipIf(skip)('one set of factors binds an authenticator once', async () => {
    const email = await api.register(password);
    const token = await api.token(email, password);
    const info = await api.call<{ secretKey: string }>('GET', '/institution/generateGaInfo', { token });
    const factors = await stepUpFactors(api, token, password, 'bindGa');
    const body = { secretKey: info.data.secretKey, gaCode: await api.totp(info.data.secretKey), ...factors };
    const replies = await Promise.all(Array.from({ length: 8 }, () => api.call('POST', '/institution/bindGaInfo', { token, body })));
    expect(replies.filter((reply) => reply.code === 200)).toHaveLength(1);
    expect(replies.every((reply) => reply.status < 500)).toBe(true);
  });

  it.skipIf(skip)('a burst of reset requests leaves exactly one under review', async () => {
    const email = await api.register(password);
    const token = await api.token(email, password);
    await bindGaWithStepUp(api, token, password);
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push(await api.emailCode('resetGa', null, email));
    const replies = await Promise.all(
      codes.map((code) =>
        api.call('POST', '/institution/ga/reset/apply', {
          body: { username: email, password: api.encrypt(password), emailUuid: code.uuid, emailCode: code.code },
        }),
      ),
    );
    expect(replies.filter((reply) => reply.code === 200)).toHaveLength(1);
    // The rest are refused: 10032 (a request is already under review); when all five password places of the
    // sign-in lockout are held by requests still being evaluated, 10005 (repeat request); and when places held
    // in flight already count as the first failures, 10040 (the image captcha is asked for).
    expect(replies.filter((reply) => [10032, 10005, 10040].includes(reply.code))).toHaveLength(5);
  });
});
