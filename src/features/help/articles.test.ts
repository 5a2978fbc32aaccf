import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pageRoutes, redirectRoutes } from '../../app/route-table.ts';
import enSources from './articles/en-US.ts';
import zhSources from './articles/zh-HK.ts';
import { HELP_ARTICLE_IDS, HELP_CATEGORIES, parseArticles, type Article } from './articles.ts';
import type { Block, Inline } from './markup.ts';

// The help centre's content (spec §1): every article of contract/help-rules.ts in both languages with its
// summary and related articles, links that lead to pages of the app, the same links in both languages, and
// zh-HK in the glossary's terms (../shared/GLOSSARY.md).
const here = fileURLToPath(new URL('.', import.meta.url));
const locales = fileURLToPath(new URL('../../../locales', import.meta.url));
const byLanguage = { 'en-US': parseArticles(enSources), 'zh-HK': parseArticles(zhSources) };

function links(nodes: readonly Inline[]): string[] {
  return nodes.flatMap((node) => (node.type === 'link' ? [node.href.kind === 'app' ? node.href.path : node.href.url, ...links(node.children)] : node.type === 'strong' || node.type === 'em' ? links(node.children) : []));
}
function blockLinks(blocks: readonly Block[]): string[] {
  return blocks.flatMap((b) => (b.type === 'list' ? b.items.flatMap(links) : b.type === 'table' ? [...b.head, ...b.rows.flat()].flatMap(links) : links(b.children)));
}
const routePatterns = [...pageRoutes.map((r) => r.path), ...redirectRoutes.map((r) => r.path)].map((p) => new RegExp(`^/${p.replace(/:\w+/g, '[^/]+')}$`));

describe('help articles', () => {
  it.each(Object.entries(byLanguage))('%s has every article of the list and no other file', (language, articles) => {
    expect(articles.map((a) => a.id)).toEqual(HELP_ARTICLE_IDS);
    const files = HELP_CATEGORIES.flatMap((c) => readdirSync(join(here, 'articles', language, c)).map((f) => `${c}/${f.replace(/\.md$/, '')}`));
    expect(files.sort()).toEqual([...HELP_ARTICLE_IDS].sort());
  });

  it.each(Object.entries(byLanguage))('%s: each article has a summary, keywords, a body and two or more related articles', (_language, articles) => {
    for (const a of articles) {
      expect(a.description.length, a.id).toBeGreaterThan(30);
      expect(a.keywords.length, a.id).toBeGreaterThan(3);
      expect(a.blocks.length, a.id).toBeGreaterThan(4);
      expect(a.related.length, a.id).toBeGreaterThanOrEqual(2);
      expect(a.related, a.id).not.toContain(a.id);
    }
  });

  it('relates the same articles and links to the same pages in both languages', () => {
    const en = new Map(byLanguage['en-US'].map((a) => [a.id, a] as const));
    for (const zh of byLanguage['zh-HK']) {
      const other = en.get(zh.id) as Article;
      expect(zh.related, zh.id).toEqual(other.related);
      expect(blockLinks(zh.blocks).sort(), zh.id).toEqual(blockLinks(other.blocks).sort());
    }
  });

  it('links only to pages the app has, and to articles that exist', () => {
    const all = byLanguage['en-US'].flatMap((a) => blockLinks(a.blocks).map((href) => [a.id, href.split('?')[0]!] as const));
    expect(all.length).toBeGreaterThan(25);
    for (const [id, href] of all) {
      expect(routePatterns.some((p) => p.test(href)), `${id} → ${href}`).toBe(true);
      const help = /^\/help\/([a-z]+)\/([a-z0-9-]+)$/.exec(href);
      if (help) expect(HELP_ARTICLE_IDS, `${id} → ${href}`).toContain(`${help[1]}/${help[2]}`);
    }
  });

  it('writes zh-HK in the glossary terms', () => {
    const zh = Object.values(zhSources).join('\n');
    expect(zh).toContain('提幣');
    expect(zh).toContain('充幣');
    expect(zh).toContain('閃兌');
    expect(zh).not.toMatch(/賬|登錄|登陸|谷歌|設置|保存|消息|郵箱|短信|二維碼|隱私|提現|數字貨幣|數字資產|爆倉|杠杆/);
  });
});

function flatten(tree: unknown, prefix = ''): string[] {
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`)));
}
const load = (language: string) => JSON.parse(readFileSync(join(locales, language, 'help.json'), 'utf8')) as unknown;
// i18next plurals: English has _one and _other, Chinese _other only.
const base = (keys: string[]) => [...new Set(keys.map((k) => k.replace(/_(one|other)$/, '')))].sort();

describe('help namespace', () => {
  const en = flatten(load('en-US'));

  it('has the same keys in zh-HK and en-US', () => {
    expect(base(flatten(load('zh-HK')))).toEqual(base(en));
  });

  it('titles every article and names every category in both languages', () => {
    for (const language of ['en-US', 'zh-HK']) {
      const keys = flatten(load(language));
      const needed = [...HELP_ARTICLE_IDS.map((id) => `articles.${id.replace('/', '.')}`), ...HELP_CATEGORIES.flatMap((c) => [`categories.${c}.title`, `categories.${c}.description`])];
      expect(needed.filter((k) => !keys.includes(k)), language).toEqual([]);
    }
  });

  it('has every key the help pages use', () => {
    const used = new Set<string>();
    for (const name of readdirSync(here)) {
      if (!name.endsWith('.tsx')) continue;
      for (const m of readFileSync(join(here, name), 'utf8').matchAll(/\bt\(\s*'([a-zA-Z.]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((k) => !base(en).includes(k))).toEqual([]);
  });
});
