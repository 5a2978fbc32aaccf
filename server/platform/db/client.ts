/**
 * The database seam of the provider API. Route code talks to `Db` only, so the embedded PGlite
 * (default) and a PostgreSQL server (`DATABASE_URL`) are interchangeable.
 */

/** Anything that runs parameterised SQL: the database itself or an open transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements (migrations); no parameters. */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction: commit when it resolves, roll back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * True for PostgreSQL's unique_violation (SQLSTATE 23505), as PGlite and the pg driver both report it. A
 * check-then-write can lose a race with another connection; the unique index is what decides.
 */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export interface OpenOptions {
  /** PGlite data directory; omitted → in memory (tests that do not restart). */
  dataDir?: string | undefined;
  /** postgres://… → a PostgreSQL server through the `pg` package instead of PGlite. */
  databaseUrl?: string | undefined;
  /**
   * PGlite only: a new database starts with every migration applied, from a cached template (server/platform/db/template.ts);
   * the caller's migrate() then finds nothing to do. A PostgreSQL server is migrated by the caller as before.
   */
  migrated?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Db> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(options.databaseUrl);
  }
  if (options.migrated) {
    const { openMigratedPglite } = await import('./template.ts');
    return openMigratedPglite(options.dataDir);
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(options.dataDir);
}
