// `npx tsx bench/browser/cold-start.ts` (issue 19 "Cold start"): from navigation to the first painted book level
// on the trading page (/en-US/trading/BTCUSDT; `--futures` for its USDⓈ-M page), with the browser's cache empty
// (a new context each time) and warm (the same context, the previous tab closed first, so only the HTTP cache
// carries over, no worker). "Painted": a requestAnimationFrame loop sees the first price in the bids, and the
// frame after it is the one that painted it (its rAF time, from the navigation's timeOrigin). The header's last
// price (the ticker map, seeded by REST) is timed the same way. Cold and warm samples alternate; medians are
// reported, with the bytes transferred. Writes bench/results/browser-cold-start-latest.json and prints a table.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { median } from '../harness.ts';
import { arg, root, startBench, VIEWED } from './setup.ts';

const SAMPLES = arg('samples', 5);
const RATE = arg('rate', 50);
const PAGE = `/en-US/trading/${VIEWED}${process.argv.includes('--futures') ? '?market=usdm' : ''}`;

const env = await startBench(RATE);
console.log(`sandbox on ${env.base}; ${SAMPLES} cold and ${SAMPLES} warm loads of the trading page…`);

/** Installed before the page's scripts: times the first frame painted after a book price (and the last price) appeared. */
const MARKER = `(() => {
  const watch = (selector, shown, mark) => {
    const look = () => {
      const cell = document.querySelector(selector);
      if (cell && shown.test(cell.textContent || '')) {
        requestAnimationFrame((t) => { window[mark] = t; });
        return;
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  };
  watch('[data-testid="book-bids"] [data-col="price"]', /\\S/, '__bookPainted');
  watch('[data-testid="last-price"]', /\\d/, '__pricePainted');
})()`;

interface Load {
  bookPaintedMs: number;
  pricePaintedMs: number;
  domContentLoadedMs: number;
  transferredKb: number;
  requests: number;
}

async function load(context: BrowserContext): Promise<Load> {
  const page = await context.newPage();
  await page.addInitScript(MARKER);
  await page.goto(`${env.base}${PAGE}`, { timeout: 60_000 });
  // A function, not a string: the app's CSP forbids eval, which a string predicate needs.
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __bookPainted?: number; __pricePainted?: number };
      return typeof w.__bookPainted === 'number' && typeof w.__pricePainted === 'number';
    },
    undefined,
    { timeout: 60_000, polling: 100 },
  );
  const figures = (await page.evaluate(`(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const resources = performance.getEntriesByType('resource');
    const bytes = [nav, ...resources].reduce((s, e) => s + (e.transferSize || 0), 0);
    // Requests that reached the network (a file from the cache transfers 0 bytes; a revalidation transfers headers).
    const fetched = [nav, ...resources].filter((e) => (e.transferSize || 0) > 0).length;
    return { bookPaintedMs: window.__bookPainted, pricePaintedMs: window.__pricePainted, domContentLoadedMs: nav.domContentLoadedEventEnd, transferredKb: bytes / 1024, requests: fetched };
  })()`)) as Load;
  await page.close();
  return figures;
}

const cold: Load[] = [];
const warm: Load[] = [];
for (let i = 0; i < SAMPLES; i++) {
  const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
  cold.push(await load(context));
  warm.push(await load(context));
  await context.close();
  const c = cold.at(-1)!;
  const w = warm.at(-1)!;
  console.log(`  book: cold ${c.bookPaintedMs.toFixed(0)} ms, warm ${w.bookPaintedMs.toFixed(0)} ms; last price: cold ${c.pricePaintedMs.toFixed(0)} ms, warm ${w.pricePaintedMs.toFixed(0)} ms`);
}
await env.close();

const med = (rows: Load[], key: keyof Load) => median(rows.map((r) => r[key]));
const f = (n: number, d = 0) => n.toFixed(d);
const results = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', loadAverage: os.loadavg() },
  setup: { samples: SAMPLES, rate: RATE, page: PAGE },
  cold: { samples: cold, medianBookPaintedMs: med(cold, 'bookPaintedMs'), medianPricePaintedMs: med(cold, 'pricePaintedMs'), medianTransferredKb: med(cold, 'transferredKb') },
  warm: { samples: warm, medianBookPaintedMs: med(warm, 'bookPaintedMs'), medianPricePaintedMs: med(warm, 'pricePaintedMs'), medianTransferredKb: med(warm, 'transferredKb') },
};
const summary = [
  `| Trading page, navigation → first painted book level (median of ${SAMPLES}) | Cache empty | Cache warm |`,
  `|---|---|---|`,
  `| first book level painted | ${f(med(cold, 'bookPaintedMs'))} ms | ${f(med(warm, 'bookPaintedMs'))} ms |`,
  `| header's last price painted | ${f(med(cold, 'pricePaintedMs'))} ms | ${f(med(warm, 'pricePaintedMs'))} ms |`,
  `| DOMContentLoaded | ${f(med(cold, 'domContentLoadedMs'))} ms | ${f(med(warm, 'domContentLoadedMs'))} ms |`,
  `| transferred (navigation + resources, until the book painted) | ${f(med(cold, 'transferredKb'))} KiB in ${f(med(cold, 'requests'))} requests | ${f(med(warm, 'transferredKb'))} KiB in ${f(med(warm, 'requests'))} requests |`,
  `| warm ÷ cold | ${(med(warm, 'bookPaintedMs') / med(cold, 'bookPaintedMs')).toFixed(2)} | |`,
  `| machine load average (1 min) | ${os.loadavg()[0]?.toFixed(2)} on ${os.cpus().length} cores | |`,
].join('\n');
console.log(`\n${summary}\n`);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/browser-cold-start-latest.json'), JSON.stringify({ ...results, summary }, null, 2) + '\n');
