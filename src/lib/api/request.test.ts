/// <reference types="node" />
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { createRequest } from './request.ts';
import { json, startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  await server.close();
});

const request = () => createRequest(createApiClient({ baseUrl: server.baseUrl, getToken: () => 'tok-1', notify: () => {} }));

describe('request: method, token and input from the contract (spec §7)', () => {
  it('sends a public GET without the token, its input as the query string', async () => {
    server.on('/institution/image/captcha', (_req, res) => json(res, { code: 200, msg: '', data: { uuid: 'u', image: 'i' } }));
    expect(await request()('/institution/image/captcha', { businessType: 'login' })).toEqual({ uuid: 'u', image: 'i' });
    const [req] = server.requests;
    expect(req?.method).toBe('GET');
    expect(req?.path).toBe('/api/institution/image/captcha');
    expect(new URL(req?.url ?? '', 'http://x').searchParams.get('businessType')).toBe('login');
    expect(req?.headers['authorization']).toBeUndefined();
  });

  it('sends a user POST with the token and its input as the JSON body', async () => {
    server.on('/selfSelection/addSelfSelection', (_req, res) => json(res, { code: 200, msg: '', data: null }));
    await request()('/selfSelection/addSelfSelection', { symbol: 'BTCUSDT' });
    const [req] = server.requests;
    expect(req?.method).toBe('POST');
    expect(req?.headers['authorization']).toBe('Bearer tok-1');
    expect(JSON.parse(req?.body ?? '')).toEqual({ symbol: 'BTCUSDT' });
  });

  it('sends a POST without input with no body, and a user GET with the token', async () => {
    server.on('/institution/logout', (_req, res) => json(res, { code: 200, msg: '', data: null }));
    server.on('/institution/getUserInfo', (_req, res) => json(res, { code: 200, msg: '', data: null }));
    await request()('/institution/logout');
    await request()('/institution/getUserInfo');
    const [logout, info] = server.requests;
    expect([logout?.method, logout?.body, logout?.headers['content-type']]).toEqual(['POST', '', undefined]);
    expect([info?.method, info?.url, info?.headers['authorization']]).toEqual(['GET', '/api/institution/getUserInfo', 'Bearer tok-1']);
  });
});
