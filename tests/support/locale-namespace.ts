import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Reading locales/<lang>/<ns>.json for the locale tests (Node only): tests/unit/locales.test.ts checks every
// namespace against the code; a feature's own locale-keys.test.ts checks what only it knows (the values its
// dynamic keys take, its glossary terms) with these (../shared/CONVENTIONS.md "i18n").
export const LANGUAGES = ['zh-HK', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Tree = { [key: string]: string | Tree };

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');

/** The namespaces a language has (its file names). */
export function namespaces(language: Language): string[] {
  return readdirSync(path.join(localesDir, language))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''));
}

/** The namespace's file as it is written, for glossary term checks. */
export function namespaceText(language: Language, ns: string): string {
  return readFileSync(path.join(localesDir, language, `${ns}.json`), 'utf8');
}

export function namespaceTree(language: Language, ns: string): Tree {
  return JSON.parse(namespaceText(language, ns)) as Tree;
}

/** The keys of a tree's texts, dotted (`status.open`), plural forms with their suffix (`count_other`). */
export function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : leaves(v, `${prefix}${k}.`)));
}

export function namespaceKeys(language: Language, ns: string): string[] {
  return leaves(namespaceTree(language, ns));
}

/** The text or the group a dotted key names, or undefined. */
export function lookup(tree: Tree | undefined, key: string): string | Tree | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return node;
}

/** Whether t(key) finds a text: the key itself or its plural forms. */
export function hasText(tree: Tree | undefined, key: string): boolean {
  return typeof lookup(tree, key) === 'string' || typeof lookup(tree, `${key}_other`) === 'string';
}

/** The keys of `keys` that have no text in a language, as `<language> <key>` (empty when both locales have all). */
export function missingKeys(ns: string, keys: Iterable<string>): string[] {
  const list = [...keys];
  return LANGUAGES.flatMap((language) => {
    const tree = namespaceTree(language, ns);
    return list.filter((key) => !hasText(tree, key)).map((key) => `${language} ${key}`);
  });
}

/** The template keys a folder's views pass to t() (`status.${s}`), from its .tsx files (and below it when `deep`). */
export function templateKeys(dir: string, deep = false): string[] {
  const keys = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (deep) templateKeys(file, true).forEach((k) => keys.add(k));
    } else if (entry.name.endsWith('.tsx') && !entry.name.includes('.test.')) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*`([^`]*\$\{[^`]*)`/g)) keys.add(m[1] as string);
    }
  }
  return [...keys].sort();
}
