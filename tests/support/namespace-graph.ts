import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { namespaces } from './locale-namespace.ts';

// The locale namespaces a module can read, with every module it imports statically (Node only). The app loads a
// page's namespaces with its chunk (src/app/page-namespaces.ts); src/app/page-namespaces.test.ts holds each page's
// list, and the start-up list, to what this finds. Over-approximates: a module counts all it names.

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const known = new Set(namespaces('zh-HK'));
const ns = '[a-zA-Z][\\w-]*';

/** The namespaces one file names: useTranslation('x' | ['x', …]), `x:key` literals, `ns: 'x'`, `// i18n namespaces: x, y`. */
export function namespacesOf(text: string): Set<string> {
  const found = new Set<string>();
  for (const m of text.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g)) for (const n of (m[1] as string).matchAll(/'([\w-]+)'/g)) found.add(n[1] as string);
  for (const m of text.matchAll(new RegExp(`['"\`](${ns}):[\\w$.{]`, 'g'))) found.add(m[1] as string);
  for (const m of text.matchAll(new RegExp(`\\bns:\\s*'(${ns})'`, 'g'))) found.add(m[1] as string);
  for (const m of text.matchAll(/\/\/ i18n namespaces: ([\w-]+(?:, [\w-]+)*)/g)) for (const n of (m[1] as string).split(', ')) found.add(n);
  if (/\buseTranslation\(\s*\)/.test(text)) found.add('common');
  if (/\bERRORS_NAMESPACE\b/.test(text)) found.add('errors');
  return new Set([...found].filter((n) => known.has(n)));
}

/** The relative modules a file imports statically (import … from, export … from, bare import), resolved. */
export function staticImports(file: string, text: string): string[] {
  const out: string[] = [];
  const code = text.replace(/^\s*\/\/.*$/gm, '');
  for (const m of code.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?'(\.{1,2}\/[^']+)'/g)) {
    const statement = m[0];
    if (/^\s*(?:import|export)\s+type\s/.test(statement.trim())) continue;
    const target = path.resolve(path.dirname(file), m[1] as string);
    if (/\.(tsx?|json)$/.test(target) && existsSync(target)) out.push(target);
  }
  return out;
}

/** The files reachable from `entries` through static imports, not through import(). */
export function staticGraph(entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    queue.push(...staticImports(file, readFileSync(file, 'utf8')));
  }
  return [...seen];
}

/** The namespaces the modules reachable from `entries` name, and a locale file imported directly (a chunk's own). */
export function graphNamespaces(entries: string[]): Set<string> {
  const found = new Set<string>();
  for (const file of staticGraph(entries)) {
    const json = /locales\/[^/]+\/([^/]+)\.json$/.exec(file);
    if (json) continue; // Bundled with the module that imports it (addNamespace), not loaded by name.
    for (const n of namespacesOf(readFileSync(file, 'utf8'))) found.add(n);
  }
  return found;
}

/** The modules a page map file loads lazily: its `import('./X.tsx')` targets, resolved. */
export function dynamicTargets(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)].map((m) => path.resolve(path.dirname(file), m[1] as string));
}
