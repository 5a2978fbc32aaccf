/// <reference types="node" />
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCalls } from './calls.ts';
import { createApiClient } from './client.ts';
import { json, startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  await server.close();
});

const calls = () => createCalls(createApiClient({ baseUrl: server.baseUrl, getToken: () => 'tok-1', notify: () => {} }));

describe('calls by kind: each takes only the contract paths of its method and auth (spec §7)', () => {
  it('publicGet sends a GET without the token, its input as the query string', async () => {
    server.on('/institution/image/captcha', (_req, res) => json(res, { code: 200, msg: '', data: { uuid: 'u', image: 'i' } }));
    expect(await calls().publicGet('/institution/image/captcha', { businessType: 'login' })).toEqual({ uuid: 'u', image: 'i' });
    const [req] = server.requests;
    expect([req?.method, new URL(req?.url ?? '', 'http://x').searchParams.get('businessType'), req?.headers['authorization']]).toEqual(['GET', 'login', undefined]);
  });

  it('post sends the token and a JSON body; get sends the token; publicPost leaves it out', async () => {
    server.on('/message/read', (_req, res) => json(res, { code: 200, msg: '', data: { read: 1, unread: 0 } }));
    server.on('/message/unreadCount', (_req, res) => json(res, { code: 200, msg: '', data: { unread: 0 } }));
    server.on('/institution/verify/user', (_req, res) => json(res, { code: 200, msg: '', data: null }));
    const c = calls();
    await c.post('/message/read', { ids: ['1'] });
    await c.get('/message/unreadCount');
    await c.publicPost('/institution/verify/user', { username: 'a@b.test', captchaUuid: 'u', captchaCode: 'c' });
    const [read, count, verify] = server.requests;
    expect([read?.method, read?.headers['authorization'], JSON.parse(read?.body ?? '')]).toEqual(['POST', 'Bearer tok-1', { ids: ['1'] }]);
    expect([count?.method, count?.headers['authorization']]).toEqual(['GET', 'Bearer tok-1']);
    expect([verify?.method, verify?.headers['authorization']]).toEqual(['POST', undefined]);
  });

  it('refuses a path of another kind (the type check of `npm test` fails on these lines without their directives)', () => {
    const c = calls();
    const wrongKinds = () => [
      // @ts-expect-error a GET path is not a POST call
      c.post('/message/unreadCount'),
      // @ts-expect-error a user call is not public
      c.publicPost('/message/read', { ids: [] }),
    ];
    expect(wrongKinds).toBeTypeOf('function');
  });
});
