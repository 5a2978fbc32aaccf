import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadMigrations, migrate } from './migrate.ts';
import type { Db } from './client.ts';
import { openPglite, wrapPglite } from './pglite.ts';

/**
 * A migrated PGlite data directory as a tarball, so that a new database starts from it instead of running
 * initdb and every migration (tens of seconds on a busy 2-core machine, where the tarball loads in about two).
 * Kept in the OS temp directory under a key of PGlite's version and the migrations' text, so any change to
 * either makes a new one; made once per key (several processes may race to make it: each writes its own file
 * and renames it into place, and the last rename wins with identical content).
 */
const PREFIX = 'td-pglite-template-';

let key: string | null = null;

function templateKey(): string {
  if (key !== null) return key;
  const require = createRequire(import.meta.url);
  const pkg = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  const hash = createHash('sha256');
  hash.update((JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version);
  for (const m of loadMigrations()) hash.update(`\0${m.version}\0${m.name}\0${m.sql}`);
  key = hash.digest('hex').slice(0, 16);
  return key;
}

async function makeTemplate(file: string): Promise<Blob> {
  const pg = new PGlite();
  await pg.waitReady;
  try {
    await migrate(wrapPglite(pg));
    const tarball = await pg.dumpDataDir('none');
    const partial = `${file}.${process.pid}.${Date.now()}.partial`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    renameSync(partial, file);
    // Templates of earlier migrations are of no further use.
    for (const name of readdirSync(path.dirname(file))) {
      if (name.startsWith(PREFIX) && path.join(path.dirname(file), name) !== file && !name.endsWith('.partial')) {
        rmSync(path.join(path.dirname(file), name), { force: true });
      }
    }
    return tarball;
  } finally {
    await pg.close();
  }
}

const cached = new Map<string, Promise<Blob>>();

function templateFile(dir: string): string {
  return path.join(dir, `${PREFIX}${templateKey()}.tar`);
}

/**
 * The migrated template for this PGlite version and these migrations: from `dir`, or made now. Each process reads it
 * once.
 */
function migratedTemplate(dir: string): Promise<Blob> {
  const file = templateFile(dir);
  let template = cached.get(file);
  if (template === undefined) {
    template = (async () => {
      try {
        return new Blob([readFileSync(file)]);
      } catch {
        return makeTemplate(file);
      }
    })();
    cached.set(file, template);
    template.catch(() => cached.delete(file));
  }
  return template;
}

/** A template that failed to load: removed, so that the next database makes a new one. */
function discardTemplate(dir: string): void {
  const file = templateFile(dir);
  cached.delete(file);
  rmSync(file, { force: true });
}

/**
 * A PGlite database with every migration applied. A new one (no directory, or an empty one) is loaded from the
 * migrated template; an existing directory is opened as it is (the caller's migrate() brings it up to date). Should
 * the template fail to load, it is thrown away and the database is made the long way.
 */
export async function openMigratedPglite(dataDir: string | undefined, options: { templateDir?: string } = {}): Promise<Db> {
  const templateDir = options.templateDir ?? tmpdir();
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  if (dataDir && readdirSync(dataDir).length > 0) return openPglite(dataDir);
  let pg: PGlite | null = null;
  try {
    const loadDataDir = await migratedTemplate(templateDir);
    pg = dataDir ? new PGlite(dataDir, { loadDataDir }) : new PGlite({ loadDataDir });
    await pg.waitReady;
    return wrapPglite(pg);
  } catch {
    // The instance that failed to load is closed before its directory is cleared.
    await pg?.close().catch(() => undefined);
    discardTemplate(templateDir);
    // The directory was empty before the attempt: what the attempt left there goes.
    if (dataDir) for (const name of readdirSync(dataDir)) rmSync(path.join(dataDir, name), { recursive: true, force: true });
    return openPglite(dataDir);
  }
}
