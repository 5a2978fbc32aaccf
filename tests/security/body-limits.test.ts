import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi, demoUser } from '../api/helpers.ts';

/**
 * Body limits per route (issue "Account security hardening"): every JSON call takes at most 16 KiB; only the
 * upload route takes a file, up to 10 MB (spec §5). Before, every route parsed bodies up to 12 MB: a 64 KiB
 * sign-in was read, parsed and validated, and the market simulator's control routes took 12 MB of JSON.
 */
let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await TestApi.start();
  token = await api.token(demoUser.email, demoUser.password);
});
afterAll(async () => api?.close());

interface Raw {
  status: number;
  body: { code?: unknown; msg?: unknown; data?: unknown };
}

/** A request with a chosen body, to a path under the sandbox root (/api/…, /sim/…). */
async function send(path: string, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}): Promise<Raw> {
  const root = api.base.replace(/\/api$/, '');
  const response = await fetch(root + path, { method: 'POST', headers: { source: 'web', 'content-type': 'application/json', ...headers }, body });
  return { status: response.status, body: (await response.json()) as Raw['body'] };
}

const tooLarge = { status: 413, body: { code: 413, msg: 'Image is too large, please re-upload', data: null } };
const kib = (n: number) => n * 1024;

describe('body limits per route', () => {
  it('a 64 KiB JSON body to sign-in → 413 envelope, not read and parsed', async () => {
    const body = JSON.stringify({ username: demoUser.email, password: 'A'.repeat(kib(64)) });
    expect(await send('/api/institution/login', body)).toEqual(tooLarge);
  });

  it('a body just over 16 KiB → 413 on signed-in calls too; the largest legitimate body still passes', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const over = JSON.stringify({ configData: 'x'.repeat(kib(16)) });
    expect(await send('/api/user/feConfig/updateKeyBoardConfig', over, auth)).toEqual(tooLarge);
    // The largest body a call accepts: the keyboard configuration's 4000 characters, in Chinese (3 bytes each).
    const largest = JSON.stringify({ configData: JSON.stringify({ k: '字'.repeat(3990) }) });
    expect(Buffer.byteLength(largest)).toBeGreaterThan(kib(11));
    expect(await send('/api/user/feConfig/updateKeyBoardConfig', largest, auth)).toMatchObject({ status: 200, body: { code: 200 } });
  });

  it('a chunked body without Content-Length is cut off at the limit as well', async () => {
    const url = new URL(`${api.base}/institution/login`);
    const reply = await new Promise<Raw>((resolve, reject) => {
      const req = httpRequest(url, { method: 'POST', headers: { source: 'web', 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Raw['body'] }));
      });
      req.on('error', reject);
      req.write(`{"username":"${'a'.repeat(kib(20))}`);
      req.end('"}');
    });
    expect(reply).toEqual(tooLarge);
  });

  it('the market simulator answers a body too large with the same envelope', async () => {
    const body = JSON.stringify({ rate: 1, pad: 'x'.repeat(kib(64)) });
    expect(await send('/sim/_control/rate', body)).toEqual(tooLarge);
    expect((await send('/sim/_control/rate', '{"rate":')).body).toMatchObject({ code: 400, data: null });
  });

  it('only the upload route takes a file: elsewhere a file body → 415, and the upload route refuses other bodies', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const image = new Uint8Array(kib(12));
    image.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(await send('/api/user/feConfig/updateKeyBoardConfig', image, { ...auth, 'content-type': 'image/jpeg' })).toMatchObject({ status: 415, body: { code: 415 } });
    expect(await send('/api/institution/no-such-call', image, { 'content-type': 'image/png' })).toEqual({
      status: 404,
      body: { code: 404, msg: 'Resource does not exist', data: null },
    });
    const json = JSON.stringify({ pad: 'x'.repeat(kib(64)) });
    expect(await send('/api/institution/kyc/upload', json, auth)).toMatchObject({ status: 415, body: { code: 415 } });
  });

  it('the upload route checks the session and the declared size before reading the body', async () => {
    const big = new Uint8Array(kib(10 * 1024) - 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(await send('/api/institution/kyc/upload', big, { 'content-type': 'image/jpeg' })).toMatchObject({ status: 401, body: { code: 401 } });
    const over = new Uint8Array(kib(11 * 1024));
    expect(await send('/api/institution/kyc/upload', over, { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' })).toEqual(tooLarge);
  });
});
