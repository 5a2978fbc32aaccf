// `npm run bench:browser`: the trading page in real Chromium (playwright-core + CDP) against the sandbox
// with the simulator at a high rate. Reports main-thread busy %, long tasks, frames per second while
// scrolling the order book, the market worker's CPU, then with 10 tabs open the sockets per endpoint at
// the simulator and the total browser CPU, then the lightning ladder with four futures positions live under it
// (busy, long tasks, frames, ladder and position rows changed). `--scenario market|cold-start|windows|all` runs the issue 19 scenarios instead (market.ts,
// cold-start.ts, windows.ts). Targets are reported, not asserted (a 2-core machine shared with other work gives noisy absolute
// numbers). The simulator runs in this process at a lower priority
// than the browser (setup.ts; `--no-nice` to compare). Writes bench/results/browser-latest.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { busyPercent, cpuPer1000Messages, mainThreadCpuSeconds, messagesPerSecond, percentile, socketsPerEndpoint, totalCpuSeconds, workerThreadCpuSeconds } from './metrics.ts';
import { arg, LIGHTNING_POSITIONS, OTHERS, openBackgroundTabs, openLightning, root, startBench, VENUE, VIEWED } from './setup.ts';

// `--scenario market|cold-start|windows|event-to-pixels|all`: the issue 19 scenarios instead of the trading page (bench/README.md).
const SCENARIOS = ['market', 'cold-start', 'windows', 'event-to-pixels'];
const scenarioAt = process.argv.indexOf('--scenario');
if (scenarioAt >= 0) {
  const name = process.argv[scenarioAt + 1] ?? '';
  const chosen = name === 'all' ? SCENARIOS : [name];
  if (!chosen.every((s) => SCENARIOS.includes(s))) throw new Error(`--scenario: one of ${SCENARIOS.join(', ')} or all, got ${name}`);
  for (const s of chosen) {
    console.log(`\n== scenario ${s} ==`);
    await import(`./${s}.ts`);
  }
  process.exit(0);
}

const MEASURE_MS = arg('seconds', 30) * 1000;
const SCROLL_MS = 5000;
const RATE = arg('rate', 2000); // engine events per second per live symbol

const env = await startBench(RATE);
const { context, processes, connections } = env;
console.log(`venue ${VENUE}; sandbox on ${env.base}, simulator rate ${RATE}/s per live symbol; opening the trading page and ${OTHERS.length} background tabs…`);
const renderersBefore = new Set((await processes()).filter((p) => p.type === 'renderer').map((p) => p.id));
const page = await env.openTrading(VIEWED, 'spot');
// The renderer processes that appeared with the viewed tab: its main thread is the one measured below.
const viewedPids = (await processes()).filter((p) => p.type === 'renderer' && !renderersBefore.has(p.id)).map((p) => p.id);
const { tabs: background, frozen } = await openBackgroundTabs(env);
await page.bringToFront();
await page.waitForTimeout(3000); // let every book sync and the rate settle

const pageCdp: CDPSession = await context.newCDPSession(page);
await pageCdp.send('Performance.enable');
const BREAKDOWN = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'] as const;
const pageMetrics = async () => {
  const { metrics } = (await pageCdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  return Object.fromEntries(BREAKDOWN.map((name) => [name, metrics.find((m) => m.name === name)?.value ?? 0])) as Record<(typeof BREAKDOWN)[number], number>;
};
const pids = async () => (await processes()).map((p) => p.id);
const rendererPids = async () => (await processes()).filter((p) => p.type === 'renderer').map((p) => p.id);

console.log(`${frozen} of ${OTHERS.length} background tabs frozen`);
console.log(`measuring ${MEASURE_MS / 1000} s with all 500 levels a side live…`);
await page.evaluate(() => ((window as unknown as { __longTasks: number[] }).__longTasks.length = 0));
const connBefore = await connections();
const metricsBefore = await pageMetrics();
const workerBefore = workerThreadCpuSeconds(await pids());
const paintersBefore = workerThreadCpuSeconds(await pids(), 'dedicated');
const mainBefore = mainThreadCpuSeconds(await rendererPids());
const viewedBefore = mainThreadCpuSeconds(viewedPids);
const cpuBefore = totalCpuSeconds(await processes());
const serverBefore = process.cpuUsage();
const t0 = Date.now();
await page.waitForTimeout(MEASURE_MS);
const wall = Date.now() - t0;
const metricsAfter = await pageMetrics();
const workerAfter = workerThreadCpuSeconds(await pids());
const paintersAfter = workerThreadCpuSeconds(await pids(), 'dedicated');
const mainAfter = mainThreadCpuSeconds(await rendererPids());
const viewedAfter = mainThreadCpuSeconds(viewedPids);
const cpuAfter = totalCpuSeconds(await processes());
const serverCpu = process.cpuUsage(serverBefore);
const connAfter = await connections();
const longTasks = await page.evaluate(() => [...(window as unknown as { __longTasks: number[] }).__longTasks]);
const viewedRows = await page.getByTestId('book-bids').getAttribute('data-count');

console.log(`scrolling the order book for ${SCROLL_MS / 1000} s…`);
await page.evaluate(() => ((window as unknown as { __longTasks: number[] }).__longTasks.length = 0));
// A string, not a function: tsx adds helpers (__name) to functions that do not exist in the page.
const scroll = (await page.evaluate(`(async (ms) => {
  const list = document.querySelector('[data-testid="book-bids"]');
  const frames = [];
  const start = performance.now();
  let direction = 1;
  await new Promise((done) => {
    const step = (now) => {
      frames.push(now);
      list.scrollTop += 24 * direction;
      if (list.scrollTop + list.clientHeight >= list.scrollHeight - 1) direction = -1;
      if (list.scrollTop <= 0) direction = 1;
      if (now - start < ms) requestAnimationFrame(step);
      else done();
    };
    requestAnimationFrame(step);
  });
  const gaps = frames.slice(1).map((t, i) => t - frames[i]);
  return { fps: ((frames.length - 1) * 1000) / (frames[frames.length - 1] - frames[0]), gaps };
})(${SCROLL_MS})`)) as { fps: number; gaps: number[] };
const scrollLongTasks = await page.evaluate(() => [...(window as unknown as { __longTasks: number[] }).__longTasks]);

console.log('opening 10 trading tabs…');
for (const tab of background) await tab.close();
const tabs: Page[] = [page];
const TEN: Array<[string, 'spot' | 'usdm']> = [['ETHUSDT', 'spot'], ['BTCUSDT', 'usdm'], ['SOLUSDT', 'spot'], ['ETHUSDT', 'usdm'], ['BNBUSDT', 'spot'], ['XRPUSDT', 'spot'], ['SOLUSDT', 'usdm'], ['BTCUSDT', 'spot'], ['ADAUSDT', 'spot']];
for (const [symbol, market] of TEN) tabs.push(await env.openTrading(symbol, market));
await page.waitForTimeout(3000);
const cpu10Before = totalCpuSeconds(await processes());
const t1 = Date.now();
await page.waitForTimeout(10_000);
const cpu10 = totalCpuSeconds(await processes()) - cpu10Before;
const wall10 = Date.now() - t1;
const conn10 = await connections();

// The lightning ladder (issue 18), measured alone: the ten tabs are closed first. Same figures as the trading
// page: main thread busy and its breakdown, long tasks, the tab's on-CPU time, and the frame rate (the ladder
// does not scroll: frames while the book moves under it), plus how many ladder rows change in the document per
// second: since the painter worker draws the sizes and bars, that is the rows whose zone or marks changed and the
// sizes' copy (written at most once a second), not every size that changed.
for (const tab of tabs) await tab.close();
// With the futures positions table live under it (issue 19): setup.ts LIGHTNING_POSITIONS.
console.log(`measuring the lightning ladder with ${LIGHTNING_POSITIONS.length} positions for ${MEASURE_MS / 1000} s…`);
const renderersBeforeLadder = new Set(await rendererPids());
const ladderPage = await openLightning(env);
const ladderPids = (await rendererPids()).filter((id) => !renderersBeforeLadder.has(id));
await ladderPage.waitForTimeout(3000);
const ladderCdp: CDPSession = await context.newCDPSession(ladderPage);
await ladderCdp.send('Performance.enable');
const ladderMetrics = async () => {
  const { metrics } = (await ladderCdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  return Object.fromEntries(BREAKDOWN.map((name) => [name, metrics.find((m) => m.name === name)?.value ?? 0])) as Record<(typeof BREAKDOWN)[number], number>;
};
await ladderPage.evaluate(() => ((window as unknown as { __longTasks: number[] }).__longTasks.length = 0));
const ladderBefore = await ladderMetrics();
const ladderCpuBefore = mainThreadCpuSeconds(ladderPids);
const t2 = Date.now();
// Frames and changed rows while live (a string: see the scroll above).
const ladderLive = (await ladderPage.evaluate(`(async (ms) => {
  const ladder = document.querySelector('[data-testid="lightning-ladder"]');
  const positions = document.querySelector('[data-testid="positions-table"]');
  let rowChanges = 0;
  let positionChanges = 0;
  const changed = (records, selector) => {
    const rows = new Set();
    for (const r of records) {
      const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      const row = el && el.closest(selector);
      if (row) rows.add(row);
    }
    return rows.size;
  };
  const observer = new MutationObserver((records) => {
    rowChanges += changed(records, '[data-row]');
  });
  observer.observe(ladder, { subtree: true, childList: true, characterData: true, attributes: true });
  const positionObserver = new MutationObserver((records) => {
    positionChanges += changed(records, '[data-testid="position-row"]');
  });
  positionObserver.observe(positions, { subtree: true, childList: true, characterData: true, attributes: true });
  const frames = [];
  const start = performance.now();
  await new Promise((done) => {
    const step = (now) => {
      frames.push(now);
      if (now - start < ms) requestAnimationFrame(step);
      else done();
    };
    requestAnimationFrame(step);
  });
  observer.disconnect();
  positionObserver.disconnect();
  const gaps = frames.slice(1).map((t, i) => t - frames[i]);
  const seconds = (frames[frames.length - 1] - frames[0]) / 1000;
  return {
    fps: (frames.length - 1) / seconds,
    gaps,
    rowChangesPerSecond: rowChanges / seconds,
    rows: ladder.querySelectorAll('[data-row]').length,
    positionRows: positions.querySelectorAll('[data-testid="position-row"]').length,
    positionRowChangesPerSecond: positionChanges / seconds,
  };
})(${MEASURE_MS})`)) as { fps: number; gaps: number[]; rowChangesPerSecond: number; rows: number; positionRows: number; positionRowChangesPerSecond: number };
const ladderWall = Date.now() - t2;
const ladderAfter = await ladderMetrics();
const ladderCpuAfter = mainThreadCpuSeconds(ladderPids);
const ladderLongTasks = await ladderPage.evaluate(() => [...(window as unknown as { __longTasks: number[] }).__longTasks]);
const ladderBusy = busyPercent(ladderBefore.TaskDuration, ladderAfter.TaskDuration, ladderWall);
const ladderBreakdown = Object.fromEntries(BREAKDOWN.map((name) => [name, busyPercent(ladderBefore[name], ladderAfter[name], ladderWall)]));
const ladderCpu = ladderCpuBefore !== null && ladderCpuAfter !== null ? ((ladderCpuAfter - ladderCpuBefore) * 100_000) / ladderWall : null;
const ladderOver50 = ladderLongTasks.filter((d) => d > 50);

const f = (n: number, d = 1) => n.toFixed(d);
const busy = busyPercent(metricsBefore.TaskDuration, metricsAfter.TaskDuration, wall);
const breakdown = Object.fromEntries(BREAKDOWN.map((name) => [name, busyPercent(metricsBefore[name], metricsAfter[name], wall)]));
const workerCpu = workerBefore !== null && workerAfter !== null ? ((workerAfter - workerBefore) * 100_000) / wall : null;
const paintersCpu = paintersBefore !== null && paintersAfter !== null ? ((paintersAfter - paintersBefore) * 100_000) / wall : null;
const messagesToWorker = messagesPerSecond(connBefore, connAfter, wall);
// The market worker's target: at most 3 % of one core per 1,000 messages a second into it (its thread alone).
const WORKER_PER_1000_MAX = 3;
const workerPer1000 = cpuPer1000Messages(workerCpu, messagesToWorker);
const viewedCpu = viewedBefore !== null && viewedAfter !== null ? ((viewedAfter - viewedBefore) * 100_000) / wall : null;
const mainCpu = mainBefore !== null && mainAfter !== null ? ((mainAfter - mainBefore) * 100_000) / wall : null;
const over50 = longTasks.filter((d) => d > 50);
const results = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', loadAverage: os.loadavg() },
  setup: { venue: VENUE, rate: RATE, viewed: VIEWED, backgroundTabs: OTHERS.length, backgroundTabsFrozen: frozen, measureSeconds: wall / 1000, depth: 500, bookRowsReceived: Number(viewedRows) },
  live: {
    messagesPerSecondToWorker: messagesToWorker,
    mainThreadBusyPercent: busy,
    mainThreadBreakdownPercent: breakdown,
    viewedTabMainThreadCpuPercent: viewedCpu,
    allRendererMainThreadsCpuPercent: mainCpu,
    longTasksOver50ms: over50.length,
    // The longtask observer reports only tasks over 50 ms: 0 means there were none.
    longestTaskMs: Math.max(0, ...longTasks),
    workerThreadCpuPercent: workerCpu,
    workerCpuPercentPer1000MessagesPerSecond: workerPer1000,
    painterWorkerThreadsCpuPercent: paintersCpu,
    browserCpuPercentOfOneCore: ((cpuAfter - cpuBefore) * 100_000) / wall,
    sandboxCpuPercentOfOneCore: ((serverCpu.user + serverCpu.system) / 1000 / wall) * 100,
  },
  scroll: {
    fps: scroll.fps,
    p95FrameMs: percentile(scroll.gaps, 95),
    longTasksOver50ms: scrollLongTasks.filter((d) => d > 50).length,
  },
  tenTabs: {
    tabs: tabs.length,
    socketsPerEndpoint: socketsPerEndpoint(conn10),
    browserCpuPercentOfOneCore: (cpu10 * 100_000) / wall10,
  },
  lightningLadder: {
    rows: ladderLive.rows,
    mainThreadBusyPercent: ladderBusy,
    mainThreadBreakdownPercent: ladderBreakdown,
    viewedTabMainThreadCpuPercent: ladderCpu,
    longTasksOver50ms: ladderOver50.length,
    longestTaskMs: Math.max(0, ...ladderLongTasks),
    fps: ladderLive.fps,
    p95FrameMs: percentile(ladderLive.gaps, 95),
    rowChangesPerSecond: ladderLive.rowChangesPerSecond,
    positionRows: ladderLive.positionRows,
    positionRowChangesPerSecond: ladderLive.positionRowChangesPerSecond,
  },
  targets: { socketsPerEndpoint: 1, longTasksOver50ms: 0, mainThreadBusyPercentMax: 15, viewedTabOnCpuPercentMax: 5, workerCpuPercentPer1000MessagesPerSecondMax: WORKER_PER_1000_MAX },
};
const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
const oneSocket = Object.values(results.tenTabs.socketsPerEndpoint).every((n) => n === 1);
const summary = [
  `| Figure | Value | Target |`,
  `|---|---|---|`,
  // Issue 6 set ≥ 5,000 a second on other symbols, kept live by background tabs; since issue 19 a hidden tab gives
  // its streams up (workers/market-core.ts HIDDEN_RELEASE_MS), so the worker gets the viewed symbol's alone.
  `| messages/s into the worker (simulator count): the viewed symbol's | ${f(results.live.messagesPerSecondToWorker, 0)} | — (issue 6's ≥ 5000 needed live background tabs) |`,
  `| main thread busy (CDP TaskDuration, wall time), 500 levels live | ${f(busy)} % | ≤ 15 % (${met(busy <= 15)}) |`,
  // Issue 19: the viewed tab's main thread on-CPU with 500 levels live, charts included, ≤ 5 %.
  `| viewed tab main thread on-CPU time (/proc), 500 levels live | ${viewedCpu === null ? 'n/a' : `${f(viewedCpu)} %`} | ≤ 5 % (${viewedCpu === null ? 'n/a' : met(viewedCpu <= 5)}) |`,
  `| all renderer main threads (viewed + ${OTHERS.length} hidden and frozen tabs) | ${mainCpu === null ? 'n/a' : `${f(mainCpu)} %`} | — |`,
  `| of which script / layout / style | ${f(breakdown['ScriptDuration'] ?? 0)} / ${f(breakdown['LayoutDuration'] ?? 0)} / ${f(breakdown['RecalcStyleDuration'] ?? 0)} % | — |`,
  `| long tasks > 50 ms (live / while scrolling) | ${over50.length} / ${results.scroll.longTasksOver50ms} ${over50.length > 0 ? ` (longest ${f(results.live.longestTaskMs, 0)} ms)` : ''} | 0 (${met(over50.length === 0 && results.scroll.longTasksOver50ms === 0)}) |`,
  `| frames per second scrolling the book | ${f(scroll.fps)} (p95 frame ${f(results.scroll.p95FrameMs)} ms) | 60 |`,
  // The SharedWorker thread alone (/proc); the painters' dedicated workers run in the viewed tab's process beside it.
  `| market worker thread CPU (the SharedWorker thread, /proc) | ${workerCpu === null ? 'n/a' : `${f(workerCpu)} %`} of one core | — |`,
  `| worker CPU per 1,000 msg/s (market worker thread CPU ÷ messages/s into the worker × 1,000) | ${workerPer1000 === null ? 'n/a' : `${f(workerPer1000, 2)} %`} of one core | ≤ ${WORKER_PER_1000_MAX} % (${workerPer1000 === null ? 'n/a' : met(workerPer1000 <= WORKER_PER_1000_MAX)}) |`,
  `| painter workers' threads CPU (the tabs' DedicatedWorker threads: the lists' lines drawn off the main thread), not in the row above | ${paintersCpu === null ? 'n/a' : `${f(paintersCpu)} %`} of one core | — |`,
  `| browser CPU (all processes), live | ${f(results.live.browserCpuPercentOfOneCore)} % of one core | — |`,
  `| sandbox (simulator + API) CPU, live | ${f(results.live.sandboxCpuPercentOfOneCore)} % of one core | — |`,
  `| machine load average (1 min), other work included | ${f(os.loadavg()[0] ?? 0, 2)} on ${os.cpus().length} cores | — |`,
  `| sockets per endpoint, ${tabs.length} tabs | ${Object.entries(results.tenTabs.socketsPerEndpoint).map(([k, v]) => `${k}: ${v}`).join(', ')} | 1 each (${met(oneSocket)}) |`,
  `| browser CPU, ${tabs.length} tabs | ${f(results.tenTabs.browserCpuPercentOfOneCore)} % of one core | — |`,
  `| lightning ladder: main thread busy (CDP TaskDuration), live | ${f(ladderBusy)} % | ≤ 15 % (${met(ladderBusy <= 15)}) |`,
  `| lightning ladder: tab main thread on-CPU time (/proc) | ${ladderCpu === null ? 'n/a' : `${f(ladderCpu)} %`} | ≤ 15 % (${ladderCpu === null ? 'n/a' : met(ladderCpu <= 15)}) |`,
  `| lightning ladder: of which script / layout / style | ${f(ladderBreakdown['ScriptDuration'] ?? 0)} / ${f(ladderBreakdown['LayoutDuration'] ?? 0)} / ${f(ladderBreakdown['RecalcStyleDuration'] ?? 0)} % | — |`,
  `| lightning ladder: long tasks > 50 ms | ${ladderOver50.length}${ladderOver50.length > 0 ? ` (longest ${f(results.lightningLadder.longestTaskMs, 0)} ms)` : ''} | 0 (${met(ladderOver50.length === 0)}) |`,
  `| lightning ladder: frames per second while live | ${f(ladderLive.fps)} (p95 frame ${f(results.lightningLadder.p95FrameMs)} ms) | 60 |`,
  `| lightning ladder: rows changed in the document per second (of ${ladderLive.rows}; sizes drawn by the painter) | ${f(ladderLive.rowChangesPerSecond, 0)} | — |`,
  `| lightning: futures position rows changed per second (of ${ladderLive.positionRows}) | ${f(ladderLive.positionRowChangesPerSecond, 1)} | — |`,
].join('\n');
console.log(`\n${summary}\n`);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, `bench/results/browser-latest${VENUE === 'binance' ? '' : `-${VENUE}`}.json`), JSON.stringify({ ...results, summary }, null, 2) + '\n');

await env.close();
