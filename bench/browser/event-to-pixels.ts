// `npm run bench:browser -- --scenario event-to-pixels` (issue 19 "Event to pixels"): for sampled book and trade
// updates of the viewed trading tab (BTCUSDT, simulator at `--rate 2000` events/s), the time from the simulator's
// event time E to the frame that painted it. No app instrumentation: an init script in the page (this bench only)
// wraps the MessagePort `onmessage` handler the market bridge installs for the worker's batches and timestamps:
//   event   E of the update (book: `time`, the event time of the last applied diff; trade: the newest trade's time)
//   port    the batch reaches the tab's main thread (after the socket, the worker's parsing and book, its publish
//           tick — every 100 ms by default — and the MessagePort);
//   store   the bridge's handler returned (stores updated; React render scheduled);
//   dom     a MutationObserver sees the update's text in the column (React committed);
//   seen    the first requestAnimationFrame callback after that;
//   painted the next frame's rAF time: the frame that painted it.
// A sample is taken only when the update changes what the column shows (best bid price; newest trade price and
// amount). All times are epoch ms (performance.timeOrigin + now()), the simulator's E is Date.now() in this process:
// the same clock. Writes bench/results/browser-event-to-pixels-latest.json and prints a Markdown table.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messagesPerSecond, stagePercentiles } from './metrics.ts';
import { arg, openBackgroundTabs, OTHERS, root, startBench, VIEWED } from './setup.ts';

const RATE = arg('rate', 2000);
const MEASURE_MS = arg('seconds', 20) * 1000;
// One live symbol at 2,000 engine events/s sends 750–900 messages/s; three hidden background tabs (ETHUSDT,
// BNBUSDT, SOLUSDT) on the same socket bring the worker's input to about 2,000–2,600 msg/s (printed; 2 gave 1,440, 4 gave 3,500).
const BACKGROUND = arg('background', 3);
const PUBLISH_MS = 100; // workers/publisher.ts DEFAULT_INTERVAL_MS
const FRAME_MS = 1000 / 60;

/** Installed before the page's scripts (a string: the page has no tsx helpers). */
const PROBE = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  const w = window;
  w.__e2p = { samples: [], superseded: 0, pending: [] };
  const firstLine = (sel) => {
    const el = document.querySelector(sel);
    return el && el.textContent ? el.textContent.split('\\n')[0].replace(/,/g, '') : '';
  };
  const decimals = (text) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);
  const shown = {
    book: () => firstLine('[data-testid="book-bids"] [data-col="price"]'),
    trade: () => {
      const buy = firstLine('[data-testid="recent-trades"] [data-col="buy"]');
      return (buy || firstLine('[data-testid="recent-trades"] [data-col="sell"]')) + '|' + firstLine('[data-testid="recent-trades"] [data-col="qty"]');
    },
  };
  const expected = (item) => {
    if (item.type === 'book' && item.symbol === '${VIEWED}' && item.synced && item.bids.length > 0) {
      const cur = shown.book();
      if (!cur) return null;
      return { kind: 'book', event: item.time, text: item.bids[0].toFixed(decimals(cur)) };
    }
    if (item.type === 'trades' && item.symbol === '${VIEWED}' && item.trades.length > 0) {
      const cur = shown.trade();
      const [p, q] = cur.split('|');
      if (!p || !q) return null;
      const t = item.trades[0];
      return { kind: 'trade', event: t.time, text: t.price.toFixed(decimals(p)) + '|' + t.qty.toFixed(decimals(q)) };
    }
    return null;
  };
  const check = () => {
    const t = now();
    for (const s of w.__e2p.pending) if (s.dom === undefined && shown[s.kind]() === s.text) s.dom = t;
    // An older sample of a kind whose newer sample is on screen was overwritten before it was painted.
    for (const kind of ['book', 'trade']) {
      const done = w.__e2p.pending.filter((s) => s.kind === kind && s.dom !== undefined);
      if (done.length === 0) continue;
      const newest = Math.max(...done.map((s) => s.port));
      w.__e2p.pending = w.__e2p.pending.filter((s) => {
        if (s.kind !== kind || s.dom !== undefined || s.port > newest) return true;
        w.__e2p.superseded++;
        return false;
      });
    }
  };
  const desc = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    configurable: true,
    get() { return desc.get.call(this); },
    set(fn) {
      if (typeof fn !== 'function') return desc.set.call(this, fn);
      desc.set.call(this, function (event) {
        const data = event.data;
        if (!data || data.type !== 'batch' || !w.__e2p.on) return fn.call(this, event);
        const port = now();
        const found = [];
        for (const item of data.items) {
          const e = expected(item);
          if (e && shown[e.kind]() !== e.text) found.push(e);
        }
        const result = fn.call(this, event);
        const store = now();
        for (const e of found) w.__e2p.pending.push({ ...e, port, store });
        return result;
      });
    },
  });
  const start = () => {
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
    const frame = (t) => {
      const at = performance.timeOrigin + t;
      const keep = [];
      for (const s of w.__e2p.pending) {
        if (s.seen !== undefined) { s.painted = at; w.__e2p.samples.push(s); }
        else { if (s.dom !== undefined) s.seen = at; keep.push(s); }
      }
      w.__e2p.pending = keep;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  if (document.body) start(); else document.addEventListener('DOMContentLoaded', start);
})()`;

const env = await startBench(RATE);
console.log(`sandbox on ${env.base}, simulator rate ${RATE}/s per live symbol; viewed tab ${VIEWED}, ${BACKGROUND} hidden background tabs (${OTHERS.slice(0, BACKGROUND).map(([s]) => s).join(', ')})`);
await env.context.addInitScript(PROBE);
const page = await env.openTrading(VIEWED, 'spot');
const { frozen } = await openBackgroundTabs(env, BACKGROUND);
await page.bringToFront();
await page.getByTestId('recent-trades').locator('[data-col="qty"]').waitFor({ timeout: 60_000 });
await page.waitForTimeout(3000); // books synced, rate settled
console.log(`measuring ${MEASURE_MS / 1000} s…`);
const connBefore = await env.connections();
await page.evaluate(`window.__e2p.on = true`);
const t0 = Date.now();
await page.waitForTimeout(MEASURE_MS);
await page.evaluate(`window.__e2p.on = false`);
const wall = Date.now() - t0;
const connAfter = await env.connections();
await page.waitForTimeout(500); // the last samples paint
interface Sample {
  kind: 'book' | 'trade';
  event: number;
  port: number;
  store: number;
  dom: number;
  seen: number;
  painted: number;
}
const probe = (await page.evaluate(`({ samples: window.__e2p.samples, superseded: window.__e2p.superseded, pending: window.__e2p.pending.length })`)) as { samples: Sample[]; superseded: number; pending: number };
const rate = messagesPerSecond(connBefore, connAfter, wall);
await env.close();

const ORDER = ['event', 'port', 'store', 'dom', 'seen', 'painted'] as const;
const STAGE_NAMES: Record<string, string> = {
  'event → port': 'E → tab (simulator send, socket, worker, publish tick, port)',
  'port → store': 'stores updated (bridge handler)',
  'store → dom': 'React render and commit',
  'dom → seen': 'to the next frame (rAF)',
  'seen → painted': 'that frame painted (next rAF)',
  'event → painted': '**E → painted (total)**',
};
const f = (n: number) => n.toFixed(1);
const byKind = (kind: Sample['kind']) => stagePercentiles(probe.samples.filter((s) => s.kind === kind), ORDER);
const book = byKind('book');
const trade = byKind('trade');
const target = PUBLISH_MS + 2 * FRAME_MS;
const total = (rows: typeof book) => rows[rows.length - 1] as { p50: number; p99: number };
const met = (p99: number) => (p99 <= target ? 'met' : 'MISSED');
const counts = { book: probe.samples.filter((s) => s.kind === 'book').length, trade: probe.samples.filter((s) => s.kind === 'trade').length };
const results = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', loadAverage: os.loadavg() },
  setup: { rate: RATE, viewed: VIEWED, backgroundTabs: BACKGROUND, backgroundFrozen: frozen, measureSeconds: wall / 1000, messagesPerSecondToWorker: rate, publishIntervalMs: PUBLISH_MS },
  samples: counts,
  superseded: probe.superseded,
  unpainted: probe.pending,
  book,
  trade,
  targetP99Ms: target,
};
const summary = [
  `| Stage (ms), ${f(rate)} msg/s into the worker, ${BACKGROUND} hidden tabs | Book p50 | Book p99 | Trade p50 | Trade p99 |`,
  `|---|---|---|---|---|`,
  ...book.map((row, i) => `| ${STAGE_NAMES[row.stage] ?? row.stage} | ${f(row.p50)} | ${f(row.p99)} | ${f(trade[i]?.p50 ?? 0)} | ${f(trade[i]?.p99 ?? 0)} |`),
  `| target p99 ≤ publish interval + 2 frames = ${f(target)} ms | | ${met(total(book).p99)} | | ${met(total(trade).p99)} |`,
  `| samples (book / trade); overwritten before painted; unpainted at the end | ${counts.book} / ${counts.trade}; ${probe.superseded}; ${probe.pending} | | | |`,
  `| machine load average (1 min) | ${os.loadavg()[0]?.toFixed(2)} on ${os.cpus().length} cores | | | |`,
].join('\n');
console.log(`\n${summary}\n`);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/browser-event-to-pixels-latest.json'), JSON.stringify({ ...results, summary }, null, 2) + '\n');
