import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as validation from './index.ts';

const root = join(import.meta.dirname, '..', '..');
const here = import.meta.dirname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path === here ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * The validators only turn contract/rules.ts's rules into a field's translated error: each one a screen uses. An
 * unused validator is a second copy of a contract rule that can drift from it unseen (an IP-list and a remark
 * checker did, beside contract/broker-rules.ts's).
 */
describe('src/lib/validation', () => {
  it('exports only what the app uses', () => {
    const app = sources(root).map((file) => readFileSync(file, 'utf8'));
    const unused = Object.keys(validation).filter((name) => !app.some((text) => new RegExp(`\\b${name}\\b`).test(text)));
    expect(unused).toEqual([]);
  });

  it('defines no rule constants of its own (they come from contract/)', () => {
    const own = readdirSync(here)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .flatMap((f) => [...readFileSync(join(here, f), 'utf8').matchAll(/export const (\w+) = (\d[\d_ *]*);/g)].map((m) => `${f}:${m[1]}`));
    expect(own).toEqual([]);
  });
});
