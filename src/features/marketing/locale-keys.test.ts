import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { missingKeys, namespaceText } from '../../../tests/support/locale-namespace.ts';

// The marketing namespace (../shared/CONVENTIONS.md "i18n"): each page's dynamic keys (title, lead, meta, points and
// steps) and the checks' errors have texts; zh-HK in the glossary's terms (tests/unit/locales.test.ts checks that both
// locales have the same keys and every key the code writes).
const here = fileURLToPath(new URL('.', import.meta.url));
const sources = readdirSync(here).filter((n) => n.endsWith('.tsx')).map((n) => readFileSync(join(here, n), 'utf8'));

describe('marketing namespace', () => {
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
    expect(missingKeys('marketing', needed)).toEqual([]);
    // The pages show exactly these points.
    for (const [page, keys] of Object.entries(points)) expect(sources.join('\n')).toContain(`page="${page}" keys={[${keys.map((k) => `'${k}'`).join(', ')}]}`);
  });

  it('names the calculator and form errors the checks return', () => {
    const errors = [
      ...['kwhFormat', 'kwhTooLarge', 'rateFormat', 'rateTooLarge', 'decimals'].map((key) => `electricity.calculator.errors.${key}`),
      ...['tooLong', 'phone', 'areaCode', 'areaCodeNeeded'].map((key) => `brokers.form.errors.${key}`),
    ];
    expect(missingKeys('marketing', errors)).toEqual([]);
  });

  it('writes zh-HK in the glossary terms', () => {
    const zh = namespaceText('zh-HK', 'marketing');
    expect(zh).toContain('場外大宗交易');
    expect(zh).toContain('閃兌');
    expect(zh).not.toMatch(/賬|登錄|登陸|谷歌|設置|保存|消息|郵箱|短信|數字貨幣|數字資產|U本位|杠杆/);
  });
});
