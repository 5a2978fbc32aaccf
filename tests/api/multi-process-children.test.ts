import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUser } from '../../server/identity/seed.ts';
import { encryptFor } from './encrypt.ts';
import { postgresBin, startPgCluster, type PgCluster } from './pg-cluster.ts';
import { freePort } from '../support/free-port.ts';

/**
 * Two real sandbox processes (`server/main.ts`, as `npm run sandbox` starts them) on one PostgreSQL, started at the
 * same moment on an empty database (server/README.md "Several processes"): both migrate and seed without a clash,
 * hold the same RSA key pair, and serve one user's session and one clock. Skipped where the PostgreSQL server
 * binaries are not installed (pg-cluster.ts).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

interface Child {
  process: ChildProcess;
  exited: Promise<unknown>;
  base: string;
}

/** Starts `server/main.ts` and waits for the line it prints once it listens. */
async function startMain(env: NodeJS.ProcessEnv, port: number): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Trading Desk sandbox:')) resolve();
    });
    void exited.then(() => reject(new Error(`the sandbox on port ${port} exited before it listened`)));
  });
  return { process: child, exited, base: `http://127.0.0.1:${port}/api` };
}

async function call<T>(child: Child, method: string, route: string, options: { token?: string; body?: unknown } = {}): Promise<{ status: number; code: number; data: T }> {
  const headers: Record<string, string> = { source: 'web', 'accept-language': 'en-US' };
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(child.base + route, { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) });
  const envelope = (await response.json()) as { code: number; data: T };
  return { status: response.status, ...envelope };
}

describe.skipIf(!postgresBin)('two sandbox processes (server/main.ts) on one PostgreSQL', () => {
  let cluster: PgCluster | undefined;
  let dataDir = '';
  let children: Child[] = [];

  beforeAll(async () => {
    cluster = await startPgCluster();
    const url = await cluster.createDatabase('multi_children');
    dataDir = mkdtempSync(path.join(tmpdir(), 'multi-children-'));
    const env = { DATABASE_URL: url, DATA_DIR: dataDir, LOG: '0' };
    // Both at once, on a database nothing has migrated yet.
    children = await Promise.all([startMain(env, await freePort()), startMain(env, await freePort())]);
  }, 180_000);

  afterAll(async () => {
    for (const child of children) {
      if (child.process.exitCode === null) {
        child.process.kill('SIGTERM');
        await child.exited;
      }
    }
    await cluster?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('start together on an empty database, with one key pair and one demo user', async () => {
    const [a, b] = children as [Child, Child];
    const keys = await Promise.all(children.map((child) => call<{ publicKey: string }>(child, 'GET', '/platformConfiguration/get')));
    expect(keys[0]!.data.publicKey).toMatch(/BEGIN PUBLIC KEY/);
    expect(keys[1]!.data.publicKey).toBe(keys[0]!.data.publicKey);
    // Signed in on A with a password encrypted for A's key; the session works on B; a sign-out on B ends it on A.
    const login = await call<{ token: string }>(a, 'POST', '/institution/login', { body: { username: demoUser.email, password: encryptFor(keys[0]!.data.publicKey, demoUser.password) } });
    expect(login.code).toBe(200);
    const token = login.data.token;
    expect((await call(b, 'GET', '/institution/getUserInfo', { token })).code).toBe(200);
    expect((await call(b, 'POST', '/institution/logout', { token })).code).toBe(200);
    expect((await call(a, 'GET', '/institution/getUserInfo', { token })).status).toBe(401);
  });

  it('a deposit made through B is confirmed by a clock advance on A and credited once, seen on both', async () => {
    const [a, b] = children as [Child, Child];
    const key = (await call<{ publicKey: string }>(a, 'GET', '/platformConfiguration/get')).data.publicKey;
    const token = (await call<{ token: string }>(b, 'POST', '/institution/login', { body: { username: demoUser.email, password: encryptFor(key, demoUser.password) } })).data.token;
    const btc = async (child: Child) => {
      const reply = await call<{ accounts: Array<{ accountType: number; balances: Array<{ asset: string; free: string }> }> }>(child, 'GET', '/user/assets', { token });
      return reply.data.accounts.find((x) => x.accountType === 1)?.balances.find((x) => x.asset === 'BTC')?.free ?? '0';
    };
    const address = (await call<{ address: string }>(a, 'POST', '/account/wallet/getDepositAddress', { token, body: { asset: 'BTC', network: 'BTC' } })).data.address;
    const start = await btc(a);
    expect((await call(b, 'POST', '/_dev/chain/deposit', { body: { address, asset: 'BTC', amount: '0.5' } })).code).toBe(200);
    // Two BTC blocks later on the sandbox clock, moved on A only; both processes read (and sweep) at once.
    expect((await call(a, 'POST', '/_dev/clock/advance', { body: { ms: 2 * 600_000 } })).code).toBe(200);
    const seen = await Promise.all([btc(a), btc(b), btc(a), btc(b)]);
    const credited = new Decimal(start).plus('0.5').toFixed();
    expect(seen).toEqual([credited, credited, credited, credited]);
  });
});
