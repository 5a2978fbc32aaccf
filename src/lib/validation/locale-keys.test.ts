import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { VALIDATION_KEYS, VALIDATION_NAMESPACE } from './types.ts';

function load(language: string): Record<string, unknown> {
  const url = new URL(`../../../locales/${language}/${VALIDATION_NAMESPACE}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
}

function lookup(tree: Record<string, unknown>, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('validation keys', () => {
  it.each(['zh-HK', 'en-US'])('every key a validator returns has a text in %s', (language) => {
    const tree = load(language);
    const missing = VALIDATION_KEYS.filter((key) => typeof lookup(tree, key) !== 'string');
    expect(missing).toEqual([]);
  });
});
