import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox, type SandboxOptions } from '../../server/app.ts';
import { ManualScheduler, Simulator } from '../../server/sim/index.ts';
import viteConfig from '../../vite.config.ts';

/**
 * Issue "account security hardening", the sandbox's own edges: it answers only for its own host names (no DNS
 * rebinding into dev routes or the control plane), keeps those from other sites and off non-loopback
 * listeners, answers a websocket upgrade that is no simulator stream at once, caps connections per source,
 * and sends the cache, transport and content-security headers a provider's backend would.
 */
interface Sandbox {
  app: FastifyInstance;
  port: number;
  close(): Promise<void>;
}

async function start(options: SandboxOptions = {}): Promise<Sandbox> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edges-'));
  const sim = new Simulator({ seed: 3, scheduler: new ManualScheduler() });
  // Without the demo project's seeded year (about 2,500 queries): these tests read none of it.
  const app = await buildSandbox({ api: { dataDir, demoProject: false }, sim: { simulator: sim }, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    port: (app.server.address() as AddressInfo).port,
    async close() {
      await app.close();
      sim.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(port: number, method: string, route: string, headers: Record<string, string> = {}, body?: string): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: route, headers: { source: 'web', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The first line the server writes after a raw request, or 'no answer' when none comes within `waitMs`. */
function firstLine(port: number, raw: string, waitMs = 3000): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('no answer');
    }, waitMs);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      const end = text.indexOf('\r\n');
      if (end >= 0) {
        clearTimeout(timer);
        socket.destroy();
        resolve(text.slice(0, end));
      }
    });
    socket.on('error', () => undefined);
    socket.write(raw);
  });
}

const upgrade = (route: string, host: string) =>
  `GET ${route} HTTP/1.1\r\nHost: ${host}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`;
const streamPath = '/sim/stream.binance.com/ws/btcusdt@trade';

describe('the sandbox on loopback', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await start({ edges: { listenHost: '127.0.0.1', allowedHosts: ['desk.internal'] } });
  });
  afterAll(async () => sandbox?.close());

  it('answers only for its own host names: another Host (a DNS rebinding) gets 421 everywhere', async () => {
    for (const route of ['/api/platformConfiguration/get', '/api/_dev/outbox', '/sim/_control/state', '/sim/api.binance.com/api/v3/time']) {
      const evil = await request(sandbox.port, 'GET', route, { host: `rebind.example:${sandbox.port}` });
      expect(evil.status, route).toBe(421);
      expect(JSON.parse(evil.body)).toMatchObject({ code: 421, data: null });
    }
    for (const host of [`127.0.0.1:${sandbox.port}`, `localhost:${sandbox.port}`, `[::1]:${sandbox.port}`, 'desk.internal']) {
      expect((await request(sandbox.port, 'GET', '/api/platformConfiguration/get', { host })).status, host).toBe(200);
    }
    // A websocket upgrade under another host name is refused before the simulator sees it.
    expect(await firstLine(sandbox.port, upgrade(streamPath, 'rebind.example'))).toBe('HTTP/1.1 421 Misdirected Request');
    expect(await firstLine(sandbox.port, upgrade(streamPath, `127.0.0.1:${sandbox.port}`))).toBe('HTTP/1.1 101 Switching Protocols');
  });

  it('refuses dev routes and the control plane to another site, reads and writes alike', async () => {
    const host = `127.0.0.1:${sandbox.port}`;
    const crossSite = [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'http://evil.example' }];
    for (const headers of crossSite) {
      expect((await request(sandbox.port, 'GET', '/api/_dev/outbox', { host, ...headers })).status).toBe(403);
      expect((await request(sandbox.port, 'GET', '/sim/_control/state', { host, ...headers })).status).toBe(403);
      const fault = await request(sandbox.port, 'POST', '/sim/_control/faults', { host, 'content-type': 'application/json', ...headers }, '{}');
      expect(fault.status).toBe(403);
    }
    expect((await request(sandbox.port, 'GET', '/api/_dev/outbox', { host, 'sec-fetch-site': 'same-origin', origin: `http://${host}` })).status).toBe(200);
    expect((await request(sandbox.port, 'GET', '/sim/_control/state', { host })).status).toBe(200);
  });

  it('answers a websocket upgrade to a path that is no simulator stream at once, with 404', async () => {
    const host = `127.0.0.1:${sandbox.port}`;
    for (const route of ['/api/institution/getUserInfo', '/socket', '/']) {
      expect(await firstLine(sandbox.port, upgrade(route, host), 3000), route).toBe('HTTP/1.1 404 Not Found');
    }
  });

  it('sends no-store on API replies, no HSTS over plain HTTP, and a connect-src without any ws:/wss: host', async () => {
    const reply = await request(sandbox.port, 'GET', '/api/platformConfiguration/get', { host: `127.0.0.1:${sandbox.port}` });
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['strict-transport-security']).toBeUndefined();
    const csp = String(reply.headers['content-security-policy']);
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(connect.split(' ')).toEqual(["'self'"]);
  });
});

describe('edges that depend on configuration', () => {
  it('turns dev routes and the control plane off when the sandbox does not listen on loopback', async () => {
    const sandbox = await start({ edges: { listenHost: '0.0.0.0' } });
    try {
      const host = `127.0.0.1:${sandbox.port}`;
      expect((await request(sandbox.port, 'GET', '/api/_dev/outbox', { host })).status).toBe(404);
      expect((await request(sandbox.port, 'GET', '/sim/_control/state', { host })).status).toBe(404);
      expect((await request(sandbox.port, 'GET', '/api/platformConfiguration/get', { host })).status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });

  it('caps open connections per source address', async () => {
    const sandbox = await start({ edges: { maxConnectionsPerIp: 5 } });
    const held: net.Socket[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        const socket = net.connect(sandbox.port, '127.0.0.1');
        await new Promise((resolve) => socket.once('connect', resolve));
        held.push(socket);
      }
      // Each held socket is counted once the server has seen it.
      await new Promise((resolve) => setImmediate(resolve));
      const line = await firstLine(sandbox.port, `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${sandbox.port}\r\n\r\n`);
      expect(line).toBe('HTTP/1.1 429 Too Many Requests');
      held.pop()?.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await firstLine(sandbox.port, `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${sandbox.port}\r\n\r\n`)).toBe('HTTP/1.1 200 OK');
    } finally {
      for (const socket of held) socket.destroy();
      await sandbox.close();
    }
  });

  it('names Binance in connect-src only when the app is built for its endpoints', async () => {
    const sandbox = await start({ marketSource: 'binance' });
    try {
      const reply = await request(sandbox.port, 'GET', '/api/health', { host: `127.0.0.1:${sandbox.port}` });
      const connect = /connect-src ([^;]*)/.exec(String(reply.headers['content-security-policy']))?.[1]?.split(' ') ?? [];
      expect(connect).toContain('wss://stream.binance.com:9443');
      expect(connect.some((source) => source === 'ws:' || source === 'wss:')).toBe(false);
    } finally {
      await sandbox.close();
    }
  });

  it('sends HSTS when served over HTTPS', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'edges-tls-'));
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', key, '-out', cert, '-days', '1'], {
      stdio: 'ignore',
    });
    const sandbox = await start({ https: { key: readFileSync(key), cert: readFileSync(cert) } });
    try {
      const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
        https
          .get({ host: '127.0.0.1', port: sandbox.port, path: '/api/health', rejectUnauthorized: false, headers: { host: 'localhost' } }, (res) => {
            res.resume();
            resolve(res.headers);
          })
          .on('error', reject);
      });
      expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('builds the app without source maps', () => {
    const config = viteConfig as { build?: { sourcemap?: unknown } };
    expect(config.build?.sourcemap).toBe(false);
  });
});
