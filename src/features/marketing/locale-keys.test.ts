import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The marketing namespace (../shared/CONVENTIONS.md "i18n"): both locales have the same keys; every key the pages
// use exists, the dynamic ones (each page's title, lead, meta, points and steps) included; zh-HK in the glossary's terms.
const here = fileURLToPath(new URL('.', import.meta.url));
const locales = fileURLToPath(new URL('../../../locales', import.meta.url));
const load = (language: string) => JSON.parse(readFileSync(join(locales, language, 'marketing.json'), 'utf8')) as unknown;
function flatten(tree: unknown, prefix = ''): string[] {
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`)));
}
const sources = readdirSync(here).filter((n) => n.endsWith('.tsx')).map((n) => readFileSync(join(here, n), 'utf8'));

describe('marketing namespace', () => {
  const en = flatten(load('en-US'));

  it('has the same keys in zh-HK and en-US', () => {
    expect(flatten(load('zh-HK')).sort()).toEqual([...en].sort());
  });

  it('has every literal key the pages use', () => {
    const used = new Set<string>();
    for (const text of sources) for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z.]+)'/g)) used.add(m[1]!);
    expect(used.size).toBeGreaterThan(40);
    expect([...used].filter((k) => !en.includes(k))).toEqual([]);
  });

  it('has each page its title, lead, meta, the points and steps it shows, and its name in the navigation', () => {
    const pages = { otc: 4, liquidity: 0, electricity: 4, quant: 4, brokers: 4 } as const;
    const points: Record<keyof typeof pages, string[]> = {
      otc: ['instant', 'delegated', 'settlement', 'verification'],
      liquidity: ['books', 'size', 'spread', 'fiat', 'data', 'venues'],
      electricity: ['convert', 'fiat', 'records', 'security'],
      quant: ['subAccounts', 'api', 'execution', 'portfolio', 'reporting', 'funds'],
      brokers: ['subAccounts', 'exchanges', 'api', 'funds', 'billing', 'portal'],
    };
    const needed = Object.entries(pages).flatMap(([page, steps]) => [
      `${page}.title`,
      `${page}.lead`,
      `${page}.meta.title`,
      `${page}.meta.description`,
      `${page}.pointsTitle`,
      `nav.${page}`,
      ...points[page as keyof typeof pages].flatMap((p) => [`${page}.points.${p}.title`, `${page}.points.${p}.text`]),
      ...(steps ? [`${page}.stepsTitle`, ...Array.from({ length: steps }, (_, i) => `${page}.steps.${i + 1}`)] : []),
    ]);
    expect(needed.filter((k) => !en.includes(k))).toEqual([]);
    // The pages show exactly these points.
    for (const [page, keys] of Object.entries(points)) expect(sources.join('\n')).toContain(`page="${page}" keys={[${keys.map((k) => `'${k}'`).join(', ')}]}`);
  });

  it('names the calculator and form errors the checks return', () => {
    for (const key of ['kwhFormat', 'kwhTooLarge', 'rateFormat', 'rateTooLarge', 'decimals']) expect(en).toContain(`electricity.calculator.errors.${key}`);
    for (const key of ['tooLong', 'phone', 'areaCode', 'areaCodeNeeded']) expect(en).toContain(`brokers.form.errors.${key}`);
  });

  it('writes zh-HK in the glossary terms', () => {
    const zh = JSON.stringify(load('zh-HK'));
    expect(zh).toContain('場外大宗交易');
    expect(zh).toContain('閃兌');
    expect(zh).not.toMatch(/賬|登錄|登陸|谷歌|設置|保存|消息|郵箱|短信|數字貨幣|數字資產|U本位|杠杆/);
  });
});
