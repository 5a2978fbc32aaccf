import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SortOrder } from './sort/sort-order.ts';

// Every key the components pass to t() exists in both locales (../shared/CONVENTIONS.md "i18n").
const here = fileURLToPath(new URL('.', import.meta.url));
const SORT_ORDERS: SortOrder[] = ['none', 'desc', 'asc'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const file of sources(here)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*(['`])([^'`]+)\1/g)) {
      const key = match[2] ?? '';
      if (key.includes('${')) {
        // The one dynamic key: sort.states.${order}
        expect(key).toBe('sort.states.${order}');
        SORT_ORDERS.forEach((order) => keys.add(`sort.states.${order}`));
      } else {
        keys.add(key);
      }
    }
  }
  return [...keys];
}

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('components namespace', () => {
  const keys = usedKeys();

  it('finds the keys the components use', () => {
    expect(keys).toContain('modal.close');
    expect(keys).toContain('sort.states.desc');
    expect(keys.length).toBeGreaterThan(8);
  });

  it.each(['zh-HK', 'en-US'])('has every used key in %s', (language) => {
    const tree: unknown = JSON.parse(readFileSync(join(here, `../../locales/${language}/components.json`), 'utf8'));
    expect(keys.filter((key) => typeof lookup(tree, key) !== 'string')).toEqual([]);
  });
});
