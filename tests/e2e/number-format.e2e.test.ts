import Decimal from 'decimal.js';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUser } from '../../server/identity/seed.ts';
import { openPage } from './support/browser.ts';
import type { Authenticator } from './support/account.ts';
import { ownSandboxSuite } from './support/suite.ts';
import { bindDemoAuthenticator } from './support/wallet.ts';

// Glossary "Numbers": amounts at the asset's precision (USDT 4 decimals, fiat 2, coins 8, truncated), prices at the
// pair's tick, thousands separators in both locales. A walk over the screens that show amounts, signed in as the
// demo user with broker rights, reading every value a person reads as a figure:
//   - the scope: table cells, <dd> values, numeric cells (.td-num) and stat/figure values (VALUE_SCOPE) — never
//     inputs, and a cell's <time> or <code> (dates, ids, hashes, addresses) is left out;
//   - a decimal number with more than 8 decimals fails;
//   - a decimal number, or a whole number in a numeric cell or followed by an asset code, of 10000 or more written
//     without separators fails (ids, dates, times and phone numbers are whole numbers outside numeric cells, or are
//     joined to '-', ':', '/', '#' or letters, which the token rule does not read as a figure);
//   - an amount followed by a stablecoin's or fiat's code, or in a numeric cell of a row of one such asset, shows no
//     more decimals than that asset has (a rate such as '0.045 USD/kWh' is no amount).
//     An amount the screen marks data-precision="ledger" (the broker's interest accruals: their screen, export and
//     ledger show every decimal, at most 8) is held to the first two rules only.

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
    // A code after it is its asset, unless a '/' makes it a rate ('0.045 USD/kWh'); a '%' makes it no amount.
    const TOKEN = /(?<![\w.,:/#@-])(\d[\d,]*(?:\.\d+)?)(?![\w:/#@-]|\.\d|,\d)(?:\s*([A-Z]{2,6})\b(?!\/)|\s*(%|[A-Z]{2,6}\/))?/g;
    for (const root of Array.from(document.querySelectorAll(scope))) {
      if (root.closest('input, textarea, select, [contenteditable="true"], time, code, [data-testid$="-id"]')) continue;
      // An amount marked as at the ledger's precision (the broker's interest accruals) keeps the other rules only.
      const ledger = root.closest('[data-precision="ledger"]') !== null || root.querySelector('[data-precision="ledger"]') !== null;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      // Text nodes of one value may be split ('12345.67', ' ', 'USDT'): read the element's text, once per element.
      const nodes: Text[] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
      if (nodes.every((n) => seen.has(n))) continue;
      const texts = nodes.filter((n) => !n.parentElement?.closest('time, code, input, [data-testid$="-id"]'));
      for (const n of nodes) seen.add(n);
      const text = texts.map((n) => n.data).join('').replace(/\s+/g, ' ').trim();
      const numericCell = root.matches('.td-num') || root.closest('.td-num') !== null;
      // A figure without its own code in a row of one asset (data-asset, or a cell that names only the asset) is
      // an amount of that asset.
      const row = root.closest('tr, [role="row"]');
      const rowAsset = !numericCell || !row ? null : ((row as HTMLElement).dataset['asset'] ?? Array.from(row.children).map((c) => /^([A-Z]{2,6})(?: · .*)?$/.exec((c.textContent ?? '').trim())?.[1]).find(Boolean) ?? null);
      for (const match of text.matchAll(TOKEN)) found.push({ text, token: match[1]!, numericCell, asset: ledger ? null : (match[2] ?? (match[3] === undefined ? rowAsset : null)) });
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

/**
 * The screens of the walk (paths under the language) and whether the demo user's data gives them figures to read
 * (the walk waits for those to be drawn); {projectNo} is the demo project's. The broker manager's pages render in
 * zh-HK (spec §1).
 */
const SCREENS: ReadonlyArray<readonly [string, boolean]> = [
  ['home', false],
  ['market', true],
  ['wallet/overview', true],
  ['wallet/assetAccount', true],
  ['wallet/tradingAccount', true],
  ['wallet/recharge/coin/BTC', false],
  ['wallet/recharge/fiat/USD', true],
  ['record/coin', false],
  ['record/transfer', true],
  ['record/fiat/recharge', false],
  ['record/convert', true],
  ['record/spotTrade', false],
  ['record/futureTrade', false],
  ['otcinfo/avaliable', true],
  ['otcinfo/record', true],
  ['otcinfo/list', true],
  ['electricity-pay', true],
  ['userCenter', false],
  ['message', false],
  ['brokerManager/account', true],
  ['brokerManager/total', true],
  ['brokerManager/project', true],
  ['brokerManager/project-detail/{projectNo}', true],
  ['brokerManager/investment?projectNo={projectNo}', false],
  ['brokerManager/redeem?projectNo={projectNo}', false],
  ['brokerManager/interest', true],
  ['brokerManager/bill', false],
  ['brokerManager/profit', true],
  ['brokerManager/assetRecord', true],
  ['brokerManager/assetFlow', true],
  ['brokerManager/investmentChart?projectNo={projectNo}', true],
];

// The file's own sandbox (its clock moves to the OTC desk's hours; with the broker's demo project, whose year of
// records the project pages show) and browser, the ledger checked after every test.
const suite = ownSandboxSuite({ demoProject: true });
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
  let projectNo = '';
  beforeAll(async () => {
    const { client } = suite;
    // The OTC desk keeps hours and the sandbox clock starts at the real time: move it into the next session first
    // (before signing in, so the session is not idle across the jump).
    type Hours = { open: boolean; serverTime: string; nextOpenAt: string; nextCloseAt: string };
    const hours = async () => (await client.call<{ hours: Hours }>('POST', '/institution/block/listBlockTradeConfigure')).data.hours;
    let desk = await hours();
    if (desk.open && Date.parse(desk.nextCloseAt) - Date.parse(desk.serverTime) < 3_600_000) {
      await client.advance(Date.parse(desk.nextCloseAt) - Date.parse(desk.serverTime) + 60_000);
      desk = await hours();
    }
    if (!desk.open) await client.advance(Date.parse(desk.nextOpenAt) - Date.parse(desk.serverTime) + 60_000);
    expect((await hours()).open).toBe(true);

    // Convert needs the demo user's authenticator bound.
    const ga: Authenticator = await bindDemoAuthenticator(client);
    token = await client.login(demoUser.email, demoUser.password, ga);
    const ok = async (path: string, body: unknown) => {
      const reply = await client.call<Record<string, unknown>>('POST', path, { token, body });
      expect(reply.code, `${path}: ${reply.msg}`).toBe(200);
      return reply.data;
    };
    // The broker manager checks for broker rights itself (spec §2): with them, its pages rather than its gate.
    await ok('/institution/agree/broker/open', undefined);
    const units = (await ok('/broker/financingUnit/list', {}))['list'] as Array<{ projectNo: string; status: string }>;
    projectNo = units.find((p) => p.status === 'in_progress')!.projectNo;
    // Amounts with more decimals than their asset shows, so the records and balances have something to truncate.
    for (const [asset, amount] of [['USDT', '12345.678901'], ['BTC', '0.12345678']] as const) {
      await ok('/broker/lightning/transfer/submit', { requestId: `e2e-numbers-${asset}`, asset, type: 'FUNDING_MAIN', amount });
    }
    // A convert (record/convert), an OTC trade (otcinfo/record) and an OTC limit order that stays open (otcinfo/list).
    const quote = await ok('/institution/quote', { fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '0.3' });
    await ok('/institution/order', { quoteId: quote['quoteId'], requestId: 'e2e-numbers-convert' });
    const otcQuote = await ok('/institution/block/quote', { fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '210000.5' });
    await ok('/institution/block/order', { quoteId: otcQuote['quoteId'], requestId: 'e2e-numbers-otc' });
    const expiresAt = new Date(Date.parse((await hours()).serverTime) + 7 * 86_400_000).toISOString();
    // 15 % above the desk's price (its band is 20 %): it waits.
    const desk15 = new Decimal((await ok('/institution/block/getQuote', { fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '4' }))['price'] as string).mul('1.15').toFixed(2);
    await ok('/institution/block/addLimitOrder', { fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '4', limitPrice: desk15, expiresAt, requestId: 'e2e-numbers-limit' });
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

    it.each(SCREENS)('/%s', async (path, drawsFigures) => {
      const { page } = watch;
      await page.goto(`${suite.baseURL}/${lang}/${path.replace('{projectNo}', projectNo)}`);
      await page.locator('main').waitFor(slow);
      await page.waitForFunction(() => document.querySelector('main .td-page-loading') === null && (document.querySelector('main')?.textContent ?? '').trim() !== '', null, slow);
      // The broker manager's pages draw after their gate's check: wait for a heading, then for every reply, then
      // (where the data gives some) for figures to read.
      await page.locator('h1').first().waitFor(slow);
      await expect.poll(() => inFlight(), slow).toEqual([]);
      if (drawsFigures) await expect.poll(async () => (await figures(page)).length, slow).toBeGreaterThan(0);
      // The market's rows show '--' until the ticker stream arrives: wait for every drawn row's last price.
      if (path === 'market') await page.waitForFunction(() => Array.from(document.querySelectorAll('[role="row"] [data-col="last"]')).every((c) => /^\d/.test(c.textContent ?? '')), null, slow);
      const read = await figures(page);
      const wrong = read.flatMap((figure) => {
        const why = problem(figure);
        return why ? [`${why}: "${figure.token}" in "${figure.text.slice(0, 120)}"`] : [];
      });
      expect(wrong).toEqual([]);
    });
  });
});
