// `npx tsx bench/browser/windows.ts` (issue 19): what more windows cost the browser, as ratios of the whole
// browser's CPU (all its processes, CDP SystemInfo) against one visible trading tab on BTCUSDT:
// - four visible trading tabs on four pairs (a trader's four screens; headless tabs all count as visible):
//   target ≤ 3× (the sockets and the parsing are shared by the tabs; only rendering should scale);
// - ten tabs, one visible and nine hidden and frozen as a browser does with background tabs (setup.ts
//   openBackgroundTabs): target ≤ 1.5×.
// The one-tab baseline is measured before and after the others and averaged (load on a shared machine drifts).
// Writes bench/results/browser-windows-latest.json and prints a Markdown table.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { totalCpuSeconds, workerThreadCpuSeconds } from './metrics.ts';
import { arg, openBackgroundTabs, root, startBench, VIEWED, type ProcessInfo } from './setup.ts';
import { HIDDEN_RELEASE_MS } from '../../workers/market-core.ts';

const RATE = arg('rate', 500);
const MEASURE_MS = arg('seconds', 15) * 1000;
const FOUR: Array<[string, 'spot' | 'usdm']> = [[VIEWED, 'spot'], ['ETHUSDT', 'spot'], ['SOLUSDT', 'spot'], ['BNBUSDT', 'spot']];

const env = await startBench(RATE);
console.log(`sandbox on ${env.base}, simulator rate ${RATE}/s per live symbol`);

interface Cpu {
  /** Whole browser, % of one core. */
  browser: number;
  /** Of which the market worker's thread (the shared socket, parsing and books), % of one core; null without /proc. */
  worker: number | null;
  /** By process type (browser, renderer, gpu-process, utility…), % of one core: where the rest goes. */
  byType: Record<string, number>;
}

const byType = (list: ProcessInfo[]): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const p of list) out[p.type] = (out[p.type] ?? 0) + p.cpuTime;
  return out;
};

/** Browser CPU (all processes) and the market worker's over MEASURE_MS, % of one core. */
async function browserCpu(label: string, settleMs = 3000): Promise<Cpu> {
  await new Promise((r) => setTimeout(r, settleMs)); // books synced, rates settled
  const ids = async () => (await env.processes()).map((p) => p.id);
  const first = await env.processes();
  const before = totalCpuSeconds(first);
  const typesBefore = byType(first);
  const workerBefore = workerThreadCpuSeconds(await ids());
  const t0 = Date.now();
  await new Promise((r) => setTimeout(r, MEASURE_MS));
  const wall = Date.now() - t0;
  const last = await env.processes();
  const browser = ((totalCpuSeconds(last) - before) * 100_000) / wall;
  const types = Object.fromEntries(Object.entries(byType(last)).map(([type, cpu]) => [type, ((cpu - (typesBefore[type] ?? 0)) * 100_000) / wall]));
  const workerAfter = workerThreadCpuSeconds(await ids());
  const worker = workerBefore !== null && workerAfter !== null ? ((workerAfter - workerBefore) * 100_000) / wall : null;
  const split = Object.entries(types).map(([type, v]) => `${type} ${v.toFixed(1)}`).join(', ');
  console.log(`  ${label}: ${browser.toFixed(1)} % of one core (market worker ${worker === null ? 'n/a' : worker.toFixed(1)} %; ${split})`);
  return { browser, worker, byType: types };
}

const closeAll = async (tabs: Page[]) => {
  for (const tab of tabs) await tab.close();
};

const one1 = await env.openTrading(VIEWED, 'spot');
const oneBefore = await browserCpu('one visible tab');
await one1.close();

const four: Page[] = [];
for (const [symbol, market] of FOUR) four.push(await env.openTrading(symbol, market));
const fourVisible = await browserCpu('four visible tabs, four pairs');
await closeAll(four);

const viewed = await env.openTrading(VIEWED, 'spot');
const { tabs: background, frozen } = await openBackgroundTabs(env);
await viewed.bringToFront();
// Hidden tabs give up their per-symbol streams after HIDDEN_RELEASE_MS (workers/market-core.ts): measure after that.
const ten = await browserCpu(`ten tabs, one visible (${frozen} of ${background.length} others frozen)`, 3000 + HIDDEN_RELEASE_MS);
await closeAll([viewed, ...background]);

const one2 = await env.openTrading(VIEWED, 'spot');
const oneAfter = await browserCpu('one visible tab, again');
await one2.close();
await env.close();

const f = (n: number, d = 1) => n.toFixed(d);
const one = (oneBefore.browser + oneAfter.browser) / 2;
const w = (c: Cpu) => (c.worker === null ? 'n/a' : f(c.worker));
const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
const results = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', loadAverage: os.loadavg() },
  setup: { rate: RATE, measureSeconds: MEASURE_MS / 1000, four: FOUR, backgroundFrozen: frozen },
  browserCpuPercentOfOneCore: { oneBefore, oneAfter, fourVisible, tenOneVisible: ten },
  ratios: { fourVisibleVsOne: fourVisible.browser / one, tenOneVisibleVsOne: ten.browser / one },
  targets: { fourVisibleVsOne: 3, tenOneVisibleVsOne: 1.5 },
};
const summary = [
  `| Browser CPU (all processes), simulator ${RATE}/s per live symbol | % of one core | of which the market worker | ÷ one tab | Target |`,
  `|---|---|---|---|---|`,
  `| one visible trading tab (before / after) | ${f(oneBefore.browser)} / ${f(oneAfter.browser)} | ${w(oneBefore)} / ${w(oneAfter)} | 1 | — |`,
  `| four visible tabs on four pairs | ${f(fourVisible.browser)} | ${w(fourVisible)} | ${f(results.ratios.fourVisibleVsOne, 2)}× | ≤ 3× (${met(results.ratios.fourVisibleVsOne <= 3)}) |`,
  `| ten tabs, one visible (${frozen} of 9 others frozen) | ${f(ten.browser)} | ${w(ten)} | ${f(results.ratios.tenOneVisibleVsOne, 2)}× | ≤ 1.5× (${met(results.ratios.tenOneVisibleVsOne <= 1.5)}) |`,
  `| by process type (one / four / ten), % of one core | ${Object.keys(ten.byType).map((k) => `${k} ${f(((oneBefore.byType[k] ?? 0) + (oneAfter.byType[k] ?? 0)) / 2)} / ${f(fourVisible.byType[k] ?? 0)} / ${f(ten.byType[k] ?? 0)}`).join('; ')} | | | |`,
  `| machine load average (1 min) | ${f(os.loadavg()[0] ?? 0, 2)} on ${os.cpus().length} cores | | | |`,
].join('\n');
console.log(`\n${summary}\n`);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/browser-windows-latest.json'), JSON.stringify({ ...results, summary }, null, 2) + '\n');
