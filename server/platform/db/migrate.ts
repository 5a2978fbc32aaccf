import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client.ts';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** `migrations/NNN_name.sql`, in version order; a gap or a duplicate number is a mistake worth failing on. */
export function loadMigrations(dir = migrationsDir): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = /^(\d{3})_([a-z0-9_]+)\.sql$/.exec(file);
      if (!match) throw new Error(`Migration file name must be NNN_name.sql: ${file}`);
      return { version: Number(match[1]), name: match[2] ?? '', sql: readFileSync(path.join(dir, file), 'utf8') };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) throw new Error(`Migrations must be numbered 001, 002, … without gaps`);
  });
  return migrations;
}

/** Applies the migrations not yet recorded in schema_migrations, each in its own transaction. */
export async function migrate(db: Db, migrations = loadMigrations()): Promise<number[]> {
  await db.exec(`create table if not exists schema_migrations (
    version integer primary key,
    name text not null,
    applied_at timestamptz not null default now()
  )`);
  const rows = await db.query<{ version: number }>('select version from schema_migrations');
  const applied = new Set(rows.map((row) => row.version));
  const done: number[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    await db.transaction(async (tx) => {
      // Statements one by one: a parameterless multi-statement string works on both PGlite and pg.
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [migration.version, migration.name]);
    });
    done.push(migration.version);
  }
  return done;
}

/**
 * Splits on semicolons at line ends; the migrations keep to that. A function's body (between `$$` and `$$`) is
 * never split: its statements end in semicolons too.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  sql.split('$$').forEach((part, i) => {
    if (i % 2 === 1) {
      current += `$$${part}$$`;
      return;
    }
    const pieces = part.split(/;\s*(?:\n|$)/);
    current += pieces[0];
    for (const piece of pieces.slice(1)) {
      statements.push(current);
      current = piece;
    }
  });
  statements.push(current);
  return statements.map((statement) => statement.replace(/^\s*--.*$/gm, '').trim()).filter((statement) => statement.length > 0);
}
