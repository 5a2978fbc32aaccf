import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiCalls } from '../../../contract/api.ts';
import type { CallDef } from '../../../contract/call.ts';
import { GET_PATHS, PUBLIC_PATHS } from './call-table.ts';

const contractDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../contract');
const calls: Record<string, CallDef> = apiCalls;
const fix = 'run `npx tsx scripts/call-table.ts`';

/** The call maps the contract modules export (`…Calls`), but the sandbox's dev controls. */
async function contractCallMaps(): Promise<[string, Record<string, CallDef>][]> {
  const maps: [string, Record<string, CallDef>][] = [];
  for (const file of readdirSync(contractDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const mod = (await import(path.join(contractDir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (name.endsWith('Calls') && !name.endsWith('DevCalls') && typeof value === 'object' && value !== null) maps.push([`${file} ${name}`, value as Record<string, CallDef>]);
    }
  }
  return maps;
}

describe('the app’s call table agrees with the contract (spec §7)', () => {
  it('contract/api.ts holds every call of every contract module', async () => {
    const missing = (await contractCallMaps()).flatMap(([where, map]) => Object.keys(map).filter((p) => !(p in calls)).map((p) => `${where}: ${p}`));
    expect(missing).toEqual([]);
    expect(Object.keys(calls).length).toBeGreaterThan(200);
  });

  it('a path is GET in the table exactly when the contract says GET', () => {
    const wrong = Object.entries(calls).filter(([p, c]) => GET_PATHS.has(p) !== (c.method === 'GET')).map(([p, c]) => `${c.method} ${p}`);
    expect(wrong, fix).toEqual([]);
  });

  it('a path is public in the table exactly when the contract says public', () => {
    const wrong = Object.entries(calls).filter(([p, c]) => PUBLIC_PATHS.has(p) !== (c.auth === 'public')).map(([p, c]) => `${c.auth} ${p}`);
    expect(wrong, fix).toEqual([]);
  });

  it('the table names no path the contract lacks', () => {
    expect([...GET_PATHS, ...PUBLIC_PATHS].filter((p) => !(p in calls)), fix).toEqual([]);
  });
});
