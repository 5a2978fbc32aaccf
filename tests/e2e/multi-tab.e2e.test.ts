import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { fileBrowser, fileSandbox } from './support/suite.ts';

import { renderedSide, simControl, waitForBook } from './support/market.ts';

// Issue 4 "in real Chromium": many pages of the app share one socket per exchange endpoint through the
// SharedWorker; closing pages releases their streams; a hidden page gets no frames; the dedicated-Worker
// fallback works when SharedWorker does not exist.
const baseURL = await fileSandbox();
const sim = simControl(baseURL);

interface SimConnection {
  host: string;
  market: 'spot' | 'usdm';
  streams: string[];
}

let browser: Browser;
fileBrowser((launched) => {
  browser = launched;
});

const connections = async () => (await sim.connections()) as SimConnection[];
const spotSockets = async () => (await connections()).filter((c) => c.host === 'stream.binance.com');

/**
 * Counts the market batches a page receives: the bridge delivers them through a MessagePort's `onmessage`.
 * Only batch-shaped messages count (React's scheduler also uses a MessageChannel's onmessage).
 */
function countBatches(context: BrowserContext) {
  return context.addInitScript(() => {
    const w = window as unknown as { __tdBatches: number };
    w.__tdBatches = 0;
    const descriptor = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
    if (!descriptor?.set || !descriptor.get) return;
    const { get, set } = descriptor;
    Object.defineProperty(MessagePort.prototype, 'onmessage', {
      configurable: true,
      get,
      set(handler: ((event: MessageEvent) => void) | null) {
        set.call(this, handler && ((event: MessageEvent) => {
          const data = event.data as { items?: unknown } | null;
          if (data && typeof data === 'object' && Array.isArray(data.items)) w.__tdBatches += 1;
          handler.call(this, event);
        }));
      },
    });
  });
}

const batches = (page: Page) => page.evaluate(() => (window as unknown as { __tdBatches: number }).__tdBatches);

/** Makes the page report itself hidden (or visible again), as a background tab would. */
const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

async function openTrading(context: BrowserContext, symbol: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseURL}/en-US/trading/${symbol}`);
  await waitForBook(page);
  return page;
}

describe('market core across tabs (Chromium)', () => {
  it('5 pages share one spot socket; closing pages releases their streams; a hidden page gets no frames', async () => {
    // Sockets of earlier test files close with their browsers; start from none.
    await expect.poll(async () => (await spotSockets()).length, { timeout: 20_000 }).toBe(0);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    onTestFinished(() => context.close().catch(() => {}));
    await countBatches(context);
    const pages: Page[] = [];
    for (const symbol of ['BTCUSDT', 'BTCUSDT', 'ETHUSDT', 'BNBUSDT', 'BTCUSDT']) pages.push(await openTrading(context, symbol));

    const sockets = await spotSockets();
    expect(sockets).toHaveLength(1);
    const streams = (sockets[0] as SimConnection).streams;
    for (const symbol of ['btcusdt', 'ethusdt', 'bnbusdt']) expect(streams.some((s) => s.startsWith(`${symbol}@depth`))).toBe(true);
    // One subscription per stream, however many pages want it.
    expect(new Set(streams).size).toBe(streams.length);

    // A hidden page receives nothing while the others keep receiving.
    const [watcher, , , , hiddenPage] = pages as [Page, Page, Page, Page, Page];
    await setHidden(hiddenPage, true);
    await hiddenPage.waitForTimeout(500); // a batch already in flight may still land
    const hiddenBefore = await batches(hiddenPage);
    const watcherBefore = await batches(watcher);
    await watcher.waitForTimeout(3_000);
    expect(await batches(watcher)).toBeGreaterThan(watcherBefore + 5);
    expect(await batches(hiddenPage)).toBe(hiddenBefore);
    // Visible again: a full snapshot arrives.
    await setHidden(hiddenPage, false);
    await expect.poll(() => batches(hiddenPage), { timeout: 10_000 }).toBeGreaterThan(hiddenBefore);

    // Closing the only ETHUSDT and BNBUSDT pages releases their streams; BTCUSDT stays while pages use it.
    await (pages[2] as Page).close();
    await (pages[3] as Page).close();
    await expect
      .poll(async () => (await spotSockets())[0]?.streams.filter((s) => /^(eth|bnb)usdt@depth/.test(s)) ?? null, { timeout: 20_000 })
      .toEqual([]);
    expect((await spotSockets())[0]?.streams.some((s) => s.startsWith('btcusdt@depth'))).toBe(true);
    expect(await spotSockets()).toHaveLength(1);

    // All pages gone: the worker lets go of everything.
    await context.close();
    await expect.poll(async () => (await spotSockets()).flatMap((c) => c.streams).filter((s) => s.includes('@depth')), { timeout: 20_000 }).toEqual([]);
  }, 240_000);

  it('a page hidden for a while gives up its depth and trade streams, and is back in sync when shown', async () => {
    // Issue 19 ten tabs: the worker releases a hidden page's per-symbol streams after HIDDEN_RELEASE_MS (5 s).
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    onTestFinished(() => context.close().catch(() => {}));
    const visible = await openTrading(context, 'BTCUSDT');
    const background = await openTrading(context, 'ETHUSDT');
    const ethStreams = async () => (await spotSockets()).flatMap((c) => c.streams).filter((s) => /^ethusdt@(depth|aggTrade)/.test(s));
    expect((await ethStreams()).length).toBeGreaterThanOrEqual(2);
    await setHidden(background, true);
    await expect.poll(ethStreams, { timeout: 20_000 }).toEqual([]);
    // The visible page keeps its own.
    expect((await spotSockets()).flatMap((c) => c.streams).some((s) => s.startsWith('btcusdt@depth'))).toBe(true);
    expect((await renderedSide(visible, 'bids')).length).toBeGreaterThan(0);
    // Shown again: the streams come back and the page renders a synced book.
    await setHidden(background, false);
    await expect.poll(async () => (await ethStreams()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await waitForBook(background);
    expect((await renderedSide(background, 'asks')).length).toBeGreaterThan(0);
    await context.close();
  }, 120_000);

  it('runs the core in a dedicated Worker where SharedWorker does not exist', async () => {
    const context = await browser.newContext();
    onTestFinished(() => context.close().catch(() => {}));
    await context.addInitScript(() => {
      delete (window as { SharedWorker?: unknown }).SharedWorker;
    });
    const page = await openTrading(context, 'ETHUSDT');
    expect(await page.evaluate(() => typeof (window as { SharedWorker?: unknown }).SharedWorker)).toBe('undefined');
    expect((await renderedSide(page, 'bids')).length).toBeGreaterThan(0);
    await context.close();
  });
});
