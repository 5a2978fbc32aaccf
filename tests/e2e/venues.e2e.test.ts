import Decimal from 'decimal.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSandbox, signedApi } from './support/suite.ts';
import { demoToken } from './support/account.ts';
import { launchBrowser } from './support/browser.ts';
import { bookLines, placeOrder, saveScreenshot, simControl, waitForBook } from './support/market.ts';

// The app on OKX and on Bybit, in real Chromium against the sandbox (spec §3 exchangeCode, §4 "Exchange switch: the
// choice is saved and the page reloads"): the header's switch, the venue's own book, trades and precisions, a spot
// limit order and a perpetual market order filled on the venue's account and shown in its orders and positions, in
// both locales; five tabs on one venue keep one socket per venue endpoint.

const baseURL = await fileSandbox();
const sim = simControl(baseURL);
let browser: Browser;
let token: string;
const api = signedApi(() => baseURL, () => token);

interface Account {
  keyId: string;
  exchangeCode: string;
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await demoToken(baseURL);
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
  return context;
}

/** The header's exchange switch: the choice is saved and the page reloads (spec §4). */
async function switchExchange(page: Page, code: string): Promise<void> {
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('exchange-switch').selectOption(code);
  await reloaded;
  await expect.poll(() => page.evaluate(() => localStorage.getItem('exchangeCode'))).toBe(code);
  await expect.poll(() => page.getByTestId('exchange-switch').inputValue()).toBe(code);
}

const decimalsOf = (text: string) => (text.includes('.') ? text.split('.')[1]!.length : 0);

async function venueAccount(code: string): Promise<Account> {
  const options = await api<{ accountList: Account[] }>('/broker/lightning/queryBrokerOptions');
  const account = options.accountList.find((a) => a.exchangeCode === code);
  if (!account) throw new Error(`no ${code} account`);
  return account;
}

interface Case {
  venue: 'okx' | 'bybit';
  locale: 'en-US' | 'zh-HK';
  confirm: string;
  /** the book's price decimals of BTCUSDT spot and ETHUSDT perpetual on this venue (its tick sizes) */
  spotDecimals: number;
  /** the venue's websocket routes (the simulator's /_control/connections) for spot books */
  spotRoute: RegExp;
  /** the exchange the page starts on (Bybit's case switches from OKX: switch to OKX, then Bybit) */
  from: 'binance' | 'okx';
}

const CASES: Case[] = [
  { venue: 'okx', locale: 'en-US', confirm: 'Confirm', spotDecimals: 1, spotRoute: /ws\.okx\.com\/ws\/v5\/public$/, from: 'binance' },
  { venue: 'bybit', locale: 'zh-HK', confirm: '確認', spotDecimals: 2, spotRoute: /stream\.bybit\.com\/v5\/public\/spot$/, from: 'okx' },
];

describe('trading on OKX and Bybit (Chromium)', () => {
  for (const c of CASES) {
    it(`${c.venue} (${c.locale}): the switch, the venue's book and trades, a spot limit order and a perpetual market order fill`, async () => {
      const context = await signedIn();
      try {
        const page = await context.newPage();
        if (c.from !== 'binance') await page.addInitScript((code) => localStorage.getItem('exchangeCode') ?? localStorage.setItem('exchangeCode', code), c.from);
        await page.goto(`${baseURL}/${c.locale}/trading/BTCUSDT`);
        expect(await page.getByTestId('exchange-switch').inputValue()).toBe(c.from);
        await waitForBook(page);
        await switchExchange(page, c.venue);
        await waitForBook(page);
        // The venue's own book: its socket carries the book, and the prices are at its tick.
        type Socket = { route: string; streams?: string[]; topics?: string[]; channels?: unknown };
        await expect
          .poll(async () => ((await sim.connections(c.venue)) as Socket[]).filter((s) => c.spotRoute.test(s.route)).length, { timeout: 15_000 })
          .toBe(1);
        const lines = await bookLines(page, 'bids');
        expect(lines.length).toBeGreaterThan(5);
        for (const l of lines.slice(0, 5)) expect(decimalsOf(l.price), l.price).toBe(c.spotDecimals);
        const truth = await sim.book('spot', 'BTCUSDT', 1, c.venue);
        expect(Math.abs(Number(lines[0]!.price) / Number(truth.bids[0]![0]) - 1)).toBeLessThan(0.002);
        await expect.poll(async () => Number(await page.getByTestId('recent-trades').getAttribute('data-count')), { timeout: 20_000 }).toBeGreaterThan(0);
        await saveScreenshot(page, `venues-${c.venue}-spot`);

        // A spot limit buy above the best ask fills at once on the venue's account.
        const account = await venueAccount(c.venue);
        const ask = new Decimal((await sim.book('spot', 'BTCUSDT', 1, c.venue)).asks[0]![0]);
        const price = ask.mul(1.001).toDecimalPlaces(c.spotDecimals, Decimal.ROUND_UP).toFixed(c.spotDecimals);
        await placeOrder(page, { side: 'buy', type: 'limit', price, volume: '0.001' }, c.confirm);
        await expect
          .poll(async () => {
            const history = await api<{ dataList: { status: string; instrumentId: string }[] }>('/broker/spot/order/pageOrder', {
              cursorCondition: { pageSize: 20 },
              queryCondition: { keyId: account.keyId },
            });
            return history.dataList.filter((o) => o.instrumentId === 'BTCUSDT' && o.status === 'filled').length;
          }, { timeout: 20_000 })
          .toBeGreaterThan(0);
        await page.getByTestId('tab-historyOrder').click();
        await expect.poll(() => page.locator('[data-testid="order-row"][data-status="filled"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
        // The Binance account has no such order: the order went to the venue's account.
        const binance = await venueAccount('binance');
        const onBinance = await api<{ dataList: { status: string }[] }>('/broker/spot/order/pageOrder', { cursorCondition: { pageSize: 20 }, queryCondition: { keyId: binance.keyId } });
        expect(onBinance.dataList.filter((o) => o.status === 'filled').length).toBe(0);

        // The perpetual: a market buy opens a position on the venue's account.
        await page.goto(`${baseURL}/${c.locale}/trading/ETHUSDT?market=usdm`);
        await page.getByTestId('futures-toolbar').waitFor({ timeout: 20_000 });
        await waitForBook(page);
        await placeOrder(page, { side: 'buy', type: 'market', volume: '0.1' }, c.confirm);
        const row = page.getByTestId('position-row').filter({ has: page.getByText('ETHUSDT') });
        await row.waitFor({ timeout: 20_000 });
        expect(await row.getByTestId('position-size').textContent()).toBe('0.1');
        const positions = await api<{ positionAmt: string; entryPrice: string }[]>('/broker/futures/position/query', { exchangeKeyId: account.keyId, instrumentId: 'ETHUSDT' });
        expect(new Decimal(positions[0]!.positionAmt).eq('0.1')).toBe(true);
        const venueAsk = Number((await sim.book('usdm', 'ETHUSDT', 1, c.venue)).asks[0]![0]);
        expect(Math.abs(Number(positions[0]!.entryPrice) / venueAsk - 1)).toBeLessThan(0.005);
        const onBinanceFutures = await api<unknown[]>('/broker/futures/position/query', { exchangeKeyId: binance.keyId, instrumentId: 'ETHUSDT' });
        expect(onBinanceFutures).toEqual([]);
        await saveScreenshot(page, `venues-${c.venue}-perpetual`);
      } finally {
        await context.close();
      }
    }, 180_000);
  }

  it('five OKX tabs keep one socket per OKX endpoint', async () => {
    const context = await signedIn();
    try {
      await context.addInitScript(() => localStorage.setItem('exchangeCode', 'okx'));
      const pages: Page[] = [];
      for (const path of ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BTCUSDT?market=usdm', 'ETHUSDT?market=usdm']) {
        const page = await context.newPage();
        await page.goto(`${baseURL}/en-US/trading/${path}`);
        await waitForBook(page);
        pages.push(page);
      }
      const routes = async () => ((await sim.connections('okx')) as { route: string }[]).map((s) => s.route.replace(/^.*ws\.okx\.com/, 'ws.okx.com')).sort();
      await expect.poll(routes, { timeout: 20_000 }).toEqual(['ws.okx.com/ws/v5/business', 'ws.okx.com/ws/v5/public']);
      expect(pages).toHaveLength(5);
    } finally {
      await context.close();
    }
  }, 180_000);
});
