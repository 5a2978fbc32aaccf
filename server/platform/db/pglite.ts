import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './client.ts';

/** The embedded database: Postgres in WebAssembly, persisted under `dataDir` (or in memory). */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = dataDir ? new PGlite(dataDir) : new PGlite();
  await pg.waitReady;
  return wrapPglite(pg);
}

/** The `Db` seam over a PGlite instance that is ready. */
export function wrapPglite(pg: PGlite): Db {
  let closed = false;
  return {
    kind: 'pglite',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await pg.query<Row>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      // PGlite has one connection: its transaction() holds it, so other queries wait their turn.
      return pg.transaction(async (tx) =>
        fn({
          async query<Row>(sql: string, params: readonly unknown[] = []) {
            const result = await tx.query<Row>(sql, params as unknown[]);
            return result.rows;
          },
        }),
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      await pg.close();
    },
  };
}
