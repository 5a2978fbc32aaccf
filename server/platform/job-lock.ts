import type { Db } from './db/client.ts';

/**
 * Several sandbox processes on one PostgreSQL (server/README.md "Several processes"): the locks that keep a
 * background job to one runner at a time, and that tell a starting process whether it is the only one.
 *
 * PostgreSQL advisory locks, under a class id of their own (`LOCK_CLASS`) so they meet no other use. On PGlite the
 * database belongs to one process, so every lock is trivially held: the job runs, the process is alone.
 */
const LOCK_CLASS = 4545;
/** The key of the processes' presence lock (shared by each running process, exclusive only at a lonely start). */
const PRESENCE = 'sandbox-processes';

/**
 * Runs `job` only if no other process is running the job of the same name: `pg_try_advisory_xact_lock` in a
 * transaction that lasts as long as the job (the job's own queries go through `db`, on other connections).
 * Returns whether it ran; when another process holds the lock, it returns false at once and runs nothing.
 */
export async function runAlone(db: Db, name: string, job: () => Promise<void>): Promise<boolean> {
  if (db.kind === 'pglite') {
    await job();
    return true;
  }
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ held: boolean }>('select pg_try_advisory_xact_lock($1, hashtext($2)) as held', [LOCK_CLASS, name]);
    if (!rows[0]?.held) return false;
    await job();
    return true;
  });
}

/**
 * Runs `job` once no other process runs the job of the same name, waiting for it (`pg_advisory_xact_lock`): the
 * migrations at start, so two processes started at once on an empty database do not create the same tables.
 */
export async function runExclusive(db: Db, name: string, job: () => Promise<void>): Promise<void> {
  if (db.kind === 'pglite') return job();
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [LOCK_CLASS, name]);
    await job();
  });
}

/** A process's place among the processes on its database: held until `leave`. */
export interface Presence {
  /** True when no other process was running on this database when this one joined. */
  alone: boolean;
  leave(): Promise<void>;
}

/**
 * Joins the processes on this database: one connection holds a shared advisory lock for the process's life (a
 * transaction left open until `leave`). A start that takes the same lock exclusively first knows it is alone and
 * runs `whenAlone` (clearing what a stopped process left behind) while still holding it, so no other process starts
 * meanwhile. A crashed process's connection closes, and its lock with it.
 */
export async function joinProcesses(db: Db, whenAlone: () => Promise<void>): Promise<Presence> {
  if (db.kind === 'pglite') {
    await whenAlone();
    return { alone: true, leave: async () => undefined };
  }
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let joined: (alone: boolean) => void = () => undefined;
  let failed: (error: unknown) => void = () => undefined;
  const alone = new Promise<boolean>((resolve, reject) => {
    joined = resolve;
    failed = reject;
  });
  const held = db
    .transaction(async (tx) => {
      const rows = await tx.query<{ alone: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as alone', [LOCK_CLASS, PRESENCE]);
      const first = rows[0]?.alone === true;
      try {
        if (first) await whenAlone();
      } finally {
        await tx.query('select pg_advisory_lock_shared($1, hashtext($2))', [LOCK_CLASS, PRESENCE]);
        if (first) await tx.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, PRESENCE]);
      }
      joined(first);
      await released;
      // Session-level locks outlive the transaction: give them back before the connection returns to the pool.
      await tx.query('select pg_advisory_unlock_shared($1, hashtext($2))', [LOCK_CLASS, PRESENCE]);
    })
    .catch((error: unknown) => failed(error));
  return {
    alone: await alone,
    async leave() {
      release();
      await held;
    },
  };
}
