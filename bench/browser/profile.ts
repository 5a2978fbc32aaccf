// `npx tsx bench/browser/profile.ts [--seconds 5] [--rate 2000] [options]`: where the viewed trading tab's main
// thread spends its time under the benchmark's load (same setup as run.ts), or with `--page lightning` the
// lightning terminal's (run.ts's ladder setup: four futures positions live, no background tabs). Records a
// Chrome trace and a JS CPU profile of the tab and prints: self time per trace event, wall and on-CPU (the trace's
// thread time); tasks by kind and FunctionCall events by function; layouts by their roots and paints by layer
// owner; then the tab's on-CPU share with panels hidden one at a time (an ablation); then JS self and inclusive
// time by function and by file. A diagnostic for performance work; writes nothing. Options:
//   --invalidations            what invalidated layout (node and reason), at a large tracing overhead
//   --hide 'sel1;sel2'         the panels the ablation hides (display: none), instead of the default list
//   --css 'rules;;rules'       the ablation injects these style sheets instead (e.g. to try a property's cost)
//   --trace-hide 'sel'         the trace is taken with sel hidden
//   --categories a,b           more trace categories (e.g. cc, blink.canvas)
//   --inside NAME              the events nested in NAME (e.g. Commit), summed by name, with their rate
//   --app-js                   the inclusive JS list leaves out React, i18next and the virtualiser
//   --page lightning           profile the lightning terminal instead of the trading page
// TD_BENCH_NO_MINIFY=1 builds the app unminified, so the JS profile names functions (figures come from the
// minified build).
import type { Page } from 'playwright-core';
import { mainThreadCpuSeconds } from './metrics.ts';
import { arg, openBackgroundTabs, openLightning, startBench, VIEWED } from './setup.ts';

const SECONDS = arg('seconds', 5);
const pageArg = process.argv.indexOf('--page');
const LIGHTNING = pageArg >= 0 && process.argv[pageArg + 1] === 'lightning';
const env = await startBench(arg('rate', 2000));
const renderersBefore = new Set((await env.processes()).filter((p) => p.type === 'renderer').map((p) => p.id));
const page: Page = LIGHTNING ? await openLightning(env) : await env.openTrading(VIEWED, 'spot');
const viewedPids = (await env.processes()).filter((p) => p.type === 'renderer' && !renderersBefore.has(p.id)).map((p) => p.id);
if (!LIGHTNING) await openBackgroundTabs(env);
await page.bringToFront();
await page.waitForTimeout(3000);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

// --trace-hide SEL: trace with SEL hidden (display: none), to see what the remaining panels cost.
const traceHide = process.argv.indexOf('--trace-hide');
const traceStyle = traceHide >= 0 ? await page.addStyleTag({ content: `${process.argv[traceHide + 1] ?? ''} { display: none !important; }` }) : null;
if (traceStyle) await page.waitForTimeout(500);
console.log(`tracing ${SECONDS} s…`);
await env.browser.startTracing(page, {
  categories: [
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'toplevel',
    // Invalidation tracking names what caused each layout and style recalc, at a large tracing overhead.
    ...(process.argv.includes('--invalidations') ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
    // --categories a,b: more trace categories (e.g. cc, to see inside Commit).
    ...(process.argv.includes('--categories') ? (process.argv[process.argv.indexOf('--categories') + 1] ?? '').split(',') : []),
  ],
});
await page.waitForTimeout(SECONDS * 1000);
const trace = JSON.parse((await env.browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
const events = trace.traceEvents;
if (traceStyle) await traceStyle.evaluate((el) => (el as Element).remove());

// The viewed tab's main thread: the CrRendererMain with the most complete events.
const names = events.filter((e) => e.name === 'thread_name' && e.args?.['name'] === 'CrRendererMain');
const counts = new Map<string, number>();
for (const e of events) if (e.ph === 'X') counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
const main = names.map((n) => `${n.pid}:${n.tid}`).sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))[0];
const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main);

// Self time per event name (complete events nest by time on one thread).
const complete = onMain.filter((e) => e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
const self = new Map<string, number>();
const stack: TraceEvent[] = [];
let topLevel = 0;
for (const e of complete) {
  while (stack.length && (stack[stack.length - 1] as TraceEvent).ts + ((stack[stack.length - 1] as TraceEvent).dur ?? 0) <= e.ts) stack.pop();
  const parent = stack[stack.length - 1];
  if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - (e.dur ?? 0));
  else topLevel += e.dur ?? 0;
  self.set(e.name, (self.get(e.name) ?? 0) + (e.dur ?? 0));
  stack.push(e);
}
// The longest top-level tasks, each with its largest child events.
const tops: Array<{ e: TraceEvent; children: Map<string, number> }> = [];
{
  let current: { e: TraceEvent; children: Map<string, number> } | null = null;
  for (const e of complete) {
    if (!current || e.ts >= current.e.ts + (current.e.dur ?? 0)) {
      current = { e, children: new Map() };
      tops.push(current);
    } else current.children.set(e.name, (current.children.get(e.name) ?? 0) + (e.dur ?? 0));
  }
}
const ms = (us: number) => (us / 1000).toFixed(1);
const pct = (us: number) => ((us / (SECONDS * 1e6)) * 100).toFixed(1);
console.log(`\nmain thread busy (top-level events): ${pct(topLevel)} %`);
console.log('self time per event (ms over the window, % of wall):');
for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${name.padEnd(40)} ${ms(us).padStart(8)}  ${pct(us)} %`);

// --inside NAME: the events nested in NAME on the main thread (thread time, summed by name).
if (process.argv.includes('--inside')) {
  const target = process.argv[process.argv.indexOf('--inside') + 1] ?? '';
  const inner = new Map<string, { us: number; n: number }>();
  for (const outer of complete.filter((e) => e.name === target)) {
    const end = outer.ts + (outer.dur ?? 0);
    for (const e of complete) {
      if (e === outer || e.ts < outer.ts || e.ts >= end) continue;
      const entry = inner.get(e.name) ?? { us: 0, n: 0 };
      entry.us += e.tdur ?? e.dur ?? 0;
      entry.n++;
      inner.set(e.name, entry);
    }
  }
  console.log(`\ninside ${target} (thread ms, inclusive, summed; count a second):`);
  for (const [name, { us, n }] of [...inner].sort((a, b) => b[1].us - a[1].us).slice(0, 25)) console.log(`  ${name.padEnd(50)} ${ms(us).padStart(8)}  ${(n / SECONDS).toFixed(1)}/s`);
}
// Thread (on-CPU) time per event name, self: the trace's tdur where Chromium records it.
{
  const selfT = new Map<string, number>();
  const st: TraceEvent[] = [];
  let total = 0;
  for (const e of complete) {
    if (e.tdur === undefined) continue;
    while (st.length && (st[st.length - 1] as TraceEvent).ts + ((st[st.length - 1] as TraceEvent).dur ?? 0) <= e.ts) st.pop();
    const parent = st[st.length - 1];
    if (parent) selfT.set(parent.name, (selfT.get(parent.name) ?? 0) - e.tdur);
    else total += e.tdur;
    selfT.set(e.name, (selfT.get(e.name) ?? 0) + e.tdur);
    st.push(e);
  }
  console.log(`\non-CPU (trace thread time) of top-level events: ${pct(total)} %; self per event:`);
  for (const [name, us] of [...selfT].sort((a, b) => b[1] - a[1]).slice(0, 16)) console.log(`  ${name.padEnd(40)} ${ms(us).padStart(8)}  ${pct(us)} %`);
}
// Top-level tasks by kind (their largest child event): count a second and thread time.
{
  const kinds = new Map<string, { n: number; us: number }>();
  for (const { e, children } of tops) {
    const wrappers = new Set(['ThreadControllerImpl::RunTask', 'RunTask', 'SimpleWatcher::OnHandleReady']);
    const kind = [...children].filter(([n]) => !wrappers.has(n)).sort((a, b) => b[1] - a[1])[0]?.[0] ?? '(nothing traced)';
    const entry = kinds.get(kind) ?? { n: 0, us: 0 };
    entry.n++;
    entry.us += e.tdur ?? e.dur ?? 0;
    kinds.set(kind, entry);
  }
  // FunctionCall tasks by the function they called (a name and script place from the trace).
  const calls = new Map<string, { n: number; us: number }>();
  for (const e of complete) {
    if (e.name !== 'FunctionCall') continue;
    const d = e.args?.['data'] ?? {};
    const k = `${d.functionName || '(anonymous)'} ${String(d.url ?? '').split('/').pop()}:${d.lineNumber ?? ''}`;
    const entry = calls.get(k) ?? { n: 0, us: 0 };
    entry.n++;
    entry.us += e.tdur ?? e.dur ?? 0;
    calls.set(k, entry);
  }
  console.log('\nFunctionCall events by function (count a second, thread ms):');
  for (const [k, { n, us }] of [...calls].sort((a, b) => b[1].us - a[1].us).slice(0, 12)) console.log(`  ${k.padEnd(60)} ${(n / SECONDS).toFixed(1).padStart(6)}/s ${ms(us).padStart(8)}`);
  // Where the tasks were posted from (ThreadControllerImpl::RunTask's args), by kind.
  const origins = new Map<string, number>();
  for (const { e, children } of tops) {
    const wrappers = new Set(['ThreadControllerImpl::RunTask', 'RunTask', 'SimpleWatcher::OnHandleReady']);
    const kind = [...children].filter(([n]) => !wrappers.has(n)).sort((a, b) => b[1] - a[1])[0]?.[0] ?? '(nothing traced)';
    const a = e.args ?? {};
    const src = `${kind} <- ${a['src_func'] ?? a['task']?.['posted_from']?.['function_name'] ?? JSON.stringify(a).slice(0, 80)}`;
    origins.set(src, (origins.get(src) ?? 0) + 1);
  }
  console.log('\ntasks by kind and origin (count a second):');
  for (const [k, n] of [...origins].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${(n / SECONDS).toFixed(1).padStart(6)}/s  ${k}`);
  console.log('\ntop-level tasks by largest child (count a second, thread ms):');
  for (const [k, { n, us }] of [...kinds].sort((a, b) => b[1].us - a[1].us).slice(0, 15)) console.log(`  ${k.padEnd(50)} ${(n / SECONDS).toFixed(1).padStart(6)}/s ${ms(us).padStart(8)}`);
}
console.log('\nlongest tasks (ms: largest inclusive child events):');
for (const { e, children } of tops.sort((a, b) => (b.e.dur ?? 0) - (a.e.dur ?? 0)).slice(0, 6)) {
  const parts = [...children].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([n, us]) => `${n} ${ms(us)}`);
  console.log(`  ${ms(e.dur ?? 0).padStart(6)}  ${parts.join(', ')}`);
}
const count = (name: string) => onMain.filter((e) => e.name === name && (e.ph === 'X' || e.ph === 'B')).length / SECONDS;
console.log(`\nper second: frames (Commit) ${count('Commit').toFixed(1)}, layouts ${count('Layout').toFixed(1)}, paints ${count('Paint').toFixed(1)}, function calls ${count('FunctionCall').toFixed(1)}, animation frames ${count('FireAnimationFrame').toFixed(1)}`);

const layouts = onMain.filter((e) => e.name === 'Layout' && e.ph === 'X');
const layoutObjects = layouts.map((e) => Number(e.args?.['beginData']?.dirtyObjects ?? 0));
const roots = new Map<string, number>();
for (const e of layouts) for (const r of e.args?.['endData']?.layoutRoots ?? []) roots.set(String(r.depth), (roots.get(String(r.depth)) ?? 0) + 1);
console.log(`\nlayouts: ${layouts.length}, dirty objects per layout: mean ${(layoutObjects.reduce((a, b) => a + b, 0) / Math.max(1, layouts.length)).toFixed(1)}, max ${Math.max(0, ...layoutObjects)}`);
console.log('layout roots by depth:', Object.fromEntries(roots));
const invalidations = new Map<string, number>();
for (const e of onMain) {
  if (e.name !== 'LayoutInvalidationTracking' && e.name !== 'StyleRecalcInvalidationTracking' && e.name !== 'ScheduleStyleInvalidationTracking' && e.name !== 'PaintInvalidationTracking') continue;
  const d = e.args?.['data'] ?? {};
  const key = `${e.name.replace('InvalidationTracking', '')} ${d.nodeName ?? '?'} — ${d.reason ?? d.invalidationSet?.id ?? d.changedClass ?? d.changedAttribute ?? ''}`;
  invalidations.set(key, (invalidations.get(key) ?? 0) + 1);
}
// Node places (under their panel), resolved in the page from the trace's backend node ids.
const dom = await env.context.newCDPSession(page);
await dom.send('DOM.enable');
await dom.send('DOM.getDocument', { depth: 0 });
async function placeOf(id: number): Promise<string> {
  try {
    const { object } = (await dom.send('DOM.resolveNode', { backendNodeId: id })) as { object: { objectId?: string } };
    if (!object.objectId) return '(none)';
    const { result } = (await dom.send('Runtime.callFunctionOn', {
      objectId: object.objectId,
      returnByValue: true,
      functionDeclaration: `function () {
        const parts = [];
        for (let e = this.nodeType === 1 ? this : this.parentElement; e && parts.length < 5; e = e.parentElement) {
          if (e.classList.contains('td-panel-frame') || e.classList.contains('td-lt-panel')) { parts.push('FRAME'); break; }
          parts.push(e.tagName.toLowerCase() + (typeof e.className === 'string' && e.className ? '.' + e.className.split(' ')[0] : ''));
        }
        return (this.isConnected ? '' : '(detached) ') + (this.nodeType === 9 ? '#document' : parts.reverse().join(' > ')) + (this.nodeType === 3 ? ' > #text' : '');
      }`,
    })) as { result: { value?: string } };
    return result.value ?? '(none)';
  } catch {
    return '(gone)';
  }
}
const rootPlaces = new Map<string, { n: number; us: number }>();
const placeCache = new Map<number, string>();
for (const e of layouts) {
  const keys: string[] = [];
  for (const r of e.args?.['endData']?.layoutRoots ?? []) {
    const id = Number(r.nodeId);
    if (!placeCache.has(id)) placeCache.set(id, await placeOf(id));
    keys.push(`depth ${r.depth}: ${placeCache.get(id)}`);
  }
  const k = [...new Set(keys)].sort().join(' + ');
  const entry = rootPlaces.get(k) ?? { n: 0, us: 0 };
  entry.n++;
  entry.us += e.dur ?? 0;
  rootPlaces.set(k, entry);
}
// Paints by the node whose layer they painted (count, mean ms).
const paintPlaces = new Map<string, { n: number; us: number }>();
for (const e of onMain) {
  if (e.name !== 'Paint' || e.ph !== 'X') continue;
  const id = Number(e.args?.['data']?.nodeId);
  if (!placeCache.has(id)) placeCache.set(id, Number.isFinite(id) ? await placeOf(id) : '(no node)');
  const k = placeCache.get(id) ?? '?';
  const entry = paintPlaces.get(k) ?? { n: 0, us: 0 };
  entry.n++;
  entry.us += e.dur ?? 0;
  paintPlaces.set(k, entry);
}
console.log('paints by layer owner (count, mean ms):');
for (const [k, { n, us }] of [...paintPlaces].sort((a, b) => b[1].us - a[1].us).slice(0, 10)) console.log(`  ${String(n).padStart(6)} ${(us / n / 1000).toFixed(2).padStart(7)} ms  ${k}`);
await dom.send('DOM.disable'); // the DOM agent reports every mutation: off before the ablation below
console.log('layouts by their roots (count, mean ms):');
for (const [k, { n, us }] of [...rootPlaces].sort((a, b) => b[1].us - a[1].us).slice(0, 15)) console.log(`  ${String(n).padStart(6)} ${(us / n / 1000).toFixed(2).padStart(7)} ms  ${k}`);

// Where the layout invalidations happened (with --invalidations).
if (process.argv.includes('--invalidations')) {
  const byPath = new Map<string, number>();
  for (const e of onMain) {
    if (e.name !== 'LayoutInvalidationTracking') continue;
    const id = Number(e.args?.['data']?.nodeId);
    if (!placeCache.has(id) && placeCache.size < 5000) placeCache.set(id, await placeOf(id));
    const k = `${placeCache.get(id) ?? '(not resolved)'} — ${e.args?.['data']?.reason ?? ''}`;
    byPath.set(k, (byPath.get(k) ?? 0) + 1);
  }
  console.log('layout invalidations by place (count):');
  for (const [k, n] of [...byPath].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${String(n).padStart(6)} ${k}`);
}
console.log('invalidations (kind node — reason: count):');
for (const [k, n] of [...invalidations].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${k}: ${n}`);

// Ablation: the viewed tab's main-thread on-CPU share (/proc, not inflated by waiting for a core) and CDP
// busy share with one panel hidden at a time (display: none takes away its style, layout and paint, and the
// virtualised lists then render no rows). The baseline runs first and last, to show drift.
const perf = await env.context.newCDPSession(page);
await perf.send('Performance.enable');
const sample = async () => {
  const { metrics } = (await perf.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  const get = (n: string) => metrics.find((m) => m.name === n)?.value ?? 0;
  return { cpu: mainThreadCpuSeconds(viewedPids) ?? 0, task: get('TaskDuration'), script: get('ScriptDuration'), layout: get('LayoutDuration'), style: get('RecalcStyleDuration') };
};
const hideArg = process.argv.indexOf('--hide');
// --css 'rules;;rules': variants of injected CSS instead of hidden panels (e.g. to try a property's cost).
const cssArg = process.argv.indexOf('--css');
const hides = cssArg >= 0 ? ['', ...(process.argv[cssArg + 1] ?? '').split(';;'), ''] : hideArg >= 0 ? ['', ...(process.argv[hideArg + 1] ?? '').split(';'), ''] : LIGHTNING
      ? ['', '.td-lt-ladder', '.td-lt-market', '.td-lt-positions', '.td-lt-actions', '.td-lt-panels', '.td-orders-area', '']
      : ['', '.td-trades', '.td-book', '.td-chart', '.td-pair-header', '.td-health', '.td-form-slot', '.td-orders-area', ''];
for (const hide of hides) {
  const style = hide ? await page.addStyleTag({ content: cssArg >= 0 ? hide : `${hide} { display: none !important; }` }) : null;
  await page.waitForTimeout(500);
  const a = await sample();
  await page.waitForTimeout(SECONDS * 1000);
  const b = await sample();
  const p = (x: number, y: number) => (((y - x) / SECONDS) * 100).toFixed(1);
  console.log(`hidden ${(hide || '(none)').padEnd(16)} on-CPU ${p(a.cpu, b.cpu).padStart(5)} %  busy ${p(a.task, b.task).padStart(5)} %  script ${p(a.script, b.script)}  layout ${p(a.layout, b.layout)}  style ${p(a.style, b.style)}`);
  if (style) await style.evaluate((el) => (el as Element).remove());
}

console.log(`\nJS profiling ${SECONDS} s…`);
const cdp = await env.context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.waitForTimeout(SECONDS * 1000);
const { profile } = (await cdp.send('Profiler.stop')) as {
  profile: { nodes: Array<{ id: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }>; samples: number[]; timeDeltas: number[] };
};
const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
const jsSelf = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const n = byNode.get(id);
  if (!n) return;
  const f = n.callFrame;
  const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
  jsSelf.set(key, (jsSelf.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
// Inclusive time: each sample counts once for every distinct function on its stack.
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
const keyOf = (id: number) => {
  const f = byNode.get(id)?.callFrame;
  return f ? `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}:${f.columnNumber + 1}` : '?';
};
const inclusive = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const seen = new Set<string>();
  for (let n: number | undefined = id; n !== undefined; n = parentOf.get(n)) seen.add(keyOf(n));
  for (const k of seen) inclusive.set(k, (inclusive.get(k) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
console.log('JS functions by inclusive time (ms, % of wall):');
// The library chunks of the build (vite.config.ts puts React, react-dom and the router in 'react').
const libs = /^(index|react|jsx-runtime|esm)-/;
for (const [k, us] of [...inclusive].filter(([k]) => !k.startsWith('(') && (process.argv.includes('--app-js') ? !libs.test(k.split(' ').pop() ?? '') : true)).sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${k.padEnd(70)} ${ms(us).padStart(8)}  ${pct(us)} %`);
const byFile = new Map<string, number>();
for (const [k, us] of jsSelf) {
  const file = k.split(' ').pop()?.split(':')[0] ?? '';
  byFile.set(file, (byFile.get(file) ?? 0) + us);
}
console.log('JS self time by file (ms, % of wall):');
for (const [f, us] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${(f || '(native)').padEnd(50)} ${ms(us).padStart(8)}  ${pct(us)} %`);
console.log('hottest functions by self time (ms, % of wall):');
for (const [k, us] of [...jsSelf].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${k.padEnd(70)} ${ms(us).padStart(8)}  ${pct(us)} %`);

await env.close();
