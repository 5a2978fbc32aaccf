import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from './migrate.ts';
import { openMigratedPglite } from './template.ts';

describe('a new database from the migrated template', () => {
  const dirs: string[] = [];
  const scratch = (name: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `template-${name}-`));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const versions = async (db: Awaited<ReturnType<typeof openMigratedPglite>>) =>
    (await db.query<{ version: number }>('select version from schema_migrations order by version')).map((r) => r.version);

  it('has every migration applied, in a directory that opens again with what was written', { timeout: 120_000 }, async () => {
    const templates = scratch('cache');
    const dataDir = path.join(scratch('data'), 'db');
    const db = await openMigratedPglite(dataDir, { templateDir: templates });
    const all = loadMigrations().map((m) => m.version);
    expect(await versions(db)).toEqual(all);
    expect(await migrate(db)).toEqual([]);
    await db.exec("create table note (t text); insert into note values ('kept')");
    await db.close();
    expect(readdirSync(templates).filter((f) => f.endsWith('.tar'))).toHaveLength(1);

    // An existing directory is opened as it is, never loaded over.
    const again = await openMigratedPglite(dataDir, { templateDir: templates });
    expect(await again.query('select t from note')).toEqual([{ t: 'kept' }]);
    await again.close();

    // A second new database from the same template has none of it.
    const other = await openMigratedPglite(undefined, { templateDir: templates });
    expect(await versions(other)).toEqual(all);
    expect(await other.query("select 1 from information_schema.tables where table_name = 'note'")).toEqual([]);
    await other.close();
  });

  it('is made the long way when the template is damaged, and the damaged one is replaced', { timeout: 120_000 }, async () => {
    const templates = scratch('damaged');
    // Make the template, then overwrite it with something that is no tarball of a data directory.
    await (await openMigratedPglite(undefined, { templateDir: templates })).close();
    const [file] = readdirSync(templates);
    writeFileSync(path.join(templates, file as string), 'not a tarball');
    // As a new process would, read the damaged file: a fresh copy of the module has no template in memory. A copy of
    // this module alone (its own URL), not vi.resetModules(): the files after this one in the worker keep theirs.
    const copy: string = './template.ts?fresh';
    const fresh = (await import(copy)) as { openMigratedPglite: typeof openMigratedPglite };
    const dataDir = scratch('after-damage');
    const db = await fresh.openMigratedPglite(dataDir, { templateDir: templates });
    expect(await migrate(db)).toEqual(loadMigrations().map((m) => m.version));
    await db.close();
    // The damaged template is gone; the next new database makes a good one.
    expect(readdirSync(templates)).toEqual([]);
    const next = await fresh.openMigratedPglite(undefined, { templateDir: templates });
    expect(await versions(next)).toEqual(loadMigrations().map((m) => m.version));
    await next.close();
    expect(readdirSync(templates).filter((f) => f.endsWith('.tar'))).toHaveLength(1);
  });
});
