import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { loadMigrations } from '../../server/db/migrate.ts';
import { TestApi, demoUser } from './helpers.ts';

/**
 * DATABASE_URL → a real PostgreSQL server. The test starts a throwaway cluster on a loopback port when
 * the PostgreSQL server binaries are installed (Debian: `postgresql`), and is skipped otherwise.
 */
function findBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'postgres'))) return bin;
  }
  return null;
}

// PostgreSQL refuses to run as root: then it runs as the `postgres` system user, which must exist.
const asRoot = userInfo().uid === 0;
const bin = asRoot && !hasPostgresUser() ? null : findBin();

function hasPostgresUser(): boolean {
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Runs as the `postgres` system user when we are root (spawn's uid/gid), else as ourselves. */
function runAs(): { uid?: number; gid?: number } {
  if (!asRoot) return {};
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  };
}

describe.skipIf(!bin)('PostgreSQL through DATABASE_URL', () => {
  let dir = '';
  let server: ChildProcess | undefined;
  let url = '';
  let api: TestApi;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pg-test-'));
    const data = path.join(dir, 'data');
    const user = runAs();
    if (user.uid !== undefined && user.gid !== undefined) {
      chownSync(dir, user.uid, user.gid);
      chmodSync(dir, 0o700);
    }
    const options = { ...user, cwd: dir, stdio: 'ignore' as const };
    execFileSync(path.join(bin ?? '', 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], options);
    const port = await freePort();
    server = spawn(path.join(bin ?? '', 'postgres'), ['-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', dir, '-F'], options);
    url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    // Ready when it accepts a query.
    for (let attempt = 0; ; attempt++) {
      try {
        const db = await openDatabase({ databaseUrl: url });
        await db.query('select 1');
        await db.close();
        break;
      } catch (error) {
        if (attempt > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    api = await TestApi.start({ databaseUrl: url });
  });

  afterAll(async () => {
    await api?.close();
    if (server?.pid && server.exitCode === null) {
      const stopped = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGINT'); // PostgreSQL's "fast shutdown"
      await stopped;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs the same migrations, seed and flows, and keeps the data across a restart', async () => {
    expect((await api.login(demoUser.email, demoUser.password)).code).toBe(200);
    const email = await api.register('Server-Pass1');
    const token = await api.token(email, 'Server-Pass1');
    const ga = await api.call<{ secretKey: string }>('GET', '/institution/generateGaInfo', { token });
    expect((await api.call('POST', '/institution/bindGaInfo', { token, body: { secretKey: ga.data.secretKey, gaCode: await api.totp(ga.data.secretKey) } })).code).toBe(200);
    // A wrong code is counted and a transaction that fails rolls back, as on PGlite.
    const code = await api.emailCode('updatePwd', token);
    const wrong = await api.call('POST', '/institution/updatePwd', {
      token,
      body: { oldPassword: api.encrypt('Server-Pass1'), newPassword: api.encrypt('Server-Pass2'), emailUuid: code.uuid, emailCode: code.code === '000000' ? '111111' : '000000', gaCode: '000000' },
    });
    expect(wrong).toMatchObject({ code: 10003, data: { errorCount: 1 } });
    const publicKey = api.publicKey;

    await api.close();
    api.clock.advance(60_000);
    await api.open({ databaseUrl: url });
    expect(api.publicKey).toBe(publicKey);
    const info = await api.call<{ gaBound: boolean }>('GET', '/institution/getUserInfo', { token });
    expect(info.data.gaBound).toBe(true);
    expect((await api.token(email, 'Server-Pass1', ga.data.secretKey)).length).toBeGreaterThan(20);

    const db = await openDatabase({ databaseUrl: url });
    try {
      const versions = await db.query<{ version: number }>('select version from schema_migrations order by version');
      expect(versions.map((row) => row.version)).toEqual(loadMigrations().map((m) => m.version));
      const demo = await db.query<{ n: number }>('select count(*)::int as n from users where email_lower = $1', [demoUser.email]);
      expect(demo[0]?.n).toBe(1);
    } finally {
      await db.close();
    }
  });
});
