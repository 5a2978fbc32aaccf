import type { Db, Queryable } from './client.ts';

/** The part of node-postgres (`pg`) this adapter uses; typed here so `pg` stays an optional install. */
interface PgClient {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  release(): void;
}
interface PgPool {
  connect(): Promise<PgClient>;
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  end(): Promise<void>;
}
interface PgModule {
  Pool: new (config: { connectionString: string; max?: number }) => PgPool;
}

/**
 * A PostgreSQL server, chosen by `DATABASE_URL`. `pg` is not a dependency of the sandbox (PGlite covers
 * one machine); an operator who outgrows it runs `npm install pg` and sets `DATABASE_URL`.
 */
export async function openPostgres(connectionString: string): Promise<Db> {
  const moduleName = 'pg';
  let pg: PgModule;
  try {
    const imported = (await import(moduleName)) as { default?: PgModule } & PgModule;
    pg = imported.default ?? imported;
  } catch {
    throw new Error('DATABASE_URL is set but the "pg" package is not installed: run `npm install pg`.');
  }
  const pool = new pg.Pool({ connectionString, max: 10 });
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
    },
    async close() {
      await pool.end();
    },
  };
}
