import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../server/app.ts';
import { MIN_BYTES, precompressDir } from '../../scripts/precompress.ts';

// Issue 19 cold start: the built app's hashed files are cached for good, index.html is revalidated every time.
describe('static files: caching', () => {
  let app: FastifyInstance;
  let distDir: string;
  let dataDir: string;
  let compressed: string[];
  // A script well above MIN_BYTES that compresses (repetitive, like real bundles).
  const bigScript = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i} * 2;`).join('\n');

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'td-static-'));
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'td-static-data-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(distDir, 'assets', 'index-AbC123.js'), 'export {};');
    writeFileSync(path.join(distDir, 'robots.txt'), 'User-agent: *');
    writeFileSync(path.join(distDir, 'assets', 'big-XyZ789.js'), bigScript);
    writeFileSync(path.join(distDir, 'assets', 'logo-Q1.png'), Buffer.alloc(4096, 7));
    compressed = precompressDir(distDir);
    app = await buildSandbox({ distDir, api: { dataDir, demoProject: false } });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves assets/ as immutable for a year', async () => {
    const reply = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps revalidating the page and files outside assets/', async () => {
    const page = await app.inject({ method: 'GET', url: '/en-US/trading/BTCUSDT', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    // (server/app.ts asks for no-cache; @fastify/static's sendFile writes its default, max-age=0: both revalidate.)
    expect(page.headers['cache-control']).toMatch(/no-cache|max-age=0/);
    expect(page.headers['cache-control']).not.toContain('immutable');
    const other = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(other.statusCode).toBe(200);
    expect(other.headers['cache-control']).not.toContain('immutable');
  });

  it('pre-compresses the build: text files above the threshold only', () => {
    expect(compressed.map((f) => path.basename(f))).toEqual(['big-XyZ789.js']);
    expect(existsSync(path.join(distDir, 'assets', 'big-XyZ789.js.br'))).toBe(true);
    expect(existsSync(path.join(distDir, 'assets', 'index-AbC123.js.br'))).toBe(false); // under MIN_BYTES
    expect(existsSync(path.join(distDir, 'assets', 'logo-Q1.png.gz'))).toBe(false); // not text
    expect(Buffer.byteLength(bigScript)).toBeGreaterThan(MIN_BYTES);
  });

  it('serves brotli or gzip to a browser that accepts it, and the plain file to one that does not', async () => {
    const url = '/assets/big-XyZ789.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(bigScript) / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);

    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigScript);

    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(readFileSync(path.join(distDir, 'assets', 'big-XyZ789.js'), 'utf8'));
  });
});
