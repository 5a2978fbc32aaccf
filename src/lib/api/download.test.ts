/// <reference types="node" />
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient, type ApiConfig } from './client.ts';
import { closedPort, json, rejection, startTestServer, type TestServer } from './test-server.ts';
import enUS from '../../../locales/en-US/errors.json';

let server: TestServer;
let toasts: string[];
let saved: { blob: Blob; fileName: string }[];
let unauthorized: ReturnType<typeof vi.fn<() => void>>;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function client(extra: Partial<ApiConfig> = {}): ApiClient {
  return createApiClient({
    baseUrl: server.baseUrl,
    getToken: () => 'tok',
    getLanguage: () => 'en-US',
    onUnauthorized: unauthorized,
    notify: ({ text }) => toasts.push(text),
    saveFile: (blob, fileName) => saved.push({ blob, fileName }),
    ...extra,
  });
}

beforeEach(async () => {
  server = await startTestServer();
  toasts = [];
  saved = [];
  unauthorized = vi.fn<() => void>();
});

afterEach(async () => {
  await server.close();
});

describe('download (spec §7 "Downloads")', () => {
  it('posts form-encoded with the usual headers and saves the file under the given name', async () => {
    const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0x7b]);
    server.on('/broker/account/bill/export', (_req, res) => { res.writeHead(200, { 'content-type': XLSX }).end(bytes); });
    await client().download('/broker/account/bill/export', { projectId: 7, asset: 'USDT', empty: undefined }, '出入金記錄.xlsx');
    const [req] = server.requests;
    expect(req?.method).toBe('POST');
    expect(req?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(req?.body).toBe('projectId=7&asset=USDT');
    expect(req?.headers['source']).toBe('web');
    expect(req?.headers['authorization']).toBe('Bearer tok');
    expect(saved).toHaveLength(1);
    expect(saved[0]?.fileName).toBe('出入金記錄.xlsx');
    expect(Buffer.from(await saved[0]!.blob.arrayBuffer())).toEqual(bytes);
    expect(toasts).toEqual([]);
  });

  it('passes query params (exportBrokerFinancingAction sends query params)', async () => {
    server.on('/broker/exportBrokerFinancingAction', (_req, res) => { res.writeHead(200, { 'content-type': XLSX }).end('file'); });
    await client().download('/broker/exportBrokerFinancingAction', {}, 'ops.xlsx', { searchParams: { projectId: 3 } });
    expect(server.requests[0]?.url).toBe('/api/broker/exportBrokerFinancingAction?projectId=3');
    expect(saved).toHaveLength(1);
  });

  it('shows the msg of a JSON error body instead of saving', async () => {
    server.on('/x', (_req, res) => json(res, { code: 50010, msg: 'No records in range', data: null }));
    const error = await rejection(client().download('/x', {}, 'a.xlsx'));
    expect(error).toMatchObject({ kind: 'business', code: 50010, message: 'No records in range' });
    expect(toasts).toEqual(['No records in range']);
    expect(saved).toEqual([]);
  });

  it('detects a JSON error body labelled as a file', async () => {
    server.on('/x', (_req, res) => json(res, ' {"code":403,"msg":"nope"}', 200, 'application/octet-stream'));
    const error = await rejection(client().download('/x', {}, 'a.xlsx'));
    expect(error).toMatchObject({ kind: 'business', code: 403, message: enUS.catalogue.noPermission });
    expect(saved).toEqual([]);
  });

  it('saves a file whose bytes happen to start with { when it is not an envelope', async () => {
    server.on('/x', (_req, res) => { res.writeHead(200, { 'content-type': 'text/csv' }).end('{not json},1,2\n'); });
    await client().download('/x', {}, 'a.csv');
    expect(saved).toHaveLength(1);
  });

  it('a 401 JSON body goes through the log-in-again rule', async () => {
    server.on('/x', (_req, res) => json(res, { code: 401, msg: '', data: null }));
    const error = await rejection(client().download('/x', {}, 'a.xlsx'));
    expect(error.kind).toBe('unauthorized');
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([enUS.session.loginAgain]);
  });

  it("an HTTP error without a JSON body is 'error downloading file'", async () => {
    server.on('/x', (_req, res) => { res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>oops</h1>'); });
    const error = await rejection(client().download('/x', {}, 'a.xlsx'));
    expect(error).toMatchObject({ kind: 'download', message: enUS.download.failed });
    expect(toasts).toEqual([enUS.download.failed]);
    expect(saved).toEqual([]);
  });

  it("a success envelope is not a file either: 'error downloading file'", async () => {
    server.on('/x', (_req, res) => json(res, { code: 200, msg: '', data: null }));
    expect((await rejection(client().download('/x', {}, 'a.xlsx'))).kind).toBe('download');
    expect(saved).toEqual([]);
  });

  it("an unreachable backend is 'error downloading file'", async () => {
    const port = await closedPort();
    const error = await rejection(client({ baseUrl: `http://127.0.0.1:${port}/api` }).download('/x', {}, 'a.xlsx'));
    expect(error).toMatchObject({ kind: 'download', message: enUS.download.failed });
  });
});
