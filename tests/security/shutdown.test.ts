import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.ts';

/**
 * The sandbox as it runs on a developer's machine (`npm run sandbox`: server/main.ts in its own process): a
 * websocket upgrade to a /sim path that is no stream is answered 404 at once, and SIGTERM stops the process
 * within 10 s whatever its clients do — an upgraded stream left open, a stray upgrade, a request whose body
 * never arrives, a request still being served (server/README.md "Stopping").
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

interface Running {
  process: ChildProcess;
  port: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

let dir = '';
let sandbox: Running;

async function start(): Promise<Running> {
  const free = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(free), HOST: '127.0.0.1', DATA_DIR: dir, LOG: '0', MARKET_RATE: '2' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(`http://127.0.0.1:${free}/`)) resolve(free);
    });
    void exited.then(({ code }) => reject(new Error(`sandbox exited before listening (${code})`)));
  });
  return { process: proc, port, exited };
}

/** Sends a raw upgrade request and resolves with what came back (or 'open' when nothing did within `ms`). */
function rawUpgrade(port: number, url: string, ms: number): Promise<{ status: string; socket: net.Socket }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const timer = setTimeout(() => resolve({ status: 'open', socket }), ms);
    socket.once('error', reject);
    socket.once('data', (chunk: Buffer) => {
      clearTimeout(timer);
      resolve({ status: chunk.toString().split('\r\n')[0] ?? '', socket });
    });
    socket.write(
      `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${Buffer.from('0123456789abcdef').toString('base64')}\r\n\r\n`,
    );
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'td-shutdown-'));
  sandbox = await start();
}, 120_000);

afterAll(async () => {
  if (sandbox && sandbox.process.exitCode === null && sandbox.process.signalCode === null) {
    sandbox.process.kill('SIGKILL');
    await sandbox.exited;
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the sandbox process and its sockets', () => {
  it('answers a websocket upgrade to a /sim path that is no stream with 404 at once', async () => {
    const paths = [
      '/sim/',
      '/sim/nothing',
      '/sim/api.binance.com/api/v3/ping',
      '/sim/_control/state',
      '/sim/stream.binance.com/elsewhere',
      '/sim/fstream.binance.com/public/x',
      '/sim/stream.binance.comx/ws',
      '/simulator',
    ];
    const replies = await Promise.all(paths.map((url) => rawUpgrade(sandbox.port, url, 3000)));
    for (const reply of replies) reply.socket.destroy();
    expect(replies.map((reply) => reply.status)).toEqual(paths.map(() => 'HTTP/1.1 404 Not Found'));
    // A real stream still upgrades.
    const stream = await rawUpgrade(sandbox.port, '/sim/stream.binance.com/ws/btcusdt@trade', 3000);
    stream.socket.destroy();
    expect(stream.status).toBe('HTTP/1.1 101 Switching Protocols');
  });

  it('stops within 10 s on SIGTERM with an open stream, a stray upgrade, a stalled body and a request in flight', async () => {
    const { port } = sandbox;
    // A stream that stays open and never answers pings.
    const ws = new WebSocket(`ws://127.0.0.1:${port}/sim/stream.binance.com/ws/btcusdt@trade`, { autoPong: false });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.on('error', () => undefined);
    // A stray upgrade whose client is gone, and one still connected that never reads.
    (await rawUpgrade(port, '/sim/stream.binance.com/nowhere', 500)).socket.destroy();
    const stray = await rawUpgrade(port, '/sim/fstream.binance.com/nowhere', 500);
    stray.socket.on('error', () => undefined);
    stray.socket.pause();
    // A request whose body never arrives.
    const stalled = net.connect(port, '127.0.0.1');
    stalled.on('error', () => undefined);
    await new Promise<void>((resolve) => stalled.once('connect', () => resolve()));
    stalled.write(`POST /api/institution/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nsource: web\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"user`);
    // A keep-alive connection, idle.
    const idle = await fetch(`http://127.0.0.1:${port}/api/platformConfiguration/get`, { headers: { source: 'web' } });
    expect(idle.status).toBe(200);
    // A sign-in in flight (the password hash takes a while) when the signal comes.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/institution/login`, {
      method: 'POST',
      headers: { source: 'web', 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody@firm.test', password: 'x'.repeat(40) }),
    }).then(
      (response) => response.status,
      () => 'closed',
    );
    await new Promise((resolve) => setImmediate(resolve));

    const signalled = performance.now();
    sandbox.process.kill('SIGTERM');
    const exit = await sandbox.exited;
    const took = performance.now() - signalled;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(took).toBeLessThan(10_000);
    // The request in flight was answered or its connection closed; nothing is left waiting.
    expect([200, 400, 503, 'closed']).toContain(await inFlight);
    ws.terminate();
    stray.socket.destroy();
    stalled.destroy();
  }, 30_000);
});
