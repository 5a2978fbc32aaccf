// `npx tsx bench/browser/chart-set.ts [--rounds 40]`: what the trading chart's periodic `setData` costs
// (src/market/kline-feed.ts, KLINES_CHART_SLACK). A chart like the trading page's (lightweight-charts' standalone
// build, candles and volume, 900×400) is drawn with KLINES_MAX bars plus the slack; each round sets both series
// again with the KLINES_MAX newest bars (what planKlines asks for once the slack is used up) and, side by side,
// updates the last bar of both (what every tick does). A time is the call's own plus the chart's redraw in the next
// frame (between an animation-frame callback queued before the call and one queued after it: lightweight-charts
// queues its redraw in between); medians and p95 over the rounds, and their ratio.
import path from 'node:path';
import type * as Charts from 'lightweight-charts';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts';
import { KLINES_CHART_SLACK } from '../../src/market/kline-feed.ts';
import { KLINES_MAX } from '../../workers/contract.ts';
import { percentile } from './metrics.ts';
import { arg, root } from './setup.ts';

const ROUNDS = arg('rounds', 40);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs, headless: true });
const page = await browser.newPage({ viewport: { width: 1000, height: 500 } });
await page.setContent('<div id="chart" style="width:900px;height:400px"></div>');
await page.addScriptTag({ path: path.join(root, 'node_modules/lightweight-charts/dist/lightweight-charts.standalone.production.js') });
await page.evaluate('window.__name = (f) => f'); // tsx names the functions below with a helper the page lacks
const result = (await page.evaluate(
  async ({ max, slack, rounds }) => {
    const lc = (window as unknown as { LightweightCharts: typeof Charts }).LightweightCharts;
    const chart = lc.createChart(document.getElementById('chart') as HTMLElement, { autoSize: true, timeScale: { timeVisible: true } });
    const candles = chart.addSeries(lc.CandlestickSeries, {});
    const volume = chart.addSeries(lc.HistogramSeries, { priceFormat: { type: 'volume' }, priceScaleId: '' });
    const start = 1_790_000_000;
    const bar = (i: number) => {
      const open = 100_000 + Math.sin(i / 7) * 500;
      return { time: (start + i * 60) as Charts.UTCTimestamp, open, high: open + 40, low: open - 40, close: open + Math.cos(i) * 30, value: 10 + (i % 17) };
    };
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    /** Milliseconds of `work` and of the redraw it queues. */
    const timed = async (work: () => void) => {
      await frame();
      let before = 0;
      requestAnimationFrame(() => (before = performance.now()));
      const t = performance.now();
      work();
      const call = performance.now() - t;
      return new Promise<number>((resolve) => requestAnimationFrame(() => resolve(call + performance.now() - before)));
    };
    const set = (from: number) => {
      const bars = Array.from({ length: max }, (_, k) => bar(from + k));
      candles.setData(bars);
      volume.setData(bars.map((b) => ({ time: b.time, value: b.value })));
    };
    const grow = (from: number) => {
      for (let k = 0; k < slack; k++) {
        const b = bar(from + max + k);
        candles.update(b);
        volume.update({ time: b.time, value: b.value });
      }
    };
    let first = 0;
    set(first);
    grow(first);
    const setMs: number[] = [];
    const updateMs: number[] = [];
    for (let r = 0; r < rounds; r++) {
      first += slack;
      setMs.push(await timed(() => set(first))); // the chart held max + slack bars: back to max
      const last = bar(first + max - 1);
      updateMs.push(
        await timed(() => {
          candles.update({ ...last, close: last.close + 1 });
          volume.update({ time: last.time, value: last.value + 1 });
        }),
      );
      grow(first);
    }
    return { setMs, updateMs };
  },
  { max: KLINES_MAX, slack: KLINES_CHART_SLACK, rounds: ROUNDS },
)) as { setMs: number[]; updateMs: number[] };
await browser.close();

const set50 = percentile(result.setMs, 50);
const update50 = percentile(result.updateMs, 50);
console.log(`| ${ROUNDS} rounds, ${KLINES_MAX} bars, slack ${KLINES_CHART_SLACK} | median (ms) | p95 (ms) |\n|---|---|---|`);
console.log(`| setData of both series, with the redraw | ${set50.toFixed(2)} | ${percentile(result.setMs, 95).toFixed(2)} |`);
console.log(`| update() of the last bar of both, with the redraw | ${update50.toFixed(2)} | ${percentile(result.updateMs, 95).toFixed(2)} |`);
console.log(`| ratio of medians | ${(set50 / update50).toFixed(2)}× | |`);
