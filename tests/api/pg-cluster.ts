import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase } from '../../server/platform/db/client.ts';
import { freePort } from '../support/free-port.ts';

/**
 * A throwaway PostgreSQL cluster on a loopback port, for tests that must race real connections (PGlite has
 * one connection and cannot). Needs the PostgreSQL server binaries (Debian: `postgresql`, which `.ci/run`
 * installs); `postgresBin()` is null without them, and tests skip.
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

function hasPostgresUser(): boolean {
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const postgresBin: string | null = asRoot && !hasPostgresUser() ? null : findBin();

/** Runs as the `postgres` system user when we are root (spawn's uid/gid), else as ourselves. */
function runAs(): { uid?: number; gid?: number } {
  if (!asRoot) return {};
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  };
}

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** A fresh, empty database in this cluster (one per test file or scenario); returns its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** Starts a cluster (initdb, postgres on 127.0.0.1) and waits until it answers a query. */
export async function startPgCluster(): Promise<PgCluster> {
  if (!postgresBin) throw new Error('PostgreSQL server binaries not installed');
  const bin = postgresBin;
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-test-'));
  const data = path.join(dir, 'data');
  const user = runAs();
  if (user.uid !== undefined && user.gid !== undefined) {
    chownSync(dir, user.uid, user.gid);
    chmodSync(dir, 0o700);
  }
  const options = { ...user, cwd: dir, stdio: 'ignore' as const };
  execFileSync(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], options);
  const port = await freePort();
  const server: ChildProcess = spawn(
    path.join(bin, 'postgres'),
    ['-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', dir, '-F', '-c', 'max_connections=200'],
    options,
  );
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  for (let attempt = 0; ; attempt++) {
    try {
      const db = await openDatabase({ databaseUrl: url });
      await db.query('select 1');
      await db.close();
      break;
    } catch (error) {
      if (attempt > 300 || server.exitCode !== null) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    async createDatabase(name: string) {
      if (!/^[a-z_][a-z0-9_]{0,40}$/.test(name)) throw new Error(`bad database name ${name}`);
      const db = await openDatabase({ databaseUrl: url });
      try {
        await db.exec(`create database ${name}`);
      } finally {
        await db.close();
      }
      return url.replace(/\/postgres$/, `/${name}`);
    },
    async stop() {
      if (server.pid && server.exitCode === null) {
        const stopped = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGINT'); // PostgreSQL's "fast shutdown"
        await stopped;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One database a test file runs its scenarios on: PGlite (no URL) or a fresh database of the file's cluster. */
export interface DatabaseBackend {
  name: string;
  url: () => Promise<string | undefined>;
  skip: boolean;
}

/**
 * A test file's databases: PGlite and, where the binaries are installed, PostgreSQL (`database`, a fresh database in
 * a cluster of the file's own, started before its tests and stopped after them). Call at the file's top level;
 * `cluster()` is the running cluster, for a scenario that needs another database of it.
 */
export function fileDatabases(database: string): { backends: DatabaseBackend[]; cluster: () => PgCluster | undefined } {
  let cluster: PgCluster | undefined;
  beforeAll(async () => {
    if (postgresBin) cluster = await startPgCluster();
  }, 60_000);
  afterAll(async () => cluster?.stop());
  return {
    backends: [
      { name: 'PGlite', url: async () => undefined, skip: false },
      { name: 'PostgreSQL', url: async () => cluster?.createDatabase(database), skip: !postgresBin },
    ],
    cluster: () => cluster,
  };
}
