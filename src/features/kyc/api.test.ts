/// <reference types="node" />
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, resetApi } from '../../lib/api/index.ts';
import { json, rejection, startTestServer, type TestServer } from '../../lib/api/test-server.ts';
import { uploadKycFile } from './api.ts';

/** The KYC upload goes through the app's one API client (spec §8: an expired session signs out once). */
describe('uploadKycFile', () => {
  let server: TestServer;
  const onUnauthorized = vi.fn<() => void>();

  beforeEach(async () => {
    server = await startTestServer();
    onUnauthorized.mockReset();
    resetApi();
    configureApi({ baseUrl: server.baseUrl, getToken: () => 'tok-kyc', getLanguage: () => 'en-US', onUnauthorized, notify: () => {} });
  });
  afterEach(async () => server.close());

  it('sends the file byte for byte with its image type and the session token', async () => {
    server.on('/institution/kyc/upload', (_req, res) => json(res, { code: 200, msg: '', data: { fileId: 'k1' } }));
    const file = new File(['plain-bytes'], 'passport.png', { type: 'image/png' });
    expect(await uploadKycFile(file)).toEqual({ fileId: 'k1' });
    expect(server.requests[0]).toMatchObject({ body: 'plain-bytes', headers: { 'content-type': 'image/png', authorization: 'Bearer tok-kyc', source: 'web' } });
  });

  it('an expired session answers 401: the app signs out through the shared client', async () => {
    server.on('/institution/kyc/upload', (_req, res) => json(res, { code: 401, msg: 'token expired', data: null }));
    const error = await rejection(uploadKycFile(new File(['x'], 'id.jpg', { type: 'image/jpeg' })));
    expect(error.kind).toBe('unauthorized');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
