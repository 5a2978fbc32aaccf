import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import enComponents from '../../locales/en-US/components.json' with { type: 'json' };
import enRisk from '../../locales/en-US/risk.json' with { type: 'json' };
import enMessages from '../../locales/en-US/messages.json' with { type: 'json' };
import zhComponents from '../../locales/zh-HK/components.json' with { type: 'json' };
import zhRisk from '../../locales/zh-HK/risk.json' with { type: 'json' };
import zhMessages from '../../locales/zh-HK/messages.json' with { type: 'json' };
import { DEFAULT_ORDER_GUARD } from '../../contract/rules.ts';
import { demoToken } from './support/account.ts';
import { openPage } from './support/browser.ts';
import { saveScreenshot, simControl } from './support/market.ts';
import { expectAccessible, ownSandboxSuite, signedApi } from './support/suite.ts';

// The fat-finger guard (contract/rules.ts DEFAULT_ORDER_GUARD) in real Chromium against the file's own sandbox, in
// both locales: the account's limits set on the reminder page and held by the server; an order beyond the price
// band asks again (after the order confirmation) with the order price, the mark or last price and the deviation;
// its cancel places nothing, its confirm places the order; an order within the limits asks nothing more.
// en-US on spot (band from the last price), zh-HK on USD-M (band from the mark).

const suite = ownSandboxSuite();
let token = '';
const api = signedApi(() => suite.baseURL, () => token);
const texts = {
  'en-US': { risk: enRisk, confirm: enComponents.modal.confirm, guard: enMessages.reminder.guard },
  'zh-HK': { risk: zhRisk, confirm: zhComponents.modal.confirm, guard: zhMessages.reminder.guard },
} as const;
type Lang = keyof typeof texts;

beforeAll(async () => {
  token = await demoToken(suite.baseURL);
});

async function signedIn(path: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const { page, context, errors } = await openPage(suite.browser, { viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: 'token', value: token, url: suite.baseURL }]);
  await page.goto(`${suite.baseURL}${path}`);
  return { page, errors, close: () => context.close() };
}

const dialogButton = (page: Page, name: string) => page.getByRole('dialog').locator('.td-modal__button', { hasText: name });
const figure = async (page: Page, id: string) => new Decimal(((await page.getByTestId(id).textContent()) ?? '').replace(/[^\d.]/g, ''));

async function mark(symbol: string): Promise<Decimal> {
  const response = await fetch(`${suite.baseURL}/sim/_control/mark?symbol=${symbol}`);
  return new Decimal(((await response.json()) as { markPrice: string }).markPrice);
}

const cases = [
  { lang: 'en-US', market: 'spot', symbol: 'ETHUSDT', path: '/en-US/trading/ETHUSDT', tick: 2, band: '2' },
  { lang: 'zh-HK', market: 'usdm', symbol: 'BTCUSDT', path: '/zh-HK/trading/BTCUSDT?market=usdm', tick: 1, band: '3' },
] as const;

describe('the fat-finger guard (both locales)', () => {
  it.each(cases)('$lang $market: the limits saved on the reminder page guard the order form', { timeout: 120_000 }, async ({ lang, market, symbol, path, tick, band }) => {
    const t = texts[lang as Lang];
    const sim = simControl(suite.baseURL);
    const openOrders = async () =>
      market === 'spot' ? await api<unknown[]>('/broker/spot/order/queryOpenOrder', { instrumentId: symbol }) : await api<unknown[]>('/lightning/futures/order/queryOpenOrder', { instrumentId: symbol });

    // 1. The settings: a tighter band and a value limit, saved for the account.
    const settings = await signedIn(`/${lang}/reminder`);
    const panel = settings.page.getByTestId('order-guard');
    await panel.waitFor({ timeout: 30_000 });
    expect(await panel.textContent()).toContain(t.guard.title);
    await settings.page.getByTestId('input-priceBandPct').fill('0');
    await settings.page.getByTestId('order-guard-save').click();
    await expect.poll(() => settings.page.getByTestId('error-priceBandPct').textContent()).toContain(t.guard.bandRange.slice(0, 4));
    await settings.page.getByTestId('input-priceBandPct').fill(band);
    await settings.page.getByTestId('input-maxNotional').fill('250000');
    await settings.page.getByTestId('order-guard-save').click();
    await expect.poll(() => settings.page.getByTestId('order-guard-saved').textContent()).toBe(t.guard.saved);
    const info = await api<{ orderGuard: unknown }>('/institution/getUserInfo', undefined, 'GET');
    expect(info.orderGuard).toEqual({ priceBandOn: true, priceBandPct: Number(band), notionalOn: true, maxNotional: 250000 });
    await expectAccessible(settings.page, `${lang} reminder page with the guard's settings`);
    await settings.page.setViewportSize({ width: 390, height: 844 });
    expect(await settings.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await settings.close();

    // 2. The order form, with the simulator paused so that the mark and the last price hold still.
    const { page, errors, close } = await signedIn(path);
    await page.getByTestId('order-form').waitFor({ timeout: 30_000 });
    await sim.post('pause');
    try {
      const reference = market === 'spot' ? new Decimal((await sim.book('spot', symbol, 1)).bids[0]![0]) : await mark(symbol);
      const far = reference.mul('0.9').toDecimalPlaces(tick, Decimal.ROUND_DOWN).toFixed(tick);
      const submit = async (price: string) => {
        await page.getByTestId('order-direction-buy').click();
        await page.getByTestId('order-type-limit').click();
        await page.getByTestId('order-price').fill(price);
        await page.getByTestId('order-volume').fill('0.01');
        await page.getByTestId('order-submit').click();
        // The order confirmation is on (the default): it comes first.
        await page.getByTestId('order-confirm').waitFor();
        await dialogButton(page, t.confirm).click();
      };

      await submit(far);
      const guard = page.getByTestId('fat-finger');
      await guard.waitFor({ timeout: 10_000 });
      expect(await page.getByTestId('fat-finger-band').textContent()).toContain(t.risk.fatFinger.reference[market === 'usdm' ? 'mark' : 'last']);
      // The figures agree with each other: the deviation is |price − mark| / mark of the figures shown.
      const shownPrice = await figure(page, 'fat-finger-price');
      const shownMark = await figure(page, 'fat-finger-mark');
      expect(shownPrice.toFixed(tick)).toBe(far);
      expect(shownMark.sub(reference).abs().div(reference).lt('0.01')).toBe(true);
      const deviation = shownPrice.sub(shownMark).abs().div(shownMark).mul(100).toFixed(2);
      expect(await page.getByTestId('fat-finger-deviation').textContent()).toBe(`${deviation}%`);
      expect(await page.getByTestId('fat-finger-limit').textContent()).toBe('250,000 USDT');
      await saveScreenshot(page, `trading-fat-finger-${lang}`);

      // Cancel places nothing.
      await dialogButton(page, t.risk.fatFinger.cancel).click();
      await guard.waitFor({ state: 'detached' });
      expect(await openOrders()).toEqual([]);

      // Its confirm places the order as it was.
      await submit(far);
      await guard.waitFor({ timeout: 10_000 });
      await dialogButton(page, t.risk.fatFinger.place).click();
      await expect.poll(async () => (await openOrders()).length, { timeout: 10_000 }).toBe(1);

      // Within the band (1 % off) and the limit: the order confirmation alone.
      await submit(reference.mul('0.99').toDecimalPlaces(tick, Decimal.ROUND_DOWN).toFixed(tick));
      await expect.poll(async () => (await openOrders()).length, { timeout: 10_000 }).toBe(2);
      expect(await guard.count()).toBe(0);
    } finally {
      await sim.post('resume');
      await api(market === 'spot' ? '/broker/spot/order/cancelAllOrder' : '/broker/lightning/futures/order/cancelAllOrder', market === 'spot' ? { instrumentId: symbol } : {});
      await api('/institution/updateOrderGuard', DEFAULT_ORDER_GUARD);
    }
    expect(errors).toEqual([]);
    await close();
  });
});
