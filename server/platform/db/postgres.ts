import type { Db, Queryable } from './client.ts';

/** The part of node-postgres (`pg`) this adapter uses (the package ships no types of its own). */
interface PgClient {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  release(): void;
}
interface PgPool {
  connect(): Promise<PgClient>;
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  end(): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): void;
}
interface PgModule {
  Pool: new (config: { connectionString: string; max?: number }) => PgPool;
}

/** A transaction PostgreSQL rolled back as a deadlock victim (40P01) or a serialization failure (40001) runs again, up to this many times in all. */
export const TRANSACTION_ATTEMPTS = 4;
const isRetryable = (error: unknown): boolean => {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '40P01' || code === '40001';
};

/**
 * A PostgreSQL server, chosen by `DATABASE_URL` (node-postgres). Loaded only then, so the default
 * PGlite sandbox never pays for it. A transaction's function may run more than once (a deadlock or
 * serialization victim is retried): it must keep its effects inside the transaction, or reset them per run.
 */
export async function openPostgres(connectionString: string): Promise<Db> {
  const moduleName = 'pg'; // a variable: type-checked against PgModule, not against missing @types/pg
  let pg: PgModule;
  try {
    const imported = (await import(moduleName)) as { default?: PgModule } & PgModule;
    pg = imported.default ?? imported;
  } catch {
    throw new Error('DATABASE_URL is set but the "pg" package cannot be loaded: run `npm ci`.');
  }
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection dropped by the server must not take the process down; the next query reconnects.
  pool.on('error', (error) => console.error('PostgreSQL pool:', error.message));
  async function once<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const value = await fn({
        async query<Row>(sql: string, params: readonly unknown[] = []) {
          const result = await client.query(sql, [...params]);
          return result.rows as Row[];
        },
      });
      await client.query('COMMIT');
      return value;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }
  return {
    kind: 'postgres',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await pool.query(sql, [...params]);
      return result.rows as Row[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await once(fn);
        } catch (error) {
          // The server chose this transaction as a deadlock's or a serialization conflict's victim and rolled it
          // back whole: run it again, after a short random wait so the two do not meet the same way again.
          if (!isRetryable(error) || attempt >= TRANSACTION_ATTEMPTS) throw error;
          await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
        }
      }
    },
    async close() {
      await pool.end();
    },
  };
}
