import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unusedCalls } from './unused-calls.ts';

/** README "Calls the app does not make" names exactly the contract calls no src/ file makes, each with its reason. */
describe('calls the app does not make', () => {
  it('are the README table, no more and no fewer', () => {
    const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
    const section = readme.split('### Calls the app does not make')[1]?.split('\n## ')[0] ?? '';
    const listed = [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]).sort();
    expect(listed).toEqual(unusedCalls());
    expect(listed.length).toBeGreaterThan(0);
  });
});
