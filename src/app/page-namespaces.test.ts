import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { namespaces } from '../../tests/support/locale-namespace.ts';
import { dynamicTargets, graphNamespaces, namespacesOf, root, staticImports } from '../../tests/support/namespace-graph.ts';
import { PAGE_NAMESPACES } from './page-namespaces.ts';

// The start-up and lazy lists of src/lib/i18n, read from its source: importing it here would need Vite's glob.
const i18nSource = readFileSync(path.join(root, 'src/lib/i18n/index.ts'), 'utf8');
const listIn = (name: string) => [...(new RegExp(`export const ${name}[^=]*=\\s*\\[([^\\]]*)\\]`).exec(i18nSource)?.[1] ?? '').matchAll(/'([\w-]+)'/g)].map((m) => m[1] as string);
const START = listIn('START_NAMESPACES');
const LAZY = listIn('LAZY_NAMESPACES');
const pagesFile = path.join(root, 'src/app/pages.ts');
const pagesSource = readFileSync(pagesFile, 'utf8');

/** Chunk name → the page modules it loads, from the page table: `key: ['chunk', xPages.key]`, `[page, ['chunk', load]]` of a whole map. */
function chunkPages(): Map<string, string[]> {
  const mapFiles = new Map<string, string>();
  for (const m of pagesSource.matchAll(/import \{ (\w+Pages) \} from '([^']+)'/g)) mapFiles.set(m[1] as string, path.resolve(path.dirname(pagesFile), m[2] as string));
  const chunks = new Map<string, string[]>();
  const add = (chunk: string, files: string[]) => chunks.set(chunk, [...(chunks.get(chunk) ?? []), ...files]);
  // A page map's modules all count for its chunk (each map belongs to one chunk).
  const pageOf = (map: string) => dynamicTargets(mapFiles.get(map) as string);
  for (const m of pagesSource.matchAll(/\['([\w-]+)', (\w+Pages)\.\w+\]/g)) add(m[1] as string, pageOf(m[2] as string));
  for (const m of pagesSource.matchAll(/Object\.entries\((\w+Pages)\)\.map\(\(\[page, load\]\) => \[page, \['([\w-]+)', load\]/g)) add(m[2] as string, pageOf(m[1] as string));
  for (const m of pagesSource.matchAll(/lazyPage\('([\w-]+)', \(\) => import\('([^']+)'\)/g)) add(m[1] as string, [path.resolve(path.dirname(pagesFile), m[2] as string)]);
  // The broker manager's layout route (src/app/router.tsx).
  add('brokerLayout', [path.join(root, 'src/app/layouts/BrokerLayout.tsx')]);
  return chunks;
}

/** What a chunk's modules name, less what is loaded at start or bundled with the chunk. */
const needed = (files: string[]) => [...graphNamespaces(files)].filter((ns) => !START.includes(ns) && !LAZY.includes(ns)).sort();

describe('locale namespaces load with the page that reads them (src/lib/i18n, src/app/pages.ts)', () => {
  const chunks = chunkPages();

  it('finds the page chunks of the page table', () => {
    expect(START).toEqual(['common', 'errors', 'messages']);
    expect(LAZY).toContain('broker');
    expect([...chunks.keys()]).toEqual(expect.arrayContaining(['home', 'account', 'wallet', 'trading', 'otc', 'broker', 'comingSoon', 'brokerLayout']));
    for (const [chunk, files] of chunks) expect(files.length, chunk).toBeGreaterThan(0);
  });

  it("each chunk's list is what its modules name, no more and no less", () => {
    const lists = Object.fromEntries([...chunks].map(([chunk, files]) => [chunk, needed(files)]));
    const declared = Object.fromEntries([...chunks.keys()].map((chunk) => [chunk, [...(PAGE_NAMESPACES[chunk] ?? ['(not listed)'])].sort()]));
    expect(declared).toEqual(lists);
    expect(Object.keys(PAGE_NAMESPACES).sort()).toEqual([...chunks.keys()].sort());
  });

  it('lists only namespaces that have a locale file in both languages and are not bundled with a chunk', () => {
    const files = new Set(namespaces('zh-HK').filter((ns) => namespaces('en-US').includes(ns)));
    for (const [chunk, list] of Object.entries(PAGE_NAMESPACES)) {
      for (const ns of list) {
        expect(files.has(ns), `${chunk}: ${ns}`).toBe(true);
        expect(LAZY.includes(ns) || START.includes(ns), `${chunk}: ${ns}`).toBe(false);
      }
    }
  });

  it('the app shell (what src/main.tsx imports statically) names only the start-up namespaces', () => {
    expect([...graphNamespaces([path.join(root, 'src/main.tsx')])].filter((ns) => !LAZY.includes(ns)).sort()).toEqual([...START].sort());
  });

  it('the scanner sees the ways a module names a namespace', () => {
    const found = namespacesOf(
      [
        "const { t } = useTranslation('wallet');",
        "useTranslation(['orders', 'risk'])",
        "t('account:errors.codeWrong'); t(`loans:status.${s}`);",
        "i18next.t(key, { ns: 'help' })",
        '// i18n namespaces: convert, otc',
        "useTranslation(); t('https://x'); t('nope:x')",
      ].join('\n'),
    );
    expect([...found].sort()).toEqual(['account', 'common', 'convert', 'help', 'loans', 'orders', 'otc', 'risk', 'wallet']);
    const file = path.join(root, 'src/app/App.tsx');
    expect(staticImports(file, readFileSync(file, 'utf8'))).toContain(path.join(root, 'src/app/router.tsx'));
  });
});
