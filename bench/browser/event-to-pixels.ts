// `npm run bench:browser -- --scenario event-to-pixels` (issue 19 "Event to pixels"): for sampled book and trade
// updates of the viewed trading tab (BTCUSDT, simulator at `--rate 2000` events/s), the time from the simulator's
// event time E to the frame that painted it. The book's sides and the recent trades draw their lines on canvases
// handed to the tab's list painter worker (src/features/trading/row-painter.ts); the document's text columns are
// only a transparent copy written at most once a second, so they do not mark when an update reaches the screen.
// No app instrumentation: an init script in the page (this bench only) wraps the MessagePort `onmessage` handler
// the market bridge installs for the market worker's batches and `Worker.prototype.postMessage` (the page's messages
// to the painter), and a probe evaluated in the painter worker (Playwright's worker handle) wraps its `onmessage`:
//   event   E of the update (book: `time`, the event time of the last applied diff; trade: the newest trade's time)
//   port    the batch reaches the tab's main thread (after the socket, the market worker's parsing and book, its
//           publishing — the book's and the trades' frames, at most one message a tab a frame — and the MessagePort);
//   posted  the page hands the painter a `paint` message whose lines show the update: stores updated and the
//           list's lines computed. A tick the list draws itself is posted inside the bridge's handler (the stores'
//           subscriptions run synchronously); one that changes the book's shape or the trades' count, after React's
//           render and commit;
//   drawn   the painter worker's handler for that message returned (received, then `paintRows` drew the lines);
//   painted the painter worker's next requestAnimationFrame callback after the draw (dedicated workers have rAF in
//           Chromium, driven by the frames of the canvases they draw): the frame that shows the canvas.
// A sample is taken only when the update changes what the list's canvas shows (the first line of the bids' prices;
// the newest trade's price and amount), compared with the last lines posted. A sample is overwritten when a newer
// sample of its list was posted before it was (its lines were never handed over), or when its canvas was drawn again
// with other lines before the worker's next frame (never on screen); those are counted, not measured. The time the
// bridge's handler ran (port → it returned, with every subscription it ran) is printed for reference: it is not a
// stage, as the lists' ticks post inside it. All times are epoch ms (performance.timeOrigin + now(), the page's and
// the worker's), the simulator's E is Date.now() in this process: the same clock. Also counted: the port messages
// from the market worker to the tabs (the viewed tab's in the window; each hidden tab's since it reported hidden,
// from the batches' sequence numbers when it is thawed at the end), against the figure before publishing followed
// the frames (`--before-messages`). Target: p99 E → painted ≤ two frames, with at most 10 % more port messages.
// Writes bench/results/browser-event-to-pixels-latest.json and prints a Markdown table.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, Worker as PlaywrightWorker } from 'playwright-core';
import { messagesPerSecond, percentile, stagePercentiles } from './metrics.ts';
import { arg, openBackgroundTabs, OTHERS, root, startBench, VIEWED } from './setup.ts';
import { wrapBatchHandler } from './port-probe.ts';

const RATE = arg('rate', 2000);
const MEASURE_MS = arg('seconds', 20) * 1000;
// One live symbol at 2,000 engine events/s sends 750–900 messages/s; three hidden background tabs (ETHUSDT,
// BNBUSDT, SOLUSDT) on the same socket bring the worker's input to about 2,000–2,600 msg/s (printed; 2 gave 1,440, 4 gave 3,500).
const BACKGROUND = arg('background', 3);
const FRAME_MS = 1000 / 60;
/** The target: an update on screen within two frames of the exchange's event. */
const TARGET_MS = 2 * FRAME_MS;
/**
 * Port messages a second (the market worker to every tab) before publishing followed the frames: the publisher's
 * 100 ms tick and the book frames' prompt (5357914), this scenario at `--rate 2000`. `--before-messages` to compare
 * with another figure.
 */
const BEFORE_MESSAGES = arg('before-messages', 9.3);

/**
 * Installed before the page's scripts (a string: the page has no tsx helpers). Samples move from `pending` (taken
 * at the port) to `samples` (posted) or are counted as `superseded`; `texts` keeps the shown text of each
 * numbered paint message, to tell a sample whose canvas was drawn again with other lines before its frame.
 */
const PAGE_PROBE = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  const p = { on: false, samples: [], pending: [], superseded: 0, seq: 0, names: new Map(), shown: { book: '', trade: '' }, texts: {}, inHandler: false,
    messages: 0, trades: 0, lastSeq: 0, hiddenSeq: -1, hiddenAt: 0 };
  window.__e2p = p;
  // Port messages: counted in the measured window (this tab), and the batches' own sequence (the worker numbers each
  // tab's messages) from the moment the tab reports hidden, read again when a background tab is thawed at the end.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && p.hiddenSeq < 0) { p.hiddenSeq = p.lastSeq; p.hiddenAt = now(); }
  });
  const line = (column) => (column && typeof column.lines[0] === 'string' ? column.lines[0].replace(/,/g, '') : '');
  // What the list shows, from a paint message's lines: as the old probe read the document's text columns.
  const shownBy = {
    'book-bids': (frame) => ({ kind: 'book', text: line(frame.columns[0]) }),
    'recent-trades': (frame) => ({ kind: 'trade', text: (line(frame.columns[0]) || line(frame.columns[1])) + '|' + line(frame.columns[2]) }),
  };
  const decimals = (text) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);
  const expected = (item) => {
    if (item.type === 'book' && item.symbol === '${VIEWED}' && item.synced && item.bids.length > 0) {
      const cur = p.shown.book;
      if (!cur) return null;
      return { kind: 'book', event: item.time, text: item.bids[0].toFixed(decimals(cur)) };
    }
    if (item.type === 'trades' && item.symbol === '${VIEWED}' && item.trades.length > 0) {
      const [price, qty] = p.shown.trade.split('|');
      if (!price || !qty) return null;
      const t = item.trades[0];
      return { kind: 'trade', event: t.time, text: t.price.toFixed(decimals(price)) + '|' + t.qty.toFixed(decimals(qty)) };
    }
    return null;
  };
  // A paint message of a sampled list: number it (the painter ignores the extra field) and mark the samples it shows.
  const posted = (kind, text, message) => {
    const seq = ++p.seq;
    message.__e2p = seq;
    p.texts[seq] = text;
    p.shown[kind] = text;
    if (p.pending.length === 0) return;
    const t = now();
    let newest = -Infinity;
    for (const s of p.pending) {
      if (s.kind !== kind || s.text !== text) continue;
      s.posted = t;
      s.seq = seq;
      s.inHandler = p.inHandler;
      newest = Math.max(newest, s.port);
    }
    if (newest === -Infinity) return;
    // An older sample of the list not posted yet never will be: newer lines went out first.
    p.pending = p.pending.filter((s) => {
      if (s.posted !== undefined) { p.samples.push(s); return false; }
      if (s.kind === kind && s.port <= newest) { p.superseded++; return false; }
      return true;
    });
  };
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message) {
    if (message && typeof message === 'object') {
      if (message.type === 'attach' && typeof message.name === 'string') p.names.set(message.id, message.name);
      else if (message.type === 'paint' && message.frame) {
        const read = shownBy[p.names.get(message.id)];
        if (read) {
          const { kind, text } = read(message.frame);
          posted(kind, text, message);
        }
      }
    }
    return post.apply(this, arguments);
  };
  ${wrapBatchHandler(`
        p.lastSeq = data.seq;
        if (!p.on) return fn.call(this, event);
        p.messages++;
        for (const item of data.items) if (item.type === 'trades' && item.symbol === '${VIEWED}') p.trades += item.trades.length;
        const port = now();
        const found = [];
        for (const item of data.items) {
          const e = expected(item);
          if (e && p.shown[e.kind] !== e.text) found.push({ ...e, port });
        }
        // Pending before the handler runs: the lists' ticks post their lines from inside it.
        for (const s of found) p.pending.push(s);
        p.inHandler = true;
        try {
          return fn.call(this, event);
        } finally {
          p.inHandler = false;
          const store = now();
          for (const s of found) s.store = store;
        }`)}
})()`;

/**
 * Evaluated in the painter worker (a string: the worker has no tsx helpers): wraps its `onmessage` (set when its
 * module has run: retried until then) and records, for each numbered paint message, when the handler started and
 * returned and the worker's next rAF callback after it, with the last numbered message drawn on the same canvas by
 * then. Returns whether the wrapper is in place.
 */
const WORKER_PROBE = `(() => {
  if (self.__e2p) return self.__e2p.installed;
  const now = () => performance.timeOrigin + performance.now();
  const probe = { installed: false, raf: typeof self.requestAnimationFrame === 'function', asked: false, records: [], waiting: [], last: new Map() };
  self.__e2p = probe;
  const frame = (t) => {
    probe.asked = false;
    const at = now();
    for (const r of probe.waiting) {
      r.painted = at;
      r.frameTime = performance.timeOrigin + t;
      r.last = probe.last.get(r.id);
    }
    probe.waiting = [];
    probe.last.clear();
  };
  const install = () => {
    const fn = self.onmessage;
    if (typeof fn !== 'function') { setTimeout(install, 5); return; }
    self.onmessage = function (event) {
      const data = event.data;
      const seq = data && data.type === 'paint' ? data.__e2p : undefined;
      if (typeof seq !== 'number') return fn.call(this, event);
      const received = now();
      const result = fn.call(this, event);
      const r = { seq, id: data.id, received, drawn: now() };
      probe.records.push(r);
      probe.waiting.push(r);
      probe.last.set(data.id, seq);
      if (probe.raf && !probe.asked) { probe.asked = true; requestAnimationFrame(frame); }
      return result;
    };
    probe.installed = true;
  };
  install();
  return probe.installed;
})()`;

const isPainter = (worker: PlaywrightWorker) => worker.url().includes('row-painter');

/**
 * Port messages the hidden tabs were sent since they reported hidden: each is thawed (its queued messages are then
 * delivered, it stays hidden to the worker) and reads the batches' sequence against the one it had when hidden.
 */
async function hiddenTabMessages(tabs: readonly Page[]): Promise<{ messages: number; seconds: number }> {
  let messages = 0;
  let seconds = 0;
  for (const tab of tabs) {
    const session = await tab.context().newCDPSession(tab);
    await session.send('Page.setWebLifecycleState', { state: 'active' }).catch(() => undefined);
    await tab.waitForTimeout(200);
    const seen = (await tab.evaluate(`({ last: window.__e2p.lastSeq, hidden: window.__e2p.hiddenSeq, at: window.__e2p.hiddenAt, now: performance.timeOrigin + performance.now() })`)) as { last: number; hidden: number; at: number; now: number };
    if (seen.hidden < 0) throw new Error('a background tab never reported hidden');
    messages += seen.last - seen.hidden;
    seconds = Math.max(seconds, (seen.now - seen.at) / 1000);
  }
  return { messages, seconds };
}

const env = await startBench(RATE);
console.log(`sandbox on ${env.base}, simulator rate ${RATE}/s per live symbol; viewed tab ${VIEWED}, ${BACKGROUND} hidden background tabs (${OTHERS.slice(0, BACKGROUND).map(([s]) => s).join(', ')})`);
await env.context.addInitScript(PAGE_PROBE);
const page = await env.openTrading(VIEWED, 'spot');
// The painter worker starts with the lists' first draw; one per tab.
const painters: PlaywrightWorker[] = [];
const probePainter = (worker: PlaywrightWorker) => {
  if (!isPainter(worker) || painters.includes(worker)) return;
  painters.push(worker);
  worker.evaluate(WORKER_PROBE).catch(() => undefined); // (a worker that ended meanwhile)
};
page.on('worker', probePainter);
page.workers().forEach(probePainter);
const { tabs: background, frozen } = await openBackgroundTabs(env, BACKGROUND);
await page.bringToFront();
await page.getByTestId('recent-trades').locator('[data-col="qty"]').waitFor({ timeout: 60_000 });
await page.waitForTimeout(3000); // books synced, rate settled
const painter = painters[painters.length - 1];
if (!painter) throw new Error(`no painter worker in the viewed tab (its workers: ${page.workers().map((w) => w.url()).join(', ') || 'none'})`);
if (!(await painter.evaluate(WORKER_PROBE))) throw new Error(`the painter worker's onmessage was never set (${painter.url()})`);
if (!(await painter.evaluate(`self.__e2p.raf`))) throw new Error('the painter worker has no requestAnimationFrame: the probe cannot tell its frames');
console.log(`painter worker ${painter.url()}; measuring ${MEASURE_MS / 1000} s…`);
const connBefore = await env.connections();
await page.evaluate(`window.__e2p.on = true`);
const t0 = Date.now();
await page.waitForTimeout(MEASURE_MS);
await page.evaluate(`window.__e2p.on = false`);
const wall = Date.now() - t0;
const connAfter = await env.connections();
await page.waitForTimeout(500); // the last samples are posted and painted
interface Posted {
  kind: 'book' | 'trade';
  text: string;
  event: number;
  port: number;
  /** the bridge's handler returned */
  store: number;
  posted: number;
  seq: number;
  /** posted from inside the bridge's handler (a tick), not after it (a React render) */
  inHandler: boolean;
}
interface Drawn {
  seq: number;
  id: number;
  received: number;
  drawn: number;
  painted?: number;
  frameTime?: number;
  last?: number;
}
type Sample = Posted & { received: number; drawn: number; painted: number; frameTime: number };
const page0 = (await page.evaluate(`({ samples: window.__e2p.samples, superseded: window.__e2p.superseded, pending: window.__e2p.pending.length, texts: window.__e2p.texts })`)) as {
  samples: Posted[];
  superseded: number;
  pending: number;
  texts: Record<number, string>;
};
const records = new Map(((await painter.evaluate(`self.__e2p.records`)) as Drawn[]).map((r) => [r.seq, r]));
const rate = messagesPerSecond(connBefore, connAfter, wall);
const viewedPort = (await page.evaluate(`({ messages: window.__e2p.messages, trades: window.__e2p.trades })`)) as { messages: number; trades: number };
const hiddenPort = await hiddenTabMessages(background);
await env.close();

// Join the page's samples to the worker's draws; a sample whose canvas was drawn again with other lines before the
// worker's next frame was overwritten before it was painted.
const samples: Sample[] = [];
let unpainted = page0.pending;
let redrawn = 0;
for (const s of page0.samples) {
  const r = records.get(s.seq);
  if (!r || r.painted === undefined || r.frameTime === undefined) unpainted++;
  else if (r.last !== undefined && r.last !== s.seq && page0.texts[r.last] !== s.text) redrawn++;
  else samples.push({ ...s, received: r.received, drawn: r.drawn, painted: r.painted, frameTime: r.frameTime });
}
const superseded = page0.superseded + redrawn;

const ORDER = ['event', 'port', 'posted', 'drawn', 'painted'] as const;
const STAGE_NAMES: Record<string, string> = {
  'event → port': 'E → tab (simulator send, socket, worker, publishing, port)',
  'port → posted': 'stores updated, lists computed and handed to the painter worker',
  'posted → drawn': 'painter worker received and drew',
  'drawn → painted': "to the painter worker's next frame (rAF)",
  'event → painted': '**E → painted (total)**',
};
const f = (n: number) => n.toFixed(1);
const ofKind = (kind: Sample['kind']) => samples.filter((s) => s.kind === kind);
const book = stagePercentiles(ofKind('book'), ORDER);
const trade = stagePercentiles(ofKind('trade'), ORDER);
// Not stages: the bridge's handler (the lists' ticks post inside it), the painter's queue and draw, and how far the
// rAF callback ran after its frame's time.
const spread = (kind: Sample['kind'], gap: (s: Sample) => number) => {
  const values = ofKind(kind).map(gap);
  return { p50: percentile(values, 50), p99: percentile(values, 99) };
};
const detail = (kind: Sample['kind']) => ({
  bridgeHandler: spread(kind, (s) => s.store - s.port),
  postedInHandler: ofKind(kind).filter((s) => s.inHandler).length,
  postedAfterHandler: ofKind(kind).filter((s) => !s.inHandler).length,
  painterQueue: spread(kind, (s) => s.received - s.posted),
  painterDraw: spread(kind, (s) => s.drawn - s.received),
  rafCallbackAfterFrameTime: spread(kind, (s) => s.painted - s.frameTime),
});
const target = TARGET_MS;
const portSeconds = wall / 1000;
const port = {
  viewedMessagesPerSecond: viewedPort.messages / portSeconds,
  viewedTradesPerSecond: viewedPort.trades / portSeconds,
  hiddenMessages: hiddenPort.messages,
  hiddenSeconds: hiddenPort.seconds,
  messagesPerSecond: viewedPort.messages / portSeconds + (hiddenPort.seconds > 0 ? hiddenPort.messages / hiddenPort.seconds : 0),
  before: BEFORE_MESSAGES,
  ratio: NaN,
};
port.ratio = port.messagesPerSecond / BEFORE_MESSAGES;
const total = (rows: typeof book) => rows[rows.length - 1] as { p50: number; p99: number };
const met = (p99: number) => (p99 <= target ? 'met' : 'MISSED');
const counts = { book: ofKind('book').length, trade: ofKind('trade').length };
const details = { book: detail('book'), trade: detail('trade') };
const results = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', loadAverage: os.loadavg() },
  setup: { rate: RATE, viewed: VIEWED, backgroundTabs: BACKGROUND, backgroundFrozen: frozen, measureSeconds: wall / 1000, messagesPerSecondToWorker: rate },
  port,
  samples: counts,
  superseded,
  supersededBeforePosted: page0.superseded,
  redrawnBeforeFrame: redrawn,
  unpainted,
  book,
  trade,
  details,
  targetP99Ms: target,
};
const summary = [
  `| Stage (ms), ${f(rate)} msg/s into the worker, ${BACKGROUND} hidden tabs | Book p50 | Book p99 | Trade p50 | Trade p99 |`,
  `|---|---|---|---|---|`,
  ...book.map((row, i) => `| ${STAGE_NAMES[row.stage] ?? row.stage} | ${f(row.p50)} | ${f(row.p99)} | ${f(trade[i]?.p50 ?? 0)} | ${f(trade[i]?.p99 ?? 0)} |`),
  `| target p99 ≤ 2 frames = ${f(target)} ms | | ${met(total(book).p99)} | | ${met(total(trade).p99)} |`,
  `| port messages / s, market worker → tabs: viewed tab (its trades / s); hidden tabs (${port.hiddenMessages} in ${f(port.hiddenSeconds)} s); ÷ before (${f(port.before)} / s, target ≤ 1.1) | ${f(port.viewedMessagesPerSecond)} (${f(port.viewedTradesPerSecond)}) | ${f(port.hiddenSeconds > 0 ? port.hiddenMessages / port.hiddenSeconds : 0)} | ${port.ratio.toFixed(2)}× | ${Number.isFinite(port.ratio) ? (port.ratio <= 1.1 ? 'met' : 'MISSED') : ''} |`,
  `| (not a stage) the bridge's handler, port → returned; samples posted inside it / after it (React render) | ${f(details.book.bridgeHandler.p50)} | ${f(details.book.bridgeHandler.p99)}; ${details.book.postedInHandler} / ${details.book.postedAfterHandler} | ${f(details.trade.bridgeHandler.p50)} | ${f(details.trade.bridgeHandler.p99)}; ${details.trade.postedInHandler} / ${details.trade.postedAfterHandler} |`,
  `| samples (book / trade); overwritten before painted (before posted + redrawn before the frame); unpainted at the end | ${counts.book} / ${counts.trade}; ${superseded} (${page0.superseded} + ${redrawn}); ${unpainted} | | | |`,
  `| machine load average (1 min) | ${os.loadavg()[0]?.toFixed(2)} on ${os.cpus().length} cores | | | |`,
].join('\n');
console.log(`\n${summary}\n`);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/browser-event-to-pixels-latest.json'), JSON.stringify({ ...results, summary }, null, 2) + '\n');
