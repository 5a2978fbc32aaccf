import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../server/app.ts';

// Issue 19 cold start: the built app's hashed files are cached for good, index.html is revalidated every time.
describe('static files: caching', () => {
  let app: FastifyInstance;
  let distDir: string;
  let dataDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'td-static-'));
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'td-static-data-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(distDir, 'assets', 'index-AbC123.js'), 'export {};');
    writeFileSync(path.join(distDir, 'robots.txt'), 'User-agent: *');
    app = await buildSandbox({ distDir, api: { dataDir } });
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
});
