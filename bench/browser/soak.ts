// `npm run bench:soak -- --minutes 30 [--interval 5] [--rate 2000]` (issue 19 "Soak"): three visible trading tabs
// (BTCUSDT spot, ETHUSDT spot, BTCUSDT USDⓈ-M) live against the simulator for N minutes. Not part of `npm test`
// (it takes minutes and its figures are reported, not asserted). After every interval it records:
// - each tab's JavaScript heap and the market worker's (CDP Runtime.getHeapUsage after a forced garbage
//   collection, so what is retained, not what is waiting for a collection); growth is from the first sample after
//   warm-up (the sample at the end of the first interval) to the last, target < 2 %;
// - long tasks over 50 ms in each tab (the longtask observer of setup.ts);
// - the app's resync counter (the worker's health, read from the trading page's diagnostics) against the gaps the
//   simulator injected: it injects none unless asked through /sim/_control/faults, which this script does not do,
//   so every resync is one the simulator did not cause.
// The full 30 minutes is for a quiet machine; on a shared one the heap figures still hold (they do not depend on
// timing) but long tasks are mostly waits for a core. Writes bench/results/soak-latest.json, prints a table.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { heapGrowthPercent, messagesPerSecond } from './metrics.ts';
import { arg, root, startBench } from './setup.ts';

const MINUTES = arg('minutes', 30);
const INTERVAL_MIN = arg('interval', 5);
const RATE = arg('rate', 2000);
const TABS: Array<[string, 'spot' | 'usdm']> = [['BTCUSDT', 'spot'], ['ETHUSDT', 'spot'], ['BTCUSDT', 'usdm']];
const GROWTH_TARGET = 2;

const env = await startBench(RATE);
console.log(`sandbox on ${env.base}, simulator rate ${RATE}/s per live symbol; ${TABS.length} visible tabs, ${MINUTES} min, a sample every ${INTERVAL_MIN} min`);
const tabs: Array<{ page: Page; cdp: CDPSession; label: string }> = [];
for (const [symbol, market] of TABS) {
  const page = await env.openTrading(symbol, market);
  const cdp = await env.context.newCDPSession(page);
  tabs.push({ page, cdp, label: `${symbol} ${market}` });
}
await tabs[0]?.page.getByTestId('health-diagnostics-toggle').click();

// The market worker (a SharedWorker): attached through the browser's CDP session (Playwright has no shared-worker
// API), with the non-flat protocol (commands wrapped in Target.sendMessageToTarget).
const browserCdp = await env.browser.newBrowserCDPSession();
const workerCalls = new Map<number, (result: unknown) => void>();
let workerSession: string | null = null;
let nextId = 1;
browserCdp.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
  const reply = JSON.parse(event.message) as { id?: number; result?: unknown; error?: unknown };
  if (reply.id !== undefined) workerCalls.get(reply.id)?.(reply.error ? null : reply.result);
});
async function workerCall(method: string): Promise<unknown> {
  if (workerSession === null) {
    const { targetInfos } = (await browserCdp.send('Target.getTargets')) as { targetInfos: Array<{ targetId: string; type: string }> };
    const worker = targetInfos.find((t) => t.type === 'shared_worker');
    if (!worker) return null;
    workerSession = ((await browserCdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false })) as { sessionId: string }).sessionId;
  }
  const id = nextId++;
  const reply = new Promise<unknown>((resolve) => {
    workerCalls.set(id, resolve);
    setTimeout(() => resolve(null), 10_000);
  });
  await browserCdp.send('Target.sendMessageToTarget', { sessionId: workerSession, message: JSON.stringify({ id, method }) });
  return reply;
}
async function workerHeap(): Promise<number | null> {
  try {
    await workerCall('HeapProfiler.collectGarbage');
    const usage = (await workerCall('Runtime.getHeapUsage')) as { usedSize: number } | null;
    return usage?.usedSize ?? null;
  } catch {
    return null;
  }
}

interface Sample {
  minute: number;
  tabHeapMb: number[];
  workerHeapMb: number | null;
  longTasks: number[];
  longestTaskMs: number;
  resyncs: number | null;
  messagesPerSecond: number;
  loadAverage: number;
}

const mb = (bytes: number) => bytes / 2 ** 20;
async function sample(minute: number, messages: number): Promise<Sample> {
  const tabHeapMb: number[] = [];
  const longTasks: number[] = [];
  let longest = 0;
  for (const tab of tabs) {
    await tab.cdp.send('HeapProfiler.collectGarbage');
    tabHeapMb.push(mb(((await tab.cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize));
    const tasks = (await tab.page.evaluate(`window.__longTasks.splice(0)`)) as number[];
    longTasks.push(tasks.filter((d) => d > 50).length);
    longest = Math.max(longest, ...tasks);
  }
  const worker = await workerHeap();
  const text = await tabs[0]?.page.getByTestId('health-resyncs').textContent({ timeout: 5000 }).catch(() => null);
  const digits = text?.match(/\d+/);
  const s: Sample = { minute, tabHeapMb, workerHeapMb: worker === null ? null : mb(worker), longTasks, longestTaskMs: longest, resyncs: digits ? Number(digits[0]) : null, messagesPerSecond: messages, loadAverage: os.loadavg()[0] ?? 0 };
  console.log(`  ${minute} min: tabs ${tabHeapMb.map((h) => h.toFixed(1)).join(' / ')} MB, worker ${s.workerHeapMb?.toFixed(1) ?? 'n/a'} MB, long tasks ${longTasks.join(' / ')}, resyncs ${s.resyncs ?? 'n/a'}, ${messages.toFixed(0)} msg/s, load ${s.loadAverage.toFixed(2)}`);
  return s;
}

await new Promise((r) => setTimeout(r, 3000)); // books synced
const samples: Sample[] = [await sample(0, 0)];
for (let minute = INTERVAL_MIN; minute <= MINUTES; minute += INTERVAL_MIN) {
  const before = await env.connections();
  const t0 = Date.now();
  await new Promise((r) => setTimeout(r, INTERVAL_MIN * 60_000));
  samples.push(await sample(minute, messagesPerSecond(before, await env.connections(), Date.now() - t0)));
}
const injectedGaps = 0; // the script asks the simulator for no faults
await env.close();

// Warm-up: the sample at 0 min (right after the pages loaded) is left out.
const tabGrowth = tabs.map((_, i) => heapGrowthPercent(samples.map((s) => s.tabHeapMb[i] ?? 0), 1));
const workerSeries = samples.map((s) => s.workerHeapMb);
const workerGrowth = workerSeries.every((v) => v !== null) ? heapGrowthPercent(workerSeries as number[], 1) : null;
// Long tasks too: the 0 min sample holds the pages' loading, not their running.
const longTasks = samples.slice(1).reduce((sum, s) => sum + s.longTasks.reduce((a, b) => a + b, 0), 0);
const resyncs = samples.at(-1)?.resyncs ?? null;
const f = (n: number | null, d = 1) => (n === null ? 'n/a' : n.toFixed(d));
const met = (growth: number | null) => (growth === null ? 'n/a' : growth < GROWTH_TARGET ? 'met' : 'MISSED');
const results = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', loadAverage: os.loadavg() },
  setup: { minutes: MINUTES, intervalMinutes: INTERVAL_MIN, rate: RATE, tabs: TABS },
  samples,
  growthPercentAfterWarmup: { tabs: tabGrowth, worker: workerGrowth },
  longTasksOver50ms: longTasks,
  resyncs,
  injectedGaps,
};
const summary = [
  `| Soak, ${MINUTES} min at ${RATE}/s per live symbol, ${TABS.length} visible tabs | ${samples.map((s) => `${s.minute} min`).join(' | ')} | Growth after warm-up | Target |`,
  `|---|${samples.map(() => '---|').join('')}---|---|`,
  ...tabs.map((t, i) => `| tab heap, ${t.label} (MB) | ${samples.map((s) => f(s.tabHeapMb[i] ?? null, 2)).join(' | ')} | ${f(tabGrowth[i] ?? null, 2)} % | < 2 % (${met(tabGrowth[i] ?? null)}) |`),
  `| market worker heap (MB) | ${samples.map((s) => f(s.workerHeapMb, 2)).join(' | ')} | ${f(workerGrowth, 2)} % | < 2 % (${met(workerGrowth)}) |`,
  `| long tasks > 50 ms, all tabs, in the interval | ${samples.map((s) => s.longTasks.reduce((a, b) => a + b, 0)).join(' | ')} | ${longTasks} after warm-up | 0 |`,
  `| app resyncs (cumulative) / simulator-injected gaps | ${samples.map((s) => f(s.resyncs, 0)).join(' | ')} | ${f(resyncs, 0)} / ${injectedGaps} | no resync the simulator did not cause (${resyncs === null ? 'n/a' : resyncs <= injectedGaps ? 'met' : 'MISSED'}) |`,
  `| messages/s into the worker | ${samples.map((s) => f(s.messagesPerSecond, 0)).join(' | ')} | | |`,
  `| machine load average (1 min) | ${samples.map((s) => f(s.loadAverage, 2)).join(' | ')} | | |`,
].join('\n');
console.log(`\n${summary}\n`);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/soak-latest.json'), JSON.stringify({ ...results, summary }, null, 2) + '\n');
