/// <reference types="node" />
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient, type ApiConfig } from './client.ts';
import { closedPort, json, rejection, startTestServer, type TestServer } from './test-server.ts';
import enUS from '../../../locales/en-US/errors.json';
import zhHK from '../../../locales/zh-HK/errors.json';

let server: TestServer;
let toasts: string[];
let clock: number;
let token: string | undefined;
let language: string;
let unauthorized: ReturnType<typeof vi.fn<() => void>>;

function client(extra: Partial<ApiConfig> = {}): ApiClient {
  return createApiClient({
    baseUrl: server.baseUrl,
    getToken: () => token,
    getLanguage: () => language,
    onUnauthorized: unauthorized,
    notify: ({ text }) => toasts.push(text),
    now: () => clock,
    ...extra,
  });
}

beforeEach(async () => {
  server = await startTestServer();
  toasts = [];
  clock = 1_000_000;
  token = 'tok-1';
  language = 'en-US';
  unauthorized = vi.fn<() => void>();
});

afterEach(async () => {
  await server.close();
});

describe('request headers (spec §7)', () => {
  it('sends source, Accept-Language and the bearer token, and unwraps data on code 200', async () => {
    server.on('/user/assets', (_req, res) => json(res, { code: 200, msg: 'ok', data: { total: '1.5' } }));
    const data = await client().get<{ total: string }>('/user/assets');
    expect(data).toEqual({ total: '1.5' });
    const [req] = server.requests;
    expect(req?.method).toBe('GET');
    expect(req?.headers['source']).toBe('web');
    expect(req?.headers['accept-language']).toBe('en-US');
    expect(req?.headers['authorization']).toBe('Bearer tok-1');
  });

  it('reads the token and language at call time', async () => {
    server.on('/institution/getUserInfo', (_req, res) => json(res, { code: 200, msg: '', data: null }));
    const api = client();
    token = 'tok-2';
    language = 'zh-HK';
    await api.get('/institution/getUserInfo');
    expect(server.requests[0]?.headers['authorization']).toBe('Bearer tok-2');
    expect(server.requests[0]?.headers['accept-language']).toBe('zh-HK');
  });

  it('sends no Authorization header on a no-token call, but still source and language', async () => {
    server.on('/institution/login', (_req, res) => json(res, { code: 200, msg: '', data: { token: 'new' } }));
    const data = await client().post<{ token: string }>('/institution/login', { username: 'a' }, { noToken: true });
    expect(data.token).toBe('new');
    const [req] = server.requests;
    expect(req?.headers['authorization']).toBeUndefined();
    expect(req?.headers['source']).toBe('web');
    expect(req?.headers['accept-language']).toBe('en-US');
  });

  it('sends no Authorization header when there is no token', async () => {
    token = undefined;
    server.on('/system/config', (_req, res) => json(res, { code: 200, msg: '', data: 1 }));
    await client().get('/system/config');
    expect(server.requests[0]?.headers['authorization']).toBeUndefined();
  });

  it('posts a JSON body and passes search params', async () => {
    server.on('/institution/quote', (_req, res) => json(res, { code: 200, msg: '', data: 'q1' }));
    server.on('/broker/project', (_req, res) => json(res, { code: 200, msg: '', data: [] }));
    const api = client();
    await api.post('/institution/quote', { amount: '10.5', side: 'buy' });
    await api.get('/broker/project', { searchParams: { page: 2, status: 'open', skipped: undefined } });
    const [post, get] = server.requests;
    expect(post?.method).toBe('POST');
    expect(post?.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(post?.body ?? '')).toEqual({ amount: '10.5', side: 'buy' });
    expect(get?.url).toBe('/api/broker/project?page=2&status=open');
  });

  it('joins a base URL with or without a trailing slash', async () => {
    server.on('/user/assets', (_req, res) => json(res, { code: 200, msg: '', data: 3 }));
    expect(await client({ baseUrl: `${server.baseUrl}/` }).get('user/assets')).toBe(3);
  });
});

describe('envelope codes (spec §8)', () => {
  it('shows the catalogue message for 403 and 404 instead of the server msg', async () => {
    server.on('/a', (_req, res) => json(res, { code: 403, msg: 'server says forbidden', data: null }));
    server.on('/b', (_req, res) => json(res, { code: 404, msg: 'server says missing', data: null }));
    const api = client();
    const forbidden = await rejection(api.get('/a'));
    const missing = await rejection(api.get('/b'));
    expect(forbidden).toMatchObject({ kind: 'business', code: 403, msg: 'server says forbidden', message: enUS.catalogue.noPermission });
    expect(missing).toMatchObject({ kind: 'business', code: 404, message: enUS.catalogue.notFound });
    expect(toasts).toEqual([enUS.catalogue.noPermission, enUS.catalogue.notFound]);
  });

  it('shows the server msg for other codes, as plain text, with data kept for field errors', async () => {
    server.on('/c', (_req, res) => json(res, { code: 50012, msg: '<b>Insufficient balance</b>', data: { field: 'amount' } }));
    const error = await rejection(client().post('/c', {}));
    expect(error).toMatchObject({ kind: 'business', code: 50012, message: '<b>Insufficient balance</b>', data: { field: 'amount' } });
    expect(toasts).toEqual(['<b>Insufficient balance</b>']);
  });

  it('falls back to the default message when the server msg is empty or missing', async () => {
    server.on('/d', (_req, res) => json(res, { code: 500, msg: '  ', data: null }));
    server.on('/e', (_req, res) => json(res, { code: '7001' }));
    const api = client();
    expect((await rejection(api.get('/d'))).message).toBe(enUS.catalogue.unknown);
    clock += 3000;
    expect(await rejection(api.get('/e'))).toMatchObject({ code: 7001, message: enUS.catalogue.unknown });
    expect(toasts).toEqual([enUS.catalogue.unknown, enUS.catalogue.unknown]);
  });

  it('translates into the current language (zh-HK)', async () => {
    language = 'zh-HK';
    server.on('/a', (_req, res) => json(res, { code: 403, msg: 'x', data: null }));
    expect((await rejection(client().get('/a'))).message).toBe(zhHK.catalogue.noPermission);
  });

  it('uses an injected t when the app passes one', async () => {
    server.on('/a', (_req, res) => json(res, { code: 404, msg: 'x', data: null }));
    const error = await rejection(client({ t: (key) => `T:${key}` }).get('/a'));
    expect(error.message).toBe('T:catalogue.notFound');
    expect(toasts).toEqual(['T:catalogue.notFound']);
  });

  it.each([45535, 45540])('code %i rejects silently (no toast)', async (code) => {
    server.on('/s', (_req, res) => json(res, { code, msg: 'hidden', data: { x: 1 } }));
    const error = await rejection(client().get('/s'));
    expect(error).toMatchObject({ kind: 'business', code, msg: 'hidden', data: { x: 1 } });
    expect(toasts).toEqual([]);
  });

  it('a silent call rejects without a toast', async () => {
    server.on('/c', (_req, res) => json(res, { code: 50012, msg: 'field error', data: null }));
    const error = await rejection(client().post('/c', {}, { silent: true }));
    expect(error.msg).toBe('field error');
    expect(toasts).toEqual([]);
  });

  it('treats an envelope inside an HTTP error status by the envelope rules', async () => {
    server.on('/x', (_req, res) => json(res, { code: 500, msg: 'db down', data: null }, 500));
    const error = await rejection(client().get('/x'));
    expect(error).toMatchObject({ kind: 'business', code: 500, status: 500, message: 'db down' });
  });

  it('rejects and counts a 2xx reply that is not an envelope', async () => {
    server.on('/html', (_req, res) => json(res, '<html></html>', 200, 'text/html'));
    server.on('/arr', (_req, res) => json(res, [1, 2]));
    const api = client();
    expect((await rejection(api.get('/html'))).kind).toBe('invalid');
    expect((await rejection(api.get('/arr'))).kind).toBe('invalid');
    expect(api.stats.invalidReplies).toBe(2);
    expect(toasts).toEqual([enUS.catalogue.unknown]); // the second is within the 3 s window
  });
});

describe('de-duplication (spec §8, §9: once per 3 s)', () => {
  it('shows the same message once within 3 s and again after', async () => {
    server.on('/c', (_req, res) => json(res, { code: 60001, msg: 'Quote expired', data: null }));
    const api = client();
    await rejection(api.get('/c'));
    clock += 2999;
    await rejection(api.get('/c'));
    expect(toasts).toEqual(['Quote expired']);
    clock += 1; // 3000 ms after the first showing
    await rejection(api.get('/c'));
    expect(toasts).toEqual(['Quote expired', 'Quote expired']);
  });

  it('does not hold back a different message', async () => {
    server.on('/a', (_req, res) => json(res, { code: 60001, msg: 'one', data: null }));
    server.on('/b', (_req, res) => json(res, { code: 60002, msg: 'two', data: null }));
    const api = client();
    await Promise.allSettled([api.get('/a'), api.get('/b'), api.get('/a'), api.get('/b')]);
    expect([...toasts].sort()).toEqual(['one', 'two']);
  });
});

describe('401 (spec §8: log in again, one redirect, never a loop)', () => {
  it('toasts once and calls onUnauthorized exactly once when many calls fail together', async () => {
    server.on('/u', (_req, res) => json(res, { code: 401, msg: 'token expired', data: null }));
    const api = client();
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => api.get('/u')));
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toMatchObject({ kind: 'unauthorized', code: 401, message: enUS.session.loginAgain });
    }
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([enUS.session.loginAgain]);
  });

  it('stays latched after the session is cleared, so the login page cannot loop', async () => {
    server.on('/u', (_req, res) => json(res, { code: 401, msg: '', data: null }));
    const api = client({ onUnauthorized: () => { unauthorized(); token = undefined; } });
    await rejection(api.get('/u'));
    clock += 10_000;
    await rejection(api.get('/u')); // no token now
    await rejection(api.get('/u', { noToken: true }));
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('handles a new session’s 401 again, and ignores late 401s of the old session', async () => {
    let release: () => void = () => {};
    server.on('/slow', (_req, res) => { release = () => json(res, { code: 401, msg: '', data: null }); });
    server.on('/u', (_req, res) => json(res, { code: 401, msg: '', data: null }));
    const api = client();
    await rejection(api.get('/u'));
    expect(unauthorized).toHaveBeenCalledTimes(1);

    token = 'tok-2'; // logged in again
    const late = api.get('/slow'); // made with tok-2, answered later
    await vi.waitFor(() => expect(server.requests.at(-1)?.path).toBe('/api/slow'));
    token = 'tok-3'; // and again, before the reply
    release();
    await rejection(late);
    expect(unauthorized).toHaveBeenCalledTimes(1); // the reply belongs to an older session

    clock += 3000;
    await rejection(api.get('/u'));
    expect(unauthorized).toHaveBeenCalledTimes(2);
  });
});

describe('transport errors (spec §8)', () => {
  it('network: backend unreachable (closed port)', async () => {
    const port = await closedPort();
    const error = await rejection(client({ baseUrl: `http://127.0.0.1:${port}/api` }).get('/user/assets'));
    expect(error).toMatchObject({ kind: 'network', message: enUS.transport.network });
    expect(toasts).toEqual([enUS.transport.network]);
  });

  it('an API that went away: one toast and the client marked down, whatever the polls; the first answer clears it', async () => {
    const port = await closedPort();
    const api = client({ baseUrl: `http://127.0.0.1:${port}/api` });
    for (let poll = 0; poll < 5; poll++) {
      clock += 5000; // past the 3 s de-duplication window (spec §8): before, each poll toasted again
      expect(await rejection(api.get('/user/assets'))).toMatchObject({ kind: 'network' });
    }
    expect(toasts).toEqual([enUS.transport.network]);
    expect(api.reachability.getState()).toEqual({ down: true, since: 1_005_000 });
    // A gateway's 503 while it is down: no toast either.
    server.on('/x', (_req, res) => { res.writeHead(503).end(); });
    api.configure({ baseUrl: server.baseUrl });
    clock += 5000;
    await rejection(api.get('/x'));
    expect(toasts).toHaveLength(1);
    expect(api.reachability.getState().down).toBe(true);
    server.on('/user/assets', (_req, res) => json(res, { code: 200, msg: 'ok', data: {} }));
    await api.get('/user/assets');
    expect(api.reachability.getState()).toEqual({ down: false, since: null });
    // Down again later: toasted again, once.
    api.configure({ baseUrl: `http://127.0.0.1:${port}/api` });
    clock += 5000;
    await rejection(api.get('/user/assets'));
    clock += 5000;
    await rejection(api.get('/user/assets'));
    expect(toasts).toEqual([enUS.transport.network, enUS.transport.network]);
  });

  it.each([500, 502])('HTTP %i without an envelope: a message with the code', async (status) => {
    server.on('/x', (_req, res) => { res.writeHead(status, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>'); });
    const error = await rejection(client().get('/x'));
    const expected = enUS.transport.status.replace('{{code}}', String(status));
    expect(error).toMatchObject({ kind: 'http', code: status, status, message: expected });
    expect(toasts).toEqual([expected]);
  });

  it('HTTP status message in zh-HK carries the code', async () => {
    language = 'zh-HK';
    server.on('/x', (_req, res) => { res.writeHead(502).end(); });
    expect((await rejection(client().get('/x'))).message).toBe(zhHK.transport.status.replace('{{code}}', '502'));
  });

  it('an aborted call rejects without a toast', async () => {
    server.on('/hang', () => {});
    const controller = new AbortController();
    const pending = client().get('/hang', { signal: controller.signal });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    controller.abort();
    expect((await rejection(pending)).kind).toBe('aborted');
    expect(toasts).toEqual([]);
  });
});

describe('time-outs (spec §7, §9: 10 s, 20 s for captcha and security)', () => {
  // Real timers with small injected time-outs: the server never answers a hanging path, so the
  // outcome does not depend on machine speed; the security call is released only after the default
  // time-out has fired, proving it waits longer.
  const timeouts = { default: 50, security: 30_000, upload: 30_000 };

  it('a default call times out with the translated message', async () => {
    server.on('/hang', () => {});
    const error = await rejection(client({ timeouts }).get('/hang'));
    expect(error).toMatchObject({ kind: 'timeout', message: enUS.transport.timeout });
    expect(toasts).toEqual([enUS.transport.timeout]);
  });

  it('a captcha call outlives the default time-out and then succeeds', async () => {
    let release: () => void = () => {};
    server.on('/institution/image/captcha', (_req, res) => { release = () => json(res, { code: 200, msg: '', data: 'img' }); });
    server.on('/hang', () => {});
    const api = client({ timeouts });
    const captcha = api.get<string>('/institution/image/captcha', { noToken: true });
    await rejection(api.get('/hang')); // the default time-out has fired by now
    await vi.waitFor(() => expect(server.requests.map((r) => r.path)).toContain('/api/institution/image/captcha'));
    release();
    expect(await captcha).toBe('img');
  });

  it('a security call uses the security time-out, and timeoutKind overrides the path', async () => {
    server.on('/institution/updatePwd', () => {});
    server.on('/user/assets', () => {});
    const api = client({ timeouts: { default: 30_000, security: 50, upload: 30_000 } });
    expect((await rejection(api.post('/institution/updatePwd', {}))).kind).toBe('timeout');
    expect((await rejection(api.get('/user/assets', { timeoutKind: 'security' }))).kind).toBe('timeout');
  });
});

describe('uploads (spec §5 KYC files, through the one client)', () => {
  it('sends the file as the raw body with its type and the usual headers, and unwraps data', async () => {
    server.on('/institution/kyc/upload', (_req, res) => json(res, { code: 200, msg: '', data: { fileId: 'f1' } }));
    const file = new Blob(['not-compressed-bytes'], { type: 'image/png' });
    expect(await client().upload<{ fileId: string }>('/institution/kyc/upload', file, 'image/png')).toEqual({ fileId: 'f1' });
    const [req] = server.requests;
    expect(req?.method).toBe('POST');
    expect(req?.headers['content-type']).toBe('image/png');
    expect(req?.body).toBe('not-compressed-bytes');
    expect(req?.headers['authorization']).toBe('Bearer tok-1');
    expect(req?.headers['source']).toBe('web');
  });

  it('an expired session on an upload signs out once, like any call (spec §8)', async () => {
    server.on('/institution/kyc/upload', (_req, res) => json(res, { code: 401, msg: 'token expired', data: null }));
    const error = await rejection(client().upload('/institution/kyc/upload', new Blob(['x']), 'image/jpeg', { silent: true }));
    expect(error).toMatchObject({ kind: 'unauthorized', code: 401 });
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('a refused upload (413 envelope) is a business error with its translated message, not a sign-out', async () => {
    server.on('/institution/kyc/upload', (_req, res) => json(res, { code: 413, msg: 'Image is too large, please re-upload', data: null }, 413));
    const error = await rejection(client().upload('/institution/kyc/upload', new Blob(['x']), 'image/jpeg'));
    expect(error).toMatchObject({ kind: 'business', code: 413, status: 413 });
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('uses the upload time-out, longer than the JSON one', async () => {
    server.on('/institution/kyc/upload', () => {});
    const error = await rejection(client({ timeouts: { default: 30_000, security: 30_000, upload: 50 } }).upload('/institution/kyc/upload', new Blob(['x']), 'image/jpeg'));
    expect(error.kind).toBe('timeout');
  });
});
