import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUser } from '../../server/identity/seed.ts';
import { openPage } from './support/browser.ts';
import { ownSandboxSuite } from './support/suite.ts';

// Glossary "Numbers": amounts at the asset's precision (USDT 4 decimals, fiat 2, coins 8, truncated), prices at the
// pair's tick, thousands separators in both locales. A walk over the screens that show amounts, signed in as the
// demo user with broker rights, reading every value a person reads as a figure:
//   - the scope: table cells, <dd> values, numeric cells (.td-num) and stat/figure values (VALUE_SCOPE) — never
//     inputs, and a cell's <time> or <code> (dates, ids, hashes, addresses) is left out;
//   - a decimal number with more than 8 decimals fails;
//   - a decimal number, or a whole number in a numeric cell or followed by an asset code, of 10000 or more written
//     without separators fails (ids, dates, times and phone numbers are whole numbers outside numeric cells, or are
//     joined to '-', ':', '/', '#' or letters, which the token rule does not read as a figure);
//   - an amount followed by a stablecoin's or fiat's code shows no more decimals than that asset has.

/** Where a figure is read: cells, definition values, numeric columns, the stat and figure blocks. */
const VALUE_SCOPE = 'td, dd, .td-num, .td-stat-value, .td-analytics-figure, .td-datachart__figures, .td-profit-figures';
/** Decimals of the assets with fewer than a coin's 8 (src/lib/format/trading.ts ASSET_DECIMALS). */
const ASSET_DECIMALS: Record<string, number> = { USDT: 4, USDC: 4, FDUSD: 4, USD: 2, HKD: 2 };

interface Figure {
  readonly text: string;
  readonly token: string;
  readonly numericCell: boolean;
  readonly asset: string | null;
}

/** Every figure in the page's value scope, read in the page (see the rules above). */
async function figures(page: Page): Promise<Figure[]> {
  return page.evaluate((scope) => {
    const found: Figure[] = [];
    const seen = new Set<Text>();
    // A figure: digits with optional separators and decimals, not joined to letters, '-', ':', '/', '#', '.', '@'.
    const TOKEN = /(?<![\w.,:/#@-])(\d[\d,]*(?:\.\d+)?)(?![\w:/#@-]|\.\d|,\d)(?:\s*([A-Z]{2,6})\b)?/g;
    for (const root of document.querySelectorAll(scope)) {
      if (root.closest('input, textarea, select, [contenteditable="true"], time, code, [data-testid$="-id"]')) continue;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      // Text nodes of one value may be split ('12345.67', ' ', 'USDT'): read the element's text, once per element.
      const nodes: Text[] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
      if (nodes.every((n) => seen.has(n))) continue;
      const texts = nodes.filter((n) => !n.parentElement?.closest('time, code, input, [data-testid$="-id"]'));
      for (const n of nodes) seen.add(n);
      const text = texts.map((n) => n.data).join('').replace(/\s+/g, ' ').trim();
      const numericCell = root.matches('.td-num') || root.closest('.td-num') !== null;
      for (const match of text.matchAll(TOKEN)) found.push({ text, token: match[1]!, numericCell, asset: match[2] ?? null });
    }
    return found;
  }, VALUE_SCOPE);
}

/** What is wrong with a figure, or null. */
function problem(figure: Figure): string | null {
  const { token, asset, numericCell } = figure;
  const [int = '', frac] = token.split('.');
  const digits = int.replace(/,/g, '');
  if (frac !== undefined && frac.length > 8) return `${frac.length} decimals`;
  const grouped = int.includes(',');
  if (grouped && !/^\d{1,3}(,\d{3})+$/.test(int)) return 'misplaced separators';
  if (!grouped && digits.length >= 5 && (frac !== undefined || numericCell || asset !== null)) return 'no thousands separators';
  const places = asset ? ASSET_DECIMALS[asset] : undefined;
  if (places !== undefined && frac !== undefined && frac.length > places) return `${frac.length} decimals on ${asset} (at most ${places})`;
  return null;
}

/** The screens of the walk (paths under the language). The broker manager's pages render in zh-HK (spec §1). */
const SCREENS = [
  'home',
  'market',
  'wallet/overview',
  'wallet/assetAccount',
  'wallet/tradingAccount',
  'wallet/recharge/coin/USDT',
  'wallet/recharge/fiat/USD',
  'record/coin',
  'record/transfer',
  'record/fiat/recharge',
  'record/convert',
  'otcinfo/avaliable',
  'otcinfo/record',
  'otcinfo/list',
  'electricity-pay',
  'userCenter',
  'message',
  'brokerManager/account',
  'brokerManager/total',
  'brokerManager/project',
  'brokerManager/project-detail/1',
  'brokerManager/investment',
  'brokerManager/redeem',
  'brokerManager/interest',
  'brokerManager/bill',
  'brokerManager/profit',
  'brokerManager/assetRecord',
  'brokerManager/assetFlow',
  'brokerManager/investmentChart',
] as const;

const suite = ownSandboxSuite();
const LANGS = ['zh-HK', 'en-US'] as const;
const slow = { timeout: 20_000 } as const;

/** Requests of the page in flight (fetches and chunk loads; the shared worker's script never reports finished). */
function trackRequests(page: Page): () => string[] {
  const open = new Set<Request>();
  page.on('request', (request) => {
    if (!/\/assets\/[\w-]*worker[\w-]*\.js$/.test(request.url())) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return () => [...open].map((r) => `${r.resourceType()} ${r.url()}`);
}

describe('every figure at its precision with thousands separators (glossary "Numbers")', () => {
  let token = '';
  beforeAll(async () => {
    token = await suite.client.login(demoUser.email, demoUser.password);
    // The broker manager checks for broker rights itself (spec §2): with them, its pages rather than its gate.
    expect((await suite.client.call('POST', '/institution/agree/broker/open', { token })).code).toBe(200);
    // Amounts with more decimals than their asset shows, so the records and balances have something to truncate.
    for (const [asset, amount] of [['USDT', '12345.678901'], ['BTC', '0.12345678']] as const) {
      const moved = await suite.client.call('POST', '/broker/lightning/transfer/submit', { token, body: { requestId: `e2e-numbers-${asset}`, asset, type: 'FUNDING_MAIN', amount } });
      expect(moved.code).toBe(200);
    }
  });

  it('reads a figure the way the rules say', () => {
    const f = (token: string, extra: Partial<Figure> = {}): Figure => ({ text: token, token, numericCell: false, asset: null, ...extra });
    expect(problem(f('64972.1919'))).toBe('no thousands separators');
    expect(problem(f('564,764.333313', { asset: 'USDT' }))).toMatch(/6 decimals on USDT/);
    expect(problem(f('48,914.94436286113'))).toBe('11 decimals');
    expect(problem(f('12000', { numericCell: true }))).toBe('no thousands separators');
    expect(problem(f('91234567'))).toBeNull();
    expect(problem(f('64,972.19', { asset: 'USDT' }))).toBeNull();
    expect(problem(f('0.12345678', { asset: 'BTC' }))).toBeNull();
  });

  describe.each(LANGS)('%s', (lang) => {
    let watch: Awaited<ReturnType<typeof openPage>>;
    let inFlight: () => string[];
    beforeAll(async () => {
      watch = await openPage(suite.browser);
      await watch.context.addCookies([{ name: 'token', value: token, url: suite.baseURL }]);
      inFlight = trackRequests(watch.page);
    });
    afterAll(async () => watch?.context.close());

    it.each(SCREENS)('/%s', async (path) => {
      const { page } = watch;
      await page.goto(`${suite.baseURL}/${lang}/${path}`);
      await page.locator('main').waitFor(slow);
      await page.waitForFunction(() => document.querySelector('main .td-page-loading') === null && (document.querySelector('main')?.textContent ?? '').trim() !== '', null, slow);
      // The broker manager's pages draw after their gate's check: wait for a heading, then for every reply.
      await page.locator('h1').first().waitFor(slow);
      await expect.poll(() => inFlight(), slow).toEqual([]);
      const read = await figures(page);
      const wrong = read.flatMap((figure) => {
        const why = problem(figure);
        return why ? [`${why}: "${figure.token}" in "${figure.text.slice(0, 120)}"`] : [];
      });
      expect(wrong).toEqual([]);
    });
  });
});
