import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { openDatabase } from './client.ts';
import { loadMigrations, migrate, splitStatements } from './migrate.ts';

describe('migrations', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({});
  });
  afterAll(async () => db.close());

  it('applies every numbered migration once, then nothing', async () => {
    const all = loadMigrations().map((m) => m.version);
    expect(all.slice(0, 3)).toEqual([1, 2, 3]);
    expect(await migrate(db)).toEqual(all);
    expect(await migrate(db)).toEqual([]);
    const tables = await db.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    );
    expect(tables.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(['users', 'sessions', 'verification_codes', 'outbox', 'withdraw_bans', 'balances', 'kyc_submissions']),
    );
  });

  it('rolls a failing migration back whole and records nothing for it', async () => {
    const applied = loadMigrations().map((m) => m.version);
    const broken = [{ version: applied.length + 1, name: 'broken', sql: 'create table half_done (id integer);\nselect * from no_such_table;' }];
    await expect(migrate(db, [...loadMigrations(), ...broken])).rejects.toThrow();
    const half = await db.query("select 1 from information_schema.tables where table_name = 'half_done'");
    expect(half).toHaveLength(0);
    const versions = await db.query<{ version: number }>('select version from schema_migrations order by version');
    expect(versions.map((row) => row.version)).toEqual(applied);
  });

  it('refuses badly named or gapped migration files', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    try {
      writeFileSync(path.join(dir, '001_first.sql'), 'select 1;');
      writeFileSync(path.join(dir, '003_third.sql'), 'select 1;');
      expect(() => loadMigrations(dir)).toThrow(/without gaps/);
      writeFileSync(path.join(dir, '2-bad.sql'), 'select 1;');
      expect(() => loadMigrations(dir)).toThrow(/NNN_name/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('splits statements at semicolons that end a line, but never inside a function body', () => {
    const sql = "-- a comment\ncreate table a (id integer);\ncreate function f() returns void language plpgsql as $$\nbegin\n  perform 1;\nend\n$$;\nselect f();";
    expect(splitStatements(sql)).toEqual(['create table a (id integer)', 'create function f() returns void language plpgsql as $$\nbegin\n  perform 1;\nend\n$$', 'select f()']);
  });
});
