import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { Limits } from '../../server/platform/context.ts';
import { defaultLimits } from '../../server/platform/context.ts';
import type { TestApi } from '../api/helpers.ts';
import { burst, securityBackends } from './backends.ts';

/**
 * Per-user upload quota (issue "Account security hardening"): files and bytes per Hong Kong day and uploads in
 * flight, each taken with one conditional upsert before the body is read, so a parallel burst cannot get past
 * it. Beyond → 10060 `{ quota, limit, used }`. Before: no quota at all; every upload of a burst was stored.
 * PGlite and (when installed) PostgreSQL, where the burst's requests really race.
 */
const backends = securityBackends();
const png = (size: number) => {
  const out = new Uint8Array(size);
  out.set(randomBytes(size));
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return out;
};

interface Raw {
  status: number;
  code: number;
  data: unknown;
}

/** An upload whose body is held after its first kilobyte until `finish()`: it stays in flight meanwhile. */
function heldUpload(api: TestApi, token: string, body: Uint8Array): { reply: Promise<Raw>; finish(): void; abort(): void } {
  const req = httpRequest(`${api.base}/institution/kyc/upload`, {
    method: 'POST',
    headers: { source: 'web', authorization: `Bearer ${token}`, 'content-type': 'image/png', 'content-length': String(body.length) },
  });
  const reply = new Promise<Raw>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ...(JSON.parse(text) as { code: number; data: unknown }) }));
    });
    // A refused upload's connection closes while its body is still held, an aborted one is ours: not errors.
    req.on('error', (error) => (req.writableEnded && !req.destroyed ? reject(error) : undefined));
  });
  req.write(body.subarray(0, 1024));
  return {
    reply,
    finish: () => {
      if (!req.writableEnded && !req.destroyed) req.end(body.subarray(1024));
    },
    abort: () => req.destroy(),
  };
}

const upload = (api: TestApi, token: string, body: Uint8Array<ArrayBuffer>) =>
  api.call('POST', '/institution/kyc/upload', { token, raw: body, headers: { 'content-type': 'image/png' } });

const settledWithin = <T,>(promises: Promise<T>[], ms: number): Promise<T[]> => {
  const done: T[] = [];
  for (const promise of promises) void promise.then((value) => done.push(value));
  return new Promise((resolve) => setTimeout(() => resolve(done), ms));
};

describe.each(backends)('upload quota per user ($name)', (backend) => {
  let api: TestApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });
  const start = async (uploadQuota: Limits['uploadQuota']) => {
    api = await backend.start({ limits: { uploadQuota } });
    const email = await api.register();
    const token = await api.token(email, 'Passw0rd!x');
    return { api, token, email };
  };

  it('the defaults: 50 files and 200 MB a day, 2 uploads at once', () => {
    expect(defaultLimits.uploadQuota).toEqual({ filesPerDay: 50, bytesPerDay: 200 * 1024 * 1024, inFlight: 2 });
  });

  it('a burst of 6 uploads at once: 2 in flight, the other 4 refused before their bodies are read', async () => {
    const { api, token } = await start({ filesPerDay: 50, bytesPerDay: 10 ** 9, inFlight: 2 });
    const held = Array.from({ length: 6 }, () => heldUpload(api, token, png(40_000)));
    let early: Raw[];
    try {
      early = await settledWithin(
        held.map((h) => h.reply),
        3000,
      );
    } finally {
      for (const h of held) h.finish();
    }
    expect(early).toHaveLength(4);
    for (const reply of early) expect(reply).toEqual({ status: 200, code: 10060, msg: 'Upload quota reached', data: { quota: 'inFlight', limit: 2, used: 2 } });
    const all = await Promise.all(held.map((h) => h.reply));
    expect(all.filter((reply) => reply.code === 200)).toHaveLength(2);
    // Both slots are free again once the replies are out.
    expect((await upload(api, token, png(20_000))).code).toBe(200);
  });

  it('an upload whose client goes away mid-body gives its slot and its file back', async () => {
    const { api, token } = await start({ filesPerDay: 4, bytesPerDay: 10 ** 9, inFlight: 1 });
    // Hold an upload until it has the one slot: a probe (too small, so it would store nothing) is then refused as
    // in flight. A probe that came first takes the slot and the held upload is refused instead: try again.
    let probe: Awaited<ReturnType<typeof upload>> | undefined;
    for (let i = 0; i < 20 && probe?.code !== 10060; i++) {
      const gone = heldUpload(api, token, png(40_000));
      await new Promise((resolve) => setTimeout(resolve, 100));
      probe = await upload(api, token, png(5_000));
      gone.abort();
    }
    expect(probe).toMatchObject({ code: 10060, data: { quota: 'inFlight', limit: 1, used: 1 } });
    await expect.poll(async () => (await upload(api, token, png(20_000))).code, { timeout: 3000, interval: 100 }).toBe(200);
    let stored = 1;
    // The aborted upload's file went back: the day's 4 files are the ones stored.
    while (stored < 4) {
      expect((await upload(api, token, png(20_000))).code).toBe(200);
      stored++;
    }
    expect(await upload(api, token, png(20_000))).toMatchObject({ code: 10060, data: { quota: 'files', limit: 4, used: 4 } });
  });

  it('a burst of 12 when 5 files a day are allowed stores exactly 5', async () => {
    const { api, token } = await start({ filesPerDay: 5, bytesPerDay: 10 ** 9, inFlight: 20 });
    const tally = await burst(12, () => upload(api, token, png(20_000)));
    expect(Object.fromEntries(tally)).toEqual({ 200: 5, 10060: 7 });
    expect(await upload(api, token, png(20_000))).toMatchObject({ code: 10060, data: { quota: 'files', limit: 5, used: 5 } });
  });

  it('a burst over the bytes of the day stores only what fits', async () => {
    const { api, token } = await start({ filesPerDay: 50, bytesPerDay: 101_000, inFlight: 20 });
    const tally = await burst(6, () => upload(api, token, png(30_000)));
    expect(Object.fromEntries(tally)).toEqual({ 200: 3, 10060: 3 });
    expect(await upload(api, token, png(30_000))).toMatchObject({ code: 10060, data: { quota: 'bytes', limit: 101_000, used: 90_000 } });
    // What still fits is taken.
    expect((await upload(api, token, png(10_500))).code).toBe(200);
  });

  it('refused uploads do not use the quota; the day is Hong Kong time; other users are not affected', async () => {
    const { api, token: first, email } = await start({ filesPerDay: 2, bytesPerDay: 10 ** 9, inFlight: 2 });
    let token = first;
    const gif = png(20_000);
    gif.set([0x47, 0x49, 0x46, 0x38]);
    expect((await upload(api, token, gif)).status).toBe(400);
    expect((await upload(api, token, png(5_000))).status).toBe(400);
    expect((await upload(api, token, png(20_000))).code).toBe(200);
    expect((await upload(api, token, png(20_000))).code).toBe(200);
    expect((await upload(api, token, png(20_000))).code).toBe(10060);
    const other = await api.token(await api.register(), 'Passw0rd!x');
    expect((await upload(api, other, png(20_000))).code).toBe(200);
    // The fake clock runs on 5 January 2026 from 09:00 UTC (17:00 in Hong Kong): the day turns at 16:00 UTC.
    api.clock.t = Date.UTC(2026, 0, 5, 15, 59, 59);
    token = await api.token(email, 'Passw0rd!x'); // the earlier session has passed its idle timeout
    expect((await upload(api, token, png(20_000))).code).toBe(10060);
    api.clock.t = Date.UTC(2026, 0, 5, 16, 0, 0);
    expect((await upload(api, token, png(20_000))).code).toBe(200);
  });
});
