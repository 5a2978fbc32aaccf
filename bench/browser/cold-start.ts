// `npx tsx bench/browser/cold-start.ts` (issue 19 "Cold start"): from navigation to the first painted book level
// on the trading page (/en-US/trading/BTCUSDT; `--futures` for its USDⓈ-M page), with the browser's cache empty
// (a new context each time) and warm (the same context, the previous tab closed first, so only the HTTP cache
// carries over, no worker). Cold and warm samples alternate; medians are reported, with the bytes transferred.
//
// "Painted" (cold-probe.ts): the book's sides draw their lines on canvases handed to the tab's painter worker
// (src/features/trading/row-painter.ts, as event-to-pixels.ts measures), so the first book level is on screen in the
// painter worker's first requestAnimationFrame after it drew the first `paint` message of the bids that shows a price,
// or the page's frame after it posted that message if that comes later (the canvas is new in the document then).
// The document's text columns are only a transparent copy of those lines; the first frame after a price appears in
// that copy is printed beside it ("document copy"), as the header's last price is (text the page lays out itself).
//
// The timeline of each load: marks of an init script (the market and painter workers constructed, the lists' canvases
// handed over, the worker's first batch and first book at the tab), resource timing (the entry script, the route's
// chunk, locales) and the sandbox's own log of what it received (the market worker's script, its WebSocket upgrade,
// the REST calls: exchangeInfo, the depth snapshot), all in ms from the navigation. `--timeline` prints each load's;
// `--requests` lists each load's requests, as the sandbox received them and as the page's resource timing has them.
// Writes bench/results/browser-cold-start-latest.json and prints a table.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Worker as PlaywrightWorker } from 'playwright-core';
import { median } from '../harness.ts';
import { pageProbe, WORKER_PROBE } from './cold-probe.ts';
import { arg, root, startBench, VIEWED, type ServerRequest } from './setup.ts';

const SAMPLES = arg('samples', 5);
const RATE = arg('rate', 50);
const PAGE = `/en-US/trading/${VIEWED}${process.argv.includes('--futures') ? '?market=usdm' : ''}`;
const PRINT_TIMELINE = process.argv.includes('--timeline');

const env = await startBench(RATE);
console.log(`sandbox on ${env.base}; ${SAMPLES} cold and ${SAMPLES} warm loads of the trading page…`);

/** A load's stages, ms from its navigation (absent: not seen). */
type Timeline = Record<string, number>;

interface Load {
  bookPaintedMs: number;
  bookTextMs: number;
  pricePaintedMs: number;
  domContentLoadedMs: number;
  transferredKb: number;
  requests: number;
  timeline: Timeline;
}

/** Server-side stages, by the first request whose URL matches (after the navigation). */
const SERVER_STAGES: Array<[name: string, match: (r: ServerRequest) => boolean]> = [
  ['server: page requested', (r) => !r.upgrade && /^\/(en-US|zh-HK)\/trading\//.test(r.url)],
  ['server: market worker script requested', (r) => !r.upgrade && /market-worker[^/]*\.js/.test(r.url)],
  ['server: first exchangeInfo requested', (r) => /exchangeInfo/.test(r.url)],
  ['server: first WebSocket upgrade', (r) => r.upgrade],
  ['server: depth snapshot requested', (r) => !r.upgrade && /\/depth\?/.test(r.url)],
];

/** Resource timing stages: [name, pattern of the resource's URL, which time]. */
const RESOURCE_STAGES: Array<[string, RegExp, 'startTime' | 'responseEnd']> = [
  ['entry script received', /\/assets\/index-[^/]*\.js$/, 'responseEnd'],
  ['trading route chunk requested', /\/assets\/TradingPage-[^/]*\.js$/, 'startTime'],
  ['trading route chunk received', /\/assets\/TradingPage-[^/]*\.js$/, 'responseEnd'],
  ['first locale requested', /\/locales\//, 'startTime'],
  ['painter worker script received', /row-painter[^/]*\.js$/, 'responseEnd'],
];

async function load(context: BrowserContext): Promise<Load | null> {
  const page = await context.newPage();
  await page.addInitScript(pageProbe(VIEWED));
  const painters: PlaywrightWorker[] = [];
  page.on('worker', (worker) => {
    if (!worker.url().includes('row-painter')) return;
    painters.push(worker);
    worker.evaluate(WORKER_PROBE).catch(() => undefined); // (a worker that ended meanwhile)
  });
  env.clearRequests();
  await page.goto(`${env.base}${PAGE}`, { timeout: 60_000 });
  // A function, not a string: the app's CSP forbids eval, which a string predicate needs.
  await page.waitForFunction(
    () => {
      const m = (window as unknown as { __cold: { marks: Record<string, number> } }).__cold.marks;
      return 'pageFrameAfterPost' in m && 'bookText' in m && 'pricePainted' in m;
    },
    undefined,
    { timeout: 60_000, polling: 100 },
  );
  await page.waitForTimeout(200); // the painter's frame after the draw
  const probes = (await Promise.all(painters.map((w) => w.evaluate(`self.__cold`).catch(() => null)))) as Array<{
    first: { received: number; handled: number } | null;
    book: { received: number; drawn: number; painted?: number } | null;
  } | null>;
  const probe = probes.find((p) => p?.book);
  const painted = probe?.book;
  const page0 = (await page.evaluate(`(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const resources = performance.getEntriesByType('resource');
    const bytes = [nav, ...resources].reduce((s, e) => s + (e.transferSize || 0), 0);
    // Requests that reached the network (a file from the cache transfers 0 bytes; a revalidation transfers headers).
    const fetched = [nav, ...resources].filter((e) => (e.transferSize || 0) > 0).length;
    return {
      timeOrigin: performance.timeOrigin,
      marks: window.__cold.marks,
      resources: resources.map((e) => ({ name: e.name, startTime: e.startTime, responseEnd: e.responseEnd })),
      domContentLoadedMs: nav.domContentLoadedEventEnd,
      transferredKb: bytes / 1024,
      requests: fetched,
    };
  })()`)) as {
    timeOrigin: number;
    marks: Record<string, number>;
    resources: Array<{ name: string; startTime: number; responseEnd: number }>;
    domContentLoadedMs: number;
    transferredKb: number;
    requests: number;
  };
  if (!painted?.painted) {
    // The probe reached the worker after the message (this process runs at nice 10, so Playwright's handler can be late).
    await page.close();
    return null;
  }
  await page.close();
  const since = (epoch: number) => epoch - page0.timeOrigin;
  const timeline: Timeline = { DOMContentLoaded: page0.domContentLoadedMs };
  for (const [name, pattern, key] of RESOURCE_STAGES) {
    const entry = page0.resources.find((e) => pattern.test(new URL(e.name).pathname));
    if (entry) timeline[name] = entry[key];
  }
  const log = env.requests().filter((r) => r.at >= page0.timeOrigin);
  for (const [name, match] of SERVER_STAGES) {
    const r = log.find(match);
    if (r) timeline[name] = since(r.at);
  }
  const snapshot = log.find((r) => !r.upgrade && /\/depth\?/.test(r.url));
  if (snapshot?.done) timeline['server: depth snapshot answered'] = since(snapshot.done);
  for (const [name, at] of Object.entries(page0.marks)) timeline[name] = at;
  if (process.argv.includes('--requests')) {
    for (const r of log) console.log(`    server ${since(r.at).toFixed(0).padStart(6)}–${r.done ? since(r.done).toFixed(0) : ''} ${r.upgrade ? 'upgrade ' : ''}${r.url}`);
    for (const e of page0.resources) console.log(`    page   ${e.startTime.toFixed(0).padStart(6)}–${e.responseEnd.toFixed(0)} ${e.name.replace(env.base, '')}`);
  }
  if (probe?.first) {
    timeline['painter: first message (a canvas) received'] = since(probe.first.received);
    timeline['painter: first message handled'] = since(probe.first.handled);
  }
  timeline['painter: first book level received'] = since(painted.received);
  timeline['painter: drawn'] = since(painted.drawn);
  timeline['painter: next frame (painted)'] = since(painted.painted);
  return {
    // The later of the painter's frame and the page's: the canvas may be new in the document (cold-probe.ts).
    bookPaintedMs: Math.max(since(painted.painted), page0.marks['pageFrameAfterPost'] ?? Infinity),
    bookTextMs: page0.marks['bookText'] as number,
    pricePaintedMs: page0.marks['pricePainted'] as number,
    domContentLoadedMs: page0.domContentLoadedMs,
    transferredKb: page0.transferredKb,
    requests: page0.requests,
    timeline,
  };
}

const printTimeline = (label: string, t: Timeline) => {
  console.log(`  ${label}:`);
  for (const [name, at] of Object.entries(t).sort((a, b) => a[1] - b[1])) console.log(`    ${at.toFixed(0).padStart(6)} ms  ${name}`);
};

const cold: Load[] = [];
const warm: Load[] = [];
let missed = 0;
for (let i = 0; i < SAMPLES; i++) {
  const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const c0 = await load(context);
  // A load whose first paint message the worker's probe missed is taken again (a cold one in a new context).
  if (c0 === null) {
    if (++missed > 3 * SAMPLES) throw new Error('the painter worker\'s probe missed the first book level again and again');
    await context.close();
    i--;
    continue;
  }
  let w0 = await load(context);
  while (w0 === null && missed < 3 * SAMPLES) {
    missed++;
    w0 = await load(context);
  }
  if (w0 === null) throw new Error('the painter worker\'s probe missed the first book level again and again');
  cold.push(c0);
  warm.push(w0);
  await context.close();
  const c = cold.at(-1)!;
  const w = warm.at(-1)!;
  console.log(`  book: cold ${c.bookPaintedMs.toFixed(0)} ms, warm ${w.bookPaintedMs.toFixed(0)} ms (document copy ${c.bookTextMs.toFixed(0)} / ${w.bookTextMs.toFixed(0)}); last price: cold ${c.pricePaintedMs.toFixed(0)} ms, warm ${w.pricePaintedMs.toFixed(0)} ms`);
  if (PRINT_TIMELINE) {
    printTimeline('cold', c.timeline);
    printTimeline('warm', w.timeline);
  }
}
await env.close();

const med = (rows: Load[], key: Exclude<keyof Load, 'timeline'>) => median(rows.map((r) => r[key]));
/** Each stage's median over the loads that saw it, in the order of the medians. */
const stages = (rows: Load[]) => {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r.timeline)))];
  return Object.fromEntries(
    names
      .map((n) => [n, median(rows.flatMap((r) => (n in r.timeline ? [r.timeline[n] as number] : [])))] as const)
      .sort((a, b) => a[1] - b[1]),
  );
};
const coldStages = stages(cold);
const warmStages = stages(warm);
const f = (n: number | undefined, d = 0) => (n === undefined ? '–' : n.toFixed(d));
const results = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', loadAverage: os.loadavg() },
  setup: { samples: SAMPLES, rate: RATE, page: PAGE },
  cold: { samples: cold, medianBookPaintedMs: med(cold, 'bookPaintedMs'), medianPricePaintedMs: med(cold, 'pricePaintedMs'), medianTransferredKb: med(cold, 'transferredKb'), stages: coldStages },
  warm: { samples: warm, medianBookPaintedMs: med(warm, 'bookPaintedMs'), medianPricePaintedMs: med(warm, 'pricePaintedMs'), medianTransferredKb: med(warm, 'transferredKb'), stages: warmStages },
};
const summary = [
  `| Trading page, navigation → first painted book level (median of ${SAMPLES}) | Cache empty | Cache warm |`,
  `|---|---|---|`,
  `| **first book level painted** (the painter worker's frame after it drew it, or the page's after it posted it if later) | ${f(med(cold, 'bookPaintedMs'))} ms | ${f(med(warm, 'bookPaintedMs'))} ms |`,
  `| first book level in the document's copy (the frame after) | ${f(med(cold, 'bookTextMs'))} ms | ${f(med(warm, 'bookTextMs'))} ms |`,
  `| header's last price painted | ${f(med(cold, 'pricePaintedMs'))} ms | ${f(med(warm, 'pricePaintedMs'))} ms |`,
  `| DOMContentLoaded | ${f(med(cold, 'domContentLoadedMs'))} ms | ${f(med(warm, 'domContentLoadedMs'))} ms |`,
  `| transferred (navigation + resources, until the book painted) | ${f(med(cold, 'transferredKb'))} KiB in ${f(med(cold, 'requests'))} requests | ${f(med(warm, 'transferredKb'))} KiB in ${f(med(warm, 'requests'))} requests |`,
  `| machine load average (1 min) | ${os.loadavg()[0]?.toFixed(2)} on ${os.cpus().length} cores | |`,
  `| loads taken again (the painter's probe came after its first book level) | ${missed} | |`,
].join('\n');
const timelineTable = [
  `| Stage, ms from navigation (median of ${SAMPLES}) | Cache empty | Cache warm |`,
  `|---|---|---|`,
  ...Object.keys(coldStages).map((n) => `| ${n} | ${f(coldStages[n])} | ${f(warmStages[n])} |`),
].join('\n');
console.log(`\n${summary}\n\n${timelineTable}\n`);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/browser-cold-start-latest.json'), JSON.stringify({ ...results, summary, timeline: timelineTable }, null, 2) + '\n');
