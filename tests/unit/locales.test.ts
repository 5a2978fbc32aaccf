import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// ../shared/CONVENTIONS.md "i18n": a test fails when a key exists in one locale and not the other,
// or when a key the code uses exists in none.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LOCALES = ['zh-HK', 'en-US'] as const;
type Tree = { [key: string]: string | Tree };

function load(locale: string): Record<string, Tree> {
  const dir = path.join(root, 'locales', locale);
  const out: Record<string, Tree> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    out[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Tree;
  }
  return out;
}

function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : leaves(v, `${prefix}${k}.`)));
}

function lookup(tree: Tree | undefined, key: string): string | Tree | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return node;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const resources = Object.fromEntries(LOCALES.map((l) => [l, load(l)])) as Record<(typeof LOCALES)[number], Record<string, Tree>>;

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
    const missing: string[] = [];
    let checked = 0;
    for (const file of sourceFiles(path.join(root, 'src'))) {
      const text = readFileSync(file, 'utf8');
      const namespaces = [...text.matchAll(/useTranslation\(\s*\[?\s*'([\w-]+)'/g)].map((m) => m[1] as string);
      // A part that speaks the namespace it is given (useTranslation(ns)) names them all in a comment
      // `// i18n namespaces: convert, otc`; each of its keys must then exist in every one.
      const declared = /\/\/ i18n namespaces: ([\w-]+(?:, [\w-]+)*)/.exec(text)?.[1]?.split(', ');
      if (declared) namespaces.push(...declared);
      if (namespaces.length === 0) namespaces.push('common');
      for (const match of text.matchAll(/\bt\(\s*(['`])([^'`]+)\1/g)) {
        const quote = match[1];
        let key = match[2] as string;
        let candidates = namespaces;
        if (/^[\w-]+:/.test(key)) {
          candidates = [key.slice(0, key.indexOf(':'))];
          key = key.slice(key.indexOf(':') + 1);
        }
        // Template keys (`pages.${page}`): the static prefix must name an object in the namespace.
        const dynamic = quote === '`' && key.includes('${');
        const probe = dynamic ? key.slice(0, key.indexOf('${')).replace(/\.$/, '') : key;
        if (probe === '') continue;
        checked++;
        for (const locale of LOCALES) {
          const found = candidates[declared && candidates === namespaces ? 'every' : 'some']((ns) => {
            const node = lookup(resources[locale][ns], probe);
            if (dynamic) return node !== undefined && typeof node !== 'string';
            return typeof node === 'string' || lookup(resources[locale][ns], `${probe}_other`) !== undefined;
          });
          if (!found) missing.push(`${path.relative(root, file)}: ${candidates.join('|')}:${key} (${locale})`);
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
