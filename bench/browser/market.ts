// `npx tsx bench/browser/market.ts` (issue 19): the market page with a real exchange's symbol count. The
// simulator lists 2,000 spot symbols (`--symbols`, MARKET_SYMBOLS) and every one of them ticks (`--rate`
// events a second each, default 1), so `!miniTicker@arr` carries most of them every second. The page is
// sorted by 24 h change, descending; then, with prices ticking: the tab's main thread on-CPU and busy time,
// long tasks, how often the rows at the top of the view change places (sort stability), and the frame rate
// while scrolling the table. Writes bench/results/browser-market-latest.json and prints a Markdown table.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { messagesPerSecond, percentile } from './metrics.ts';
import { arg, root, startBench } from './setup.ts';
import { newRendererPids, scrollFrames, watchTab } from './window-metrics.ts';

const SYMBOLS = arg('symbols', 2000);
const RATE = arg('rate', 1);
const MEASURE_MS = arg('seconds', 15) * 1000;
const SCROLL_MS = 5000;

const env = await startBench(RATE, { symbols: SYMBOLS });
const { context } = env;
console.log(`sandbox on ${env.base}, ${SYMBOLS} spot symbols at ${RATE} event/s each; opening the market page…`);
let page!: Page;
const pids = await newRendererPids(env.processes, async () => {
  page = await context.newPage();
  await page.goto(`${env.base}/en-US/market`, { timeout: 60_000 });
  await page.getByTestId('market-scroll').locator('[data-symbol]').first().waitFor({ timeout: 60_000 });
});
const listed = Number(await page.getByRole('table').getAttribute('aria-rowcount'));
// Sort by 24 h change, descending (spec §4 sort control: none → desc → asc).
await page.getByRole('columnheader', { name: '24h change' }).getByRole('button').click();
await page.waitForTimeout(3000); // every symbol has a ticker and the sort has settled

console.log(`measuring ${MEASURE_MS / 1000} s live, sorted by change…`);
const connBefore = await env.connections();
const live = await watchTab(context, page, pids);
// Sort stability: every 250 ms, the symbols of the 20 rows at the top of the view, in order; a row "moves"
// when its place among them differs from the previous sample.
const order = (await page.evaluate(`(async (ms) => {
  const scroll = document.querySelector('[data-testid="market-scroll"]');
  const top20 = () => [...scroll.querySelectorAll('[data-symbol]')]
    .map((el) => ({ s: el.getAttribute('data-symbol'), y: new DOMMatrixReadOnly(getComputedStyle(el).transform).m42 }))
    .filter((r) => r.y >= scroll.scrollTop)
    .sort((a, b) => a.y - b.y)
    .slice(0, 20)
    .map((r) => r.s);
  let previous = top20();
  let moved = 0;
  let samples = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    await new Promise((r) => setTimeout(r, 250));
    const now = top20();
    moved += now.filter((s, i) => previous[i] !== s).length;
    samples++;
    previous = now;
  }
  return { movedPerSecond: moved / ((performance.now() - start) / 1000), samples };
})(${MEASURE_MS})`)) as { movedPerSecond: number; samples: number };
const liveFigures = await live.stop();
const connAfter = await env.connections();
const wsMessages = messagesPerSecond(connBefore, connAfter, liveFigures.wallMs);

console.log(`scrolling the table for ${SCROLL_MS / 1000} s…`);
const scrolling = await watchTab(context, page, pids);
const scroll = await scrollFrames(page, '[data-testid="market-scroll"]', SCROLL_MS, 40);
const scrollFigures = await scrolling.stop();
await env.close();

const f = (n: number | null, d = 1) => (n === null ? 'n/a' : n.toFixed(d));
const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
const results = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', loadAverage: os.loadavg() },
  setup: { symbols: SYMBOLS, rowsListed: listed, ratePerSymbol: RATE, measureSeconds: liveFigures.wallMs / 1000, sortedBy: 'change desc' },
  live: { ...liveFigures, simulatorMessagesPerSecond: wsMessages, topRowsMovedPerSecond: order.movedPerSecond },
  scroll: { ...scrollFigures, fps: scroll.fps, p95FrameMs: percentile(scroll.gaps, 95) },
  targets: { longTasksOver50ms: 0, fps: 60 },
};
const summary = [
  `| Market page, ${listed} spot rows, sorted by change, \`!miniTicker@arr\` every second | Value | Target |`,
  `|---|---|---|`,
  `| tab main thread on-CPU (/proc), live | ${f(liveFigures.onCpuPercent)} % | — |`,
  `| main thread busy (CDP TaskDuration), live; script / layout / style | ${f(liveFigures.mainThreadBusyPercent)} %; ${f(liveFigures.scriptPercent)} / ${f(liveFigures.layoutPercent)} / ${f(liveFigures.stylePercent)} % | — |`,
  `| long tasks > 50 ms, live (longest) | ${liveFigures.longTasksOver50ms} (${f(liveFigures.longestTaskMs, 0)} ms) | 0 (${met(liveFigures.longTasksOver50ms === 0)}) |`,
  `| rows among the top 20 that changed place, per second | ${f(order.movedPerSecond)} | — |`,
  `| frames per second scrolling (p95 frame) | ${f(scroll.fps)} (${f(results.scroll.p95FrameMs)} ms) | 60 |`,
  `| tab main thread on-CPU / busy while scrolling | ${f(scrollFigures.onCpuPercent)} % / ${f(scrollFigures.mainThreadBusyPercent)} % | — |`,
  `| long tasks > 50 ms while scrolling (longest) | ${scrollFigures.longTasksOver50ms} (${f(scrollFigures.longestTaskMs, 0)} ms) | 0 (${met(scrollFigures.longTasksOver50ms === 0)}) |`,
  `| simulator messages/s to the browser | ${f(wsMessages, 1)} | — |`,
  `| machine load average (1 min) | ${f(os.loadavg()[0] ?? 0, 2)} on ${os.cpus().length} cores | — |`,
].join('\n');
console.log(`\n${summary}\n`);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/browser-market-latest.json'), JSON.stringify({ ...results, summary }, null, 2) + '\n');
