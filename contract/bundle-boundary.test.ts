import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The app takes the contract's types only (contract/call.ts): a module of the app (src/, workers/) may import
 * values at run time only from contract modules that, with everything they import, hold no schema library —
 * codes, rules, chains, fiat-rules. Otherwise TypeBox and every call schema would ride into the bundle.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const importPattern = /import\s+(type\s+)?([^;]*?)\s+from\s+'([^']+)'/gs;
const exportPattern = /export\s+(type\s+)?\{[^}]*\}\s+from\s+'([^']+)'/gs;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Specifiers a module imports or re-exports as values (`import type` and `export type` are erased). */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(importPattern)) {
    if (m[1]) continue;
    const names = m[2]!.trim();
    // `import { type A, type B }` is erased too.
    if (names.startsWith('{') && names.slice(1, -1).split(',').every((n) => n.trim() === '' || n.trim().startsWith('type '))) continue;
    found.push(m[3]!);
  }
  for (const m of text.matchAll(exportPattern)) if (!m[1]) found.push(m[2]!);
  return found;
}

/** Whether a contract module reaches the schema library through its value imports. */
function reachesTypebox(file: string, seen = new Set<string>()): string | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const spec of valueImports(file)) {
    if (spec === 'typebox' || spec.startsWith('typebox/') || spec.startsWith('@sinclair/typebox')) return file;
    if (spec.startsWith('.')) {
      const hit = reachesTypebox(path.resolve(path.dirname(file), spec), seen);
      if (hit) return `${file} → ${hit}`;
    }
  }
  return null;
}

describe('the app imports no schema from the contract at run time', () => {
  it('every value import of a contract module from src/ and workers/ stays clear of TypeBox', () => {
    const offenders: string[] = [];
    let checked = 0;
    for (const file of [...files(path.join(root, 'src')), ...files(path.join(root, 'workers'))]) {
      for (const spec of valueImports(file)) {
        const target = path.resolve(path.dirname(file), spec);
        if (!target.startsWith(path.join(root, 'contract') + path.sep)) continue;
        checked++;
        const hit = reachesTypebox(target);
        if (hit) offenders.push(`${path.relative(root, file)} imports ${path.relative(root, target)}: ${path.relative(root, hit.split(' → ').at(-1)!)}`);
      }
    }
    expect(checked).toBeGreaterThan(5);
    expect(offenders).toEqual([]);
  });
});
