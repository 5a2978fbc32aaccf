// `npm run bench:soak -- --minutes 30 [--interval 5] [--rate 2000]` (issue 19 "Soak"): three visible trading tabs
// (BTCUSDT spot, ETHUSDT spot, BTCUSDT USDⓈ-M) live against the simulator for N minutes. Not part of `npm test`
// (it takes minutes and its figures are reported, not asserted). After every interval it records:
// - each tab's JavaScript heap and the market worker's, two ways, both after a forced garbage collection (so what
//   is retained, not what is waiting for a collection):
//   - the heap V8 uses, CDP Runtime.getHeapUsage's usedSize. It includes compiled code, which keeps growing for
//     minutes while V8 compiles functions and tiers them up: a diagnosis of the 30-minute run (heap snapshots of a
//     spot tab 6 minutes apart) found +142 KB of code and no object type of the app growing, while this figure
//     read as growth;
//   - the object heap: a V8 heap snapshot (CDP HeapProfiler.takeHeapSnapshot) summed by node type, V8's heap
//     less compiled code and object shapes (hidden classes), so the data the app keeps. ENGINE_NODE_TYPES in
//     metrics.ts says which node types are left out and why (the `hidden` type stays: it holds app data);
//   growth is from the first sample after warm-up (the sample at the end of the first interval) to the last; the
//   target, < 2 %, is read on the object heap (the usedSize rows keep their verdict, for earlier runs' sake);
// - long tasks over 50 ms in each tab (a longtask observer), leaving out those that start while the script
//   measures: forced collections and heap snapshots hold the tabs' main threads (V8 writes a snapshot of a
//   10-15 MB heap in the order of a second) and take CPU from the others; they are counted apart;
// - the app's resync counter (the worker's health, read from the trading page's diagnostics) against the gaps the
//   simulator injected: it injects none unless asked through /sim/_control/faults, which this script does not do,
//   so every resync is one the simulator did not cause.
// The full 30 minutes is for a quiet machine; on a shared one the heap figures still hold (they do not depend on
// timing) but long tasks are mostly waits for a core. A sample costs each tab and the worker a heap snapshot (the
// isolate held while V8 writes it, then its JSON, some tens of MB for a tab, parsed here): fine every few
// minutes, not every few seconds.
// Writes bench/results/soak-latest.json (with each heap snapshot's bytes by node type), prints a table.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { heapByNodeType, heapGrowthPercent, messagesPerSecond, type HeapBreakdown, type HeapSnapshotJson } from './metrics.ts';
import { arg, root, startBench } from './setup.ts';

const MINUTES = arg('minutes', 30);
const INTERVAL_MIN = arg('interval', 5);
const RATE = arg('rate', 2000);
const TABS: Array<[string, 'spot' | 'usdm']> = [['BTCUSDT', 'spot'], ['ETHUSDT', 'spot'], ['BTCUSDT', 'usdm']];
const GROWTH_TARGET = 2;
/** A heap snapshot may take this long (the worker's calls otherwise give up after 10 s). */
const SNAPSHOT_TIMEOUT_MS = 120_000;
/** Long tasks starting up to this long after a sample's measurements are counted as theirs (a tab catching up). */
const MEASURE_SETTLE_MS = 1000;
/** `--keep-snapshots DIR`: also writes each tab's raw heap snapshot there (tab<i>-<minute>min.heapsnapshot), for
 * `bench/browser/heap-diff.ts` or Chromium's DevTools to compare; the worker's are not kept. The tabs' profilers
 * then stay enabled between samples, so that an object keeps its snapshot id from one sample to the next. */
const keepAt = process.argv.indexOf('--keep-snapshots');
const KEEP_DIR = keepAt >= 0 ? path.resolve(process.argv[keepAt + 1] ?? '') : null;
if (KEEP_DIR !== null) mkdirSync(KEEP_DIR, { recursive: true });

const env = await startBench(RATE);
// Long tasks with their start (epoch ms), beside setup.ts's durations: those starting while this script measures
// are told apart from the app's.
await env.context.addInitScript(() => {
  const w = window as unknown as { __soakLongTasks: Array<[number, number]> };
  w.__soakLongTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__soakLongTasks.push([performance.timeOrigin + e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
});
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
// Events come the same way, without an id: the heap snapshot's chunks go to workerChunk while one is taken.
const workerCalls = new Map<number, (result: unknown) => void>();
let workerSession: string | null = null;
let workerChunk: ((chunk: string) => void) | null = null;
let nextId = 1;
browserCdp.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
  const reply = JSON.parse(event.message) as { id?: number; result?: unknown; error?: unknown; method?: string; params?: { chunk?: string } };
  if (reply.id !== undefined) workerCalls.get(reply.id)?.(reply.error ? null : reply.result);
  else if (reply.method === 'HeapProfiler.addHeapSnapshotChunk' && event.sessionId === workerSession) workerChunk?.(reply.params?.chunk ?? '');
});
/** A CDP command to the worker: its result, or null (no worker, an error, or no reply within `timeoutMs`). */
async function workerCall(method: string, params: Record<string, unknown> = {}, timeoutMs = 10_000): Promise<unknown> {
  if (workerSession === null) {
    const { targetInfos } = (await browserCdp.send('Target.getTargets')) as { targetInfos: Array<{ targetId: string; type: string }> };
    const worker = targetInfos.find((t) => t.type === 'shared_worker');
    if (!worker) return null;
    workerSession = ((await browserCdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false })) as { sessionId: string }).sessionId;
  }
  const id = nextId++;
  const reply = new Promise<unknown>((resolve) => {
    const timer = setTimeout(() => {
      workerCalls.delete(id);
      resolve(null);
    }, timeoutMs);
    workerCalls.set(id, (result) => {
      clearTimeout(timer);
      workerCalls.delete(id);
      resolve(result);
    });
  });
  await browserCdp.send('Target.sendMessageToTarget', { sessionId: workerSession, message: JSON.stringify({ id, method, params }) });
  return reply;
}

type Send = (method: string, params?: Record<string, unknown>) => Promise<unknown>;
/** Calls `onChunk` with each HeapProfiler.addHeapSnapshotChunk event's chunk until the returned function is called. */
type ListenChunks = (onChunk: (chunk: string) => void) => () => void;

/**
 * A V8 heap snapshot of one JavaScript isolate (a tab's main thread, or the worker), after a forced collection,
 * summed by node type (heapByNodeType in metrics.ts). Null, with a warning, when it could not be taken or read.
 * The snapshot's JSON (some tens of MB for a tab) is parsed and dropped here.
 */
async function heapSnapshot(send: Send, listenChunks: ListenChunks, keepAs: string | null = null): Promise<HeapBreakdown | null> {
  const chunks: string[] = [];
  const stop = listenChunks((chunk) => chunks.push(chunk));
  try {
    await send('HeapProfiler.enable');
    await send('HeapProfiler.collectGarbage');
    // The chunks all come before the reply. captureNumericValue would only add size-less nodes for numbers.
    const done = await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
    if (done === null) throw new Error('no reply');
    const json = chunks.join('');
    if (keepAs !== null) writeFileSync(keepAs, json);
    return heapByNodeType(JSON.parse(json) as HeapSnapshotJson);
  } catch (error) {
    console.warn(`  heap snapshot failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  } finally {
    stop();
    // Disabled between samples, so the profiler keeps no map of object ids (nor tracks moves) meanwhile. Kept
    // enabled when the snapshots are kept: disabling drops the ids, and heap-diff.ts matches objects by them.
    if (keepAs === null) await send('HeapProfiler.disable').catch(() => null);
  }
}

function tabHeapSnapshot(cdp: CDPSession, keepAs: string | null): Promise<HeapBreakdown | null> {
  const send: Send = (method, params) => (cdp as unknown as { send(method: string, params?: Record<string, unknown>): Promise<unknown> }).send(method, params);
  return heapSnapshot(send, (onChunk) => {
    const listener = (event: { chunk: string }) => onChunk(event.chunk);
    cdp.on('HeapProfiler.addHeapSnapshotChunk', listener);
    return () => cdp.off('HeapProfiler.addHeapSnapshotChunk', listener);
  }, keepAs);
}

async function workerHeap(): Promise<{ used: number | null; snapshot: HeapBreakdown | null }> {
  let used: number | null = null;
  try {
    await workerCall('HeapProfiler.collectGarbage');
    const usage = (await workerCall('Runtime.getHeapUsage')) as { usedSize: number } | null;
    used = usage?.usedSize ?? null;
  } catch {
    return { used: null, snapshot: null };
  }
  const snapshot = await heapSnapshot(
    (method, params) => workerCall(method, params, SNAPSHOT_TIMEOUT_MS),
    (onChunk) => {
      workerChunk = onChunk;
      return () => (workerChunk = null);
    },
  );
  return { used, snapshot };
}

interface Sample {
  minute: number;
  /** Runtime.getHeapUsage usedSize, compiled code included. */
  tabHeapMb: number[];
  /** The object heap (HeapBreakdown.objects: compiled code and object shapes excluded); null where the snapshot failed. */
  tabObjectHeapMb: Array<number | null>;
  /** Each tab's heap snapshot, bytes by node type. */
  tabHeapBytesByType: Array<Record<string, number> | null>;
  workerHeapMb: number | null;
  workerObjectHeapMb: number | null;
  workerHeapBytesByType: Record<string, number> | null;
  /** Long tasks of the app in the interval, per tab. */
  longTasks: number[];
  /** Long tasks that started while the previous sample measured (collections, snapshots), per tab; not in longTasks. */
  longTasksDuringMeasurement: number[];
  longestTaskMs: number;
  resyncs: number | null;
  messagesPerSecond: number;
  loadAverage: number;
}

const mb = (bytes: number) => bytes / 2 ** 20;
/** The previous sample's measurements (epoch ms), MEASURE_SETTLE_MS included. */
let measuring: { from: number; to: number } | null = null;
async function sample(minute: number, messages: number): Promise<Sample> {
  const from = Date.now();
  const longTasks: number[] = [];
  const longTasksDuringMeasurement: number[] = [];
  let longest = 0;
  // The interval's long tasks first, before this sample's measurements add their own.
  for (const tab of tabs) {
    const tasks = (await tab.page.evaluate(`(window.__longTasks.splice(0), window.__soakLongTasks.splice(0))`)) as Array<[number, number]>;
    const app = tasks.filter(([start]) => measuring === null || start < measuring.from || start > measuring.to).map(([, duration]) => duration);
    longTasks.push(app.filter((d) => d > 50).length);
    longTasksDuringMeasurement.push(tasks.length - app.length);
    longest = Math.max(longest, ...app);
  }
  const tabHeapMb: number[] = [];
  const tabObjectHeapMb: Array<number | null> = [];
  const tabHeapBytesByType: Array<Record<string, number> | null> = [];
  for (const [i, tab] of tabs.entries()) {
    await tab.cdp.send('HeapProfiler.collectGarbage');
    tabHeapMb.push(mb(((await tab.cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize));
    const heap = await tabHeapSnapshot(tab.cdp, KEEP_DIR === null ? null : path.join(KEEP_DIR, `tab${i}-${minute}min.heapsnapshot`));
    tabObjectHeapMb.push(heap === null ? null : mb(heap.objects));
    tabHeapBytesByType.push(heap?.byType ?? null);
  }
  const worker = await workerHeap();
  measuring = { from, to: Date.now() + MEASURE_SETTLE_MS };
  const text = await tabs[0]?.page.getByTestId('health-resyncs').textContent({ timeout: 5000 }).catch(() => null);
  const digits = text?.match(/\d+/);
  const s: Sample = {
    minute,
    tabHeapMb,
    tabObjectHeapMb,
    tabHeapBytesByType,
    workerHeapMb: worker.used === null ? null : mb(worker.used),
    workerObjectHeapMb: worker.snapshot === null ? null : mb(worker.snapshot.objects),
    workerHeapBytesByType: worker.snapshot?.byType ?? null,
    longTasks,
    longTasksDuringMeasurement,
    longestTaskMs: longest,
    resyncs: digits ? Number(digits[0]) : null,
    messagesPerSecond: messages,
    loadAverage: os.loadavg()[0] ?? 0,
  };
  const objects = (h: number | null) => h?.toFixed(2) ?? 'n/a';
  console.log(`  ${minute} min: tabs ${tabHeapMb.map((h) => h.toFixed(1)).join(' / ')} MB (objects ${tabObjectHeapMb.map(objects).join(' / ')} MB), worker ${s.workerHeapMb?.toFixed(1) ?? 'n/a'} MB (objects ${objects(s.workerObjectHeapMb)} MB), long tasks ${longTasks.join(' / ')} (${longTasksDuringMeasurement.reduce((a, b) => a + b, 0)} more during measurement), resyncs ${s.resyncs ?? 'n/a'}, ${messages.toFixed(0)} msg/s, load ${s.loadAverage.toFixed(2)}`);
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
const WARMUP = 1;
const growth = (series: Array<number | null>) => {
  const kept = series.slice(WARMUP);
  return kept.every((v) => v !== null) ? heapGrowthPercent(kept, 0) : null;
};
const tabGrowth = tabs.map((_, i) => heapGrowthPercent(samples.map((s) => s.tabHeapMb[i] ?? 0), WARMUP));
const workerGrowth = growth(samples.map((s) => s.workerHeapMb));
// The target's figures: the object heap, compiled code excluded.
const tabObjectGrowth = tabs.map((_, i) => growth(samples.map((s) => s.tabObjectHeapMb[i] ?? null)));
const workerObjectGrowth = growth(samples.map((s) => s.workerObjectHeapMb));
// Long tasks too: the 0 min sample holds the pages' loading, not their running.
const longTasks = samples.slice(1).reduce((sum, s) => sum + s.longTasks.reduce((a, b) => a + b, 0), 0);
const measurementTasks = samples.reduce((sum, s) => sum + s.longTasksDuringMeasurement.reduce((a, b) => a + b, 0), 0);
const resyncs = samples.at(-1)?.resyncs ?? null;
const f = (n: number | null, d = 1) => (n === null ? 'n/a' : n.toFixed(d));
const met = (growth: number | null) => (growth === null ? 'n/a' : growth < GROWTH_TARGET ? 'met' : 'MISSED');
const results = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', loadAverage: os.loadavg() },
  setup: { minutes: MINUTES, intervalMinutes: INTERVAL_MIN, rate: RATE, tabs: TABS },
  samples,
  growthPercentAfterWarmup: { tabs: tabGrowth, worker: workerGrowth, tabObjectHeaps: tabObjectGrowth, workerObjectHeap: workerObjectGrowth },
  longTasksOver50ms: longTasks,
  longTasksDuringMeasurement: measurementTasks,
  resyncs,
  injectedGaps,
};
const summary = [
  `| Soak, ${MINUTES} min at ${RATE}/s per live symbol, ${TABS.length} visible tabs | ${samples.map((s) => `${s.minute} min`).join(' | ')} | Growth after warm-up | Target |`,
  `|---|${samples.map(() => '---|').join('')}---|---|`,
  ...tabs.map((t, i) => `| tab heap, ${t.label} (MB) | ${samples.map((s) => f(s.tabHeapMb[i] ?? null, 2)).join(' | ')} | ${f(tabGrowth[i] ?? null, 2)} % | < 2 % (${met(tabGrowth[i] ?? null)}) |`),
  `| market worker heap (MB) | ${samples.map((s) => f(s.workerHeapMb, 2)).join(' | ')} | ${f(workerGrowth, 2)} % | < 2 % (${met(workerGrowth)}) |`,
  ...tabs.map((t, i) => `| tab object heap, ${t.label} (MB, compiled code excluded) | ${samples.map((s) => f(s.tabObjectHeapMb[i] ?? null, 2)).join(' | ')} | ${f(tabObjectGrowth[i] ?? null, 2)} % | < 2 % (${met(tabObjectGrowth[i] ?? null)}) |`),
  `| market worker object heap (MB, compiled code excluded) | ${samples.map((s) => f(s.workerObjectHeapMb, 2)).join(' | ')} | ${f(workerObjectGrowth, 2)} % | < 2 % (${met(workerObjectGrowth)}) |`,
  `| long tasks > 50 ms, all tabs, in the interval | ${samples.map((s) => s.longTasks.reduce((a, b) => a + b, 0)).join(' | ')} | ${longTasks} after warm-up | 0 |`,
  `| app resyncs (cumulative) / simulator-injected gaps | ${samples.map((s) => f(s.resyncs, 0)).join(' | ')} | ${f(resyncs, 0)} / ${injectedGaps} | no resync the simulator did not cause (${resyncs === null ? 'n/a' : resyncs <= injectedGaps ? 'met' : 'MISSED'}) |`,
  `| messages/s into the worker | ${samples.map((s) => f(s.messagesPerSecond, 0)).join(' | ')} | | |`,
  `| machine load average (1 min) | ${samples.map((s) => f(s.loadAverage, 2)).join(' | ')} | | |`,
].join('\n');
const notes = [
  'The < 2 % heap target is read on the object-heap rows: V8\'s heap less compiled code and object shapes, from a heap snapshot after a forced collection (ENGINE_NODE_TYPES in bench/browser/metrics.ts). The heap rows (Runtime.getHeapUsage usedSize) include compiled code, which grows for minutes as V8 compiles and optimises functions; their verdict is kept for comparison with earlier runs, not for the target.',
  `Long tasks that started while the script measured (forced collections and heap snapshots hold a tab's main thread) are not in the long-task row: ${measurementTasks} in all (longTasksDuringMeasurement in the JSON).`,
];
console.log(`\n${summary}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/soak-latest.json'), JSON.stringify({ ...results, summary, notes }, null, 2) + '\n');
