import { type Clock, systemClock } from './clock.ts';
import type { Db } from './db/client.ts';

/** The sandbox clock of a process that shares its database with others: `refresh` and `stored` keep it in step. */
export interface SharedClock extends Clock {
  advance(ms: number): void;
  /** Takes the offset another process may have moved (the kernel runs it as each request arrives). */
  refresh(): Promise<void>;
  /** Resolves when every advance so far is stored (the kernel waits for it before a reply leaves). */
  stored(): Promise<void>;
}

/**
 * The system time plus an offset that only grows, as `offsetClock`, with the offset kept in the database (`dev_clock`,
 * migration 043), so `/_dev/clock/advance` on one process moves the clock of every process on the same PostgreSQL
 * (server/README.md "Several processes"). An advance adds to the stored offset (two processes' advances both count);
 * each process takes the larger of its own and the stored one.
 */
export async function sharedOffsetClock(db: Db, base: Clock = systemClock): Promise<SharedClock> {
  let offset = 0;
  let pending: Promise<void> = Promise.resolve();
  const seen = (rows: Array<{ offset_ms: string | number }>) => {
    const stored = Number(rows[0]?.offset_ms ?? 0);
    if (stored > offset) offset = stored;
  };
  const clock: SharedClock = {
    now: () => base.now() + offset,
    advance(ms: number) {
      offset += ms;
      pending = pending
        .then(async () => seen(await db.query('update dev_clock set offset_ms = offset_ms + $1 where id = 1 returning offset_ms', [ms])))
        // Not stored: this process has moved on its own; the others do not see this advance.
        .catch((error: unknown) => console.error('The sandbox clock offset was not stored:', error));
    },
    async refresh() {
      await pending;
      seen(await db.query('select offset_ms from dev_clock where id = 1'));
    },
    stored: () => pending,
  };
  await clock.refresh();
  return clock;
}
