import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES as LOCALES, hasText, leaves, lookup, namespaces, namespaceTree, type Language, type Tree } from '../support/locale-namespace.ts';

// ../shared/CONVENTIONS.md "i18n": a test fails when a key exists in one locale and not the other,
// or when a key the code uses exists in none.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function load(locale: Language): Record<string, Tree> {
  return Object.fromEntries(namespaces(locale).map((ns) => [ns, namespaceTree(locale, ns)]));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const resources = Object.fromEntries(LOCALES.map((l) => [l, load(l)])) as Record<Language, Record<string, Tree>>;
const sources = sourceFiles(path.join(root, 'src')).map((file) => ({ file: path.relative(root, file), text: readFileSync(file, 'utf8') }));

/**
 * The namespaces a file's bare keys belong to: those of its useTranslation('<ns>') calls, else common. A part that
 * speaks the namespace it is given (useTranslation(ns)) names them all in a comment `// i18n namespaces: convert, otc`
 * (`declared`); each of its keys must then exist in every one.
 */
function fileNamespaces(text: string): { namespaces: string[]; declared: string[] | undefined } {
  const found = [...text.matchAll(/useTranslation\(\s*\[?\s*'([\w-]+)'/g)].map((m) => m[1] as string);
  const declared = /\/\/ i18n namespaces: ([\w-]+(?:, [\w-]+)*)/.exec(text)?.[1]?.split(', ');
  if (declared) found.push(...declared);
  if (found.length === 0) found.push('common');
  return { namespaces: found, declared };
}

/**
 * The languages in which `key` is missing: a key written `ns:key` is looked up in its namespace, a bare one in the
 * file's (in every one when the file declares them, else in one of them). A template key's static prefix
 * (`pages.${page}` → `pages`) must name a group.
 */
function missingIn(text: string, written: string, dynamic = false): Language[] {
  const { namespaces: own, declared } = fileNamespaces(text);
  let key = written;
  let candidates = own;
  if (/^[\w-]+:/.test(key)) {
    candidates = [key.slice(0, key.indexOf(':'))];
    key = key.slice(key.indexOf(':') + 1);
  }
  const every = declared !== undefined && candidates === own;
  return LOCALES.filter(
    (locale) =>
      !candidates[every ? 'every' : 'some']((ns) => {
        const tree = resources[locale][ns];
        if (!dynamic) return hasText(tree, key);
        const node = lookup(tree, key);
        return node !== undefined && typeof node !== 'string';
      }),
  );
}

/**
 * The keys every match of `pattern` in the sources writes, each looked up in its file's namespaces (a template key by
 * its static prefix, which must name a group): how many were checked, and where one is missing.
 */
function audit(pattern: RegExp, keysOf: (match: RegExpMatchArray) => Array<string | { prefix: string }>): { checked: number; missing: string[] } {
  const missing: string[] = [];
  let checked = 0;
  for (const { file, text } of sources) {
    for (const match of text.matchAll(pattern)) {
      for (const key of keysOf(match)) {
        checked++;
        const written = typeof key === 'string' ? key : key.prefix;
        for (const locale of missingIn(text, written, typeof key !== 'string')) missing.push(`${file}: ${written} (${locale})`);
      }
    }
  }
  return { checked, missing };
}

describe('locales', () => {
  it('have the same namespaces and keys in zh-HK and en-US', () => {
    const zh = resources['zh-HK'];
    const en = resources['en-US'];
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    // A plural key has the forms its language has (CLDR: English one and other, Chinese other only), so keys are
    // compared without their plural suffix, and each plural key must carry every form its language needs.
    const plural = /_(zero|one|two|few|many|other)$/;
    const base = (keys: string[]) => [...new Set(keys.map((k) => k.replace(plural, '')))].sort();
    for (const ns of Object.keys(zh)) {
      const a = base(leaves(zh[ns] as Tree));
      const b = base(leaves(en[ns] as Tree));
      expect({ ns, onlyZh: a.filter((k) => !b.includes(k)), onlyEn: b.filter((k) => !a.includes(k)) }).toEqual({ ns, onlyZh: [], onlyEn: [] });
    }
  });

  it('give every plural key the forms its language needs', () => {
    const missing: string[] = [];
    for (const locale of LOCALES) {
      const forms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const [ns, tree] of Object.entries(resources[locale])) {
        const keys = leaves(tree as Tree);
        const plurals = new Set(keys.filter((k) => /_(zero|one|two|few|many|other)$/.test(k)).map((k) => k.replace(/_[a-z]+$/, '')));
        for (const key of plurals) for (const form of forms) if (!keys.includes(`${key}_${form}`)) missing.push(`${locale} ${ns}:${key}_${form}`);
      }
    }
    expect(missing).toEqual([]);
  });

  // ../shared/GLOSSARY.md "Not" column: mainland or mixed wording the glossary retires (the glossary sits outside the
  // repository, so its list is repeated here; add a term when the glossary retires one).
  it('use none of the zh-HK terms the glossary retires', () => {
    const retired = /數字資產|數字貨幣|賬戶|轉賬|消息|設置|保存|二維碼|暫無數據|U本位|杠杆|爆倉|登錄|登陸|郵箱|短信|谷歌驗證|提現/;
    const found = Object.entries(resources['zh-HK']).flatMap(([ns, tree]) =>
      leaves(tree)
        .map((key) => [key, lookup(tree, key)] as const)
        .filter(([, text]) => typeof text === 'string' && retired.test(text))
        .map(([key, text]) => `${ns}:${key} ${String(text)}`),
    );
    expect(found).toEqual([]);
  });

  it('have no empty strings', () => {
    for (const locale of LOCALES) {
      for (const [ns, tree] of Object.entries(resources[locale])) {
        const empty = leaves(tree).filter((k) => lookup(tree, k) === '');
        expect({ locale, ns, empty }).toEqual({ locale, ns, empty: [] });
      }
    }
  });

  it('contain every key the code uses with t()', () => {
    const { checked, missing } = audit(/\bt\(\s*(['`])([^'`]+)\1/g, (match) => {
      const key = match[2] as string;
      // Template keys (`pages.${page}`): the static prefix must name a group in the namespace.
      if (match[1] !== '`' || !key.includes('${')) return [key];
      const prefix = key.slice(0, key.indexOf('${')).replace(/\.$/, '');
      return prefix === '' || prefix.endsWith(':') ? [] : [{ prefix }];
    });
    expect(checked).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it('contain both keys of every t(condition ? \'a\' : \'b\')', () => {
    const { checked, missing } = audit(/\bt\(\s*(?:[^'"`(),?]|\?\.|'[^']*')+\?\s*'([^']+)'\s*:\s*'([^']+)'/g, (match) => [match[1] as string, match[2] as string]);
    expect(checked).toBeGreaterThan(25);
    expect(missing).toEqual([]);
  });

  // Keys handed on as data: an error describer's 'convert:errors.quoteExpired', a check's { key: 'otc:…' }.
  it("contain every 'ns:key' the code writes for a namespace it has", () => {
    const known = new Set(Object.keys(resources['en-US']));
    const { checked, missing } = audit(/(['"`])([\w-]+):([\w.]+)\1/g, (match) => (known.has(match[2] as string) ? [`${match[2]}:${match[3]}`] : []));
    expect(checked).toBeGreaterThan(150);
    expect(missing).toEqual([]);
  });

  // A part that serves several namespaces builds its keys from the one it is given (`${ns}:errors.required`): the
  // file names them (`// i18n namespaces: convert, otc`) and each has the key.
  it('contain every `${ns}:key` in each namespace the file names', () => {
    const nsKey = /`\$\{ns\}:([\w.]+)`/g;
    expect(sources.filter(({ text }) => text.match(nsKey) && !fileNamespaces(text).declared).map(({ file }) => file)).toEqual([]);
    const { checked, missing } = audit(nsKey, (match) => [match[1] as string]);
    expect(checked).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });
});
