// `npm run bench` (full) and `npm run bench:ci` (short, run by `npm test`): W1–W5, peers side by side in
// this one process. Writes bench/results/latest.json (ratios, raw numbers and a Markdown summary) and
// prints the summary. Every gated figure is a ratio against a peer measured in the same process (so the
// machine's speed and load cancel out): the run exits non-zero when one falls below 80 % of its target (a
// real regression, not noise), and prints the table either way. Missing a target by less than that is
// reported, not failed. See bench/README.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { runW1 } from './w1-book.ts';
import { runW2 } from './w2-ingest.ts';
import { runW6 } from './w6-venues.ts';
import { runW3 } from './w3-trades.ts';
import { runW4 } from './w4-fanout.ts';
import { runW5, TARGET_STALL_RATIO } from './w5-records.ts';
import { runW5Scale, TARGET_NEAR_RATIO, type W5ScaleResult } from './w5-scale.ts';
import { gate, GATE_SHARE } from './gate.ts';

const ci = process.argv.includes('--ci');

const config = ci
  ? {
      w1: { events: 5_000, naiveEvents: 50, time: 150, rounds: 3 },
      w2: { events: 4_000, time: 150, rounds: 3 },
      w3: { trades: 50_000, time: 100, rounds: 3 },
      w4: { tabs: 5, tickers: 2_000, time: 150, rounds: 3 },
      w5: { rows: 100_000, pageSamples: 30, pingEveryMs: 5 },
      // The coin records only, at 10k and 1M rows (the 1M seed is built once and reused: bench/w5-scale.ts). 600
      // samples, so the gated p99 is the sixth-worst page, not the second: at 200 a busy machine's two slowest
      // pages decided it (p50 10.0 / 10.4 ms at 10k / 1M, p99 25.8 / 54.6 ms at load 5).
      w5Scale: { sizes: [10_000, 1_000_000], families: ['coin'] as const, samples: 600 },
      w6: { messages: 2_000, time: 150, rounds: 3 },
    }
  : {
      // W1: 20 000 events per call, at least 3 calls per round, 5 rounds → ≥ 300 000 events per peer
      // (1M and more for ours, which fits many more calls in its time budget).
      w1: { events: 20_000, naiveEvents: 200, time: 2_000, rounds: 5 },
      w2: { events: 20_000, time: 1_000, rounds: 5 },
      w3: { trades: 200_000, time: 500, rounds: 5 },
      w4: { tabs: 10, tickers: 2_000, time: 1_000, rounds: 5 },
      w5: { rows: 100_000, pageSamples: 200, pingEveryMs: 5 },
      w5Scale: { sizes: [10_000, 100_000, 1_000_000], families: ['coin', 'transfers', 'otc', 'loans', 'spot'] as const, samples: 200 },
      w6: { messages: 10_000, time: 1_000, rounds: 5 },
    };

const TARGETS = { bookVsCcxt: 5, ingestVsJsonParse: 0.75, exportStallVsInMemory: TARGET_STALL_RATIO, recordsPageSmallVsLarge: TARGET_NEAR_RATIO };

const started = Date.now();
const w1 = await runW1(config.w1);
const w2 = await runW2(config.w2);
const w3 = await runW3(config.w3);
const w4 = await runW4(config.w4);
const w5 = await runW5(config.w5);
const w5Scale = await runW5Scale({ ...config.w5Scale, families: [...config.w5Scale.families] });
const w6 = await runW6(config.w6);

const f = (n: number, digits = 1): string => n.toFixed(digits);
const met = (t: { met: boolean; failed: boolean }): string => (t.met ? 'met' : t.failed ? 'FAILED' : 'missed');
const ratios = {
  w1BookVsCcxt: w1.ratioVsCcxt,
  w1BookVsNaive: w1.ratioVsNaive,
  w2IngestVsJsonParse: w2.ratioVsJsonParse,
  w3TradesVsUnshift: w3.ratioVsUnshift,
  w3TradesVsSpread: w3.ratioVsSpread,
  w4FanoutTime: w4.ratioTime,
  w4FanoutBytes: w4.ratioBytes,
  w5PingP99UnderExportVsIdle: w5.ratios.pingP99UnderExportVsIdle,
  w5NaiveStallVsOurs: w5.ratios.naiveStallVsOurs,
  w5NaiveStallCpuVsOurs: w5.ratios.naiveStallCpuVsOurs,
  w5NaiveTimeVsOurs: w5.ratios.naiveTimeVsOurs,
  w5PageP99SmallVsLarge: w5Scale.nearP99SmallVsLarge,
  w6OkxKernelVsCcxt: w6.okx.kernel.ratioVsCcxt,
  w6OkxIngestVsJsonParse: w6.okx.ingest.ratioVsJsonParse,
  w6BybitKernelVsCcxt: w6.bybit.kernel.ratioVsCcxt,
  w6BybitIngestVsJsonParse: w6.bybit.ingest.ratioVsJsonParse,
  w6BitgetKernelVsCcxt: w6.bitget.kernel.ratioVsCcxt,
  w6BitgetIngestVsJsonParse: w6.bitget.ingest.ratioVsJsonParse,
  w6GateKernelVsCcxt: w6.gate.kernel.ratioVsCcxt,
  w6GateIngestVsJsonParse: w6.gate.ingest.ratioVsJsonParse,
};
/** W6's targets for every venue (kernel ≥ 5× ccxt, ingest ≥ 1× JSON.parse; bench/README.md "W6"), gated at 80 %. */
const W6_AIMS = { bookVsCcxt: 5, ingestVsJsonParse: 1 };
const targets = {
  bookVsCcxt: gate(w1.ratioVsCcxt, TARGETS.bookVsCcxt),
  ingestVsJsonParse: gate(w2.ratioVsJsonParse, TARGETS.ingestVsJsonParse),
  exportStallVsInMemory: gate(w5.ratios.naiveStallCpuVsOurs, TARGETS.exportStallVsInMemory),
  recordsPageSmallVsLarge: gate(w5Scale.nearP99SmallVsLarge, TARGETS.recordsPageSmallVsLarge),
  w6OkxKernelVsCcxt: gate(w6.okx.kernel.ratioVsCcxt, W6_AIMS.bookVsCcxt),
  w6OkxIngestVsJsonParse: gate(w6.okx.ingest.ratioVsJsonParse, W6_AIMS.ingestVsJsonParse),
  w6BybitKernelVsCcxt: gate(w6.bybit.kernel.ratioVsCcxt, W6_AIMS.bookVsCcxt),
  w6BybitIngestVsJsonParse: gate(w6.bybit.ingest.ratioVsJsonParse, W6_AIMS.ingestVsJsonParse),
  w6BitgetKernelVsCcxt: gate(w6.bitget.kernel.ratioVsCcxt, W6_AIMS.bookVsCcxt),
  w6BitgetIngestVsJsonParse: gate(w6.bitget.ingest.ratioVsJsonParse, W6_AIMS.ingestVsJsonParse),
  w6GateKernelVsCcxt: gate(w6.gate.kernel.ratioVsCcxt, W6_AIMS.bookVsCcxt),
  w6GateIngestVsJsonParse: gate(w6.gate.ingest.ratioVsJsonParse, W6_AIMS.ingestVsJsonParse),
};
const w6Gated: Record<`${'okx' | 'bybit' | 'bitget' | 'gate'} ${'kernel' | 'ingest'}`, keyof typeof targets> = {
  'okx kernel': 'w6OkxKernelVsCcxt',
  'okx ingest': 'w6OkxIngestVsJsonParse',
  'bybit kernel': 'w6BybitKernelVsCcxt',
  'bybit ingest': 'w6BybitIngestVsJsonParse',
  'bitget kernel': 'w6BitgetKernelVsCcxt',
  'bitget ingest': 'w6BitgetIngestVsJsonParse',
  'gate kernel': 'w6GateKernelVsCcxt',
  'gate ingest': 'w6GateIngestVsJsonParse',
};

/** W5 at scale: one row per call family, p50/p99 of each kind of page at every size (bench/w5-scale.ts). */
function scaleRows(r: W5ScaleResult): string[] {
  const sizes = r.sizes.map((n) => n.toLocaleString('en-US'));
  const pair = (x: { p50: number; p99: number } | undefined): string => (x ? `${f(x.p50)}/${f(x.p99)}` : '—');
  const rows = Object.entries(r.families).map(([family, bySize]) => {
    const kinds = (['near', 'deep', 'cursor'] as const).filter((k) => Object.values(bySize).some((s) => s[k]));
    const cells = kinds.map((k) => `${k} ${r.sizes.map((n) => pair(bySize[String(n)]?.[k])).join(' · ')}`);
    return `| W5 ${family} records, page of 20 at ${sizes.join(' · ')} rows of one user (p50/p99 ms) | ${cells.join('; ')} | | |`;
  });
  const gated = targets.recordsPageSmallVsLarge;
  rows.push(
    `| W5 records page at ${sizes.at(-1)} rows against ${sizes[0]} (near pages, coin records) | p99 ${f(1 / Math.max(0.001, r.nearP99SmallVsLarge), 2)}× the ${sizes[0]}-row user's | primary-key lookup p50/p99 ${r.sizes.map((n) => pair(r.pkLookup[String(n)])).join(' · ')} ms; seed ${r.reused ? 'reused' : `${f(r.seedMs / 1000)} s`} | ${f(r.nearP99SmallVsLarge, 2)} small ÷ large p99 (target ≥ ${TARGETS.recordsPageSmallVsLarge}: ${met(gated)}) |`,
  );
  return rows;
}

const markdown = [
  `## Market core and records benchmarks (${ci ? 'CI short run' : 'full run'})`,
  '',
  `Node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, ${new Date().toISOString()}`,
  '',
  `| Workload | Ours | Peer(s) | Ratio |`,
  `|---|---|---|---|`,
  `| W1 book kernel (${w1.events} events/call × ${w1.changesPerEvent} changes, ${w1.symbols} symbols, depth ${w1.depth}) | ${f(w1.nsPerChange.ours)} ns/change | ccxt ${f(w1.nsPerChange.ccxt)}, naive ${f(w1.nsPerChange.naive)} | ${f(w1.ratioVsCcxt, 2)}× ccxt (target ≥ ${TARGETS.bookVsCcxt}: ${met(targets.bookVsCcxt)}), ${f(w1.ratioVsNaive)}× naive |`,
  `| W2 ingest (${w2.frames} depth frames, ~${w2.avgFrameBytes} B) | ${f(w2.nsPerFrame.ours, 0)} ns/frame | JSON.parse only ${f(w2.nsPerFrame.jsonParseOnly, 0)}, JSON.parse+apply ${f(w2.nsPerFrame.jsonParseThenApply, 0)} | ${f(w2.ratioVsJsonParse, 2)}× JSON.parse-only throughput (target ≥ ${TARGETS.ingestVsJsonParse}: ${met(targets.ingestVsJsonParse)}) |`,
  `| W3 trades trim (${w3.trades} trades) | ${f(w3.nsPerTrade.ours)} ns/trade | unshift ${f(w3.nsPerTrade.unshiftTrim)}, spread ${f(w3.nsPerTrade.spreadSlice)} | ${f(w3.ratioVsUnshift)}× unshift, ${f(w3.ratioVsSpread)}× spread |`,
  `| W4 fan-out (${w4.tabs} ports: book 50, trades, ${w4.tickers} tickers) | ${f(w4.usPerTick.ours)} µs, ${w4.bytesPerTick.ours} B, ${f(w4.messagesPerTick.ours, 0)} msgs per tick | naive ${f(w4.usPerTick.naive)} µs, ${w4.bytesPerTick.naive} B, ${f(w4.messagesPerTick.naive, 0)} msgs | ${f(w4.ratioTime, 2)}× time, ${f(w4.ratioBytes, 2)}× bytes |`,
  `| W5 coin records, ${w5.rows} rows of one user | page p50/p99: 20 rows ${f(w5.page['20'].p50)}/${f(w5.page['20'].p99)} ms, 100 rows ${f(w5.page['100'].p50)}/${f(w5.page['100'].p99)} ms; export ${f(w5.export.ms / 1000, 2)} s (${f(w5.export.rowsPerSecond, 0)} rows/s, ${f(w5.export.bytes / 1048576, 1)} MB), longest stall ${f(w5.export.maxStallCpuMs)} ms on-CPU (${f(w5.export.maxStallMs)} ms wall), a cheap request's p99 ${f(w5.export.pingP99Ms)} ms (idle ${f(w5.export.idlePingP99Ms)}) | in-memory export ${f(w5.naive.ms / 1000, 2)} s, stall ${f(w5.naive.maxStallCpuMs, 0)} ms on-CPU (${f(w5.naive.maxStallMs, 0)} ms wall), +${f(w5.naive.heapGrowthMb, 0)} MB heap | ${f(w5.ratios.naiveStallCpuVsOurs, 1)}× shorter stall on-CPU (target ≥ ${TARGETS.exportStallVsInMemory}: ${met(targets.exportStallVsInMemory)}; wall ${f(w5.ratios.naiveStallVsOurs, 1)}×), ${f(w5.ratios.naiveTimeVsOurs, 2)}× the in-memory export's speed |`,
  ...scaleRows(w5Scale),
  ...(['okx', 'bybit', 'bitget', 'gate'] as const).flatMap((v) => {
    const r = w6[v];
    const aim = (x: number, a: number, row: 'kernel' | 'ingest'): string => `${f(x, 2)}× (target ≥ ${a}: ${met(targets[w6Gated[`${v} ${row}`]])})`;
    const shape = `${r.messages} messages: a ${r.levels}-level ${v === 'gate' ? 'REST base book' : 'snapshot'}, then updates of ${f(r.levelsPerUpdate)} levels, ~${r.avgUpdateBytes} B`;
    return [
      `| W6 ${v} kernel (${shape}; sequencer + book${v === 'okx' || v === 'bitget' ? ' + CRC32 checksum on every update' : ''}, events already read) | ${f(r.kernel.nsPerMessage.ours, 0)} ns/message | ccxt handleOrderBook (already parsed) ${f(r.kernel.nsPerMessage.ccxt, 0)} | ${aim(r.kernel.ratioVsCcxt, W6_AIMS.bookVsCcxt, 'kernel')} ccxt |`,
      `| W6 ${v} ingest (the same texts → book: reader + kernel) | ${f(r.ingest.nsPerMessage.ours, 0)} ns/message | JSON.parse only ${f(r.ingest.nsPerMessage.jsonParse, 0)} | ${aim(r.ingest.ratioVsJsonParse, W6_AIMS.ingestVsJsonParse, 'ingest')} JSON.parse |`,
    ];
  }),
  '',
  `Medians over interleaved rounds (ratios per round, then the median). Took ${f((Date.now() - started) / 1000)} s, load average ${os.loadavg().map((l) => f(l, 2)).join(' ')}.`,
  `A ratio below ${GATE_SHARE * 100} % of its target fails the run (FAILED); above that but under the target it is reported (missed).`,
].join('\n');

const result = { ci, node: process.version, cpus: os.cpus().length, date: new Date().toISOString(), ratios, targets, w1, w2, w3, w4, w5, w5Scale, w6, markdown };
const dir = path.join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, 'latest.json'), JSON.stringify(result, null, 2) + '\n');
console.log(markdown);
const failed = Object.entries(targets).filter(([, t]) => t.failed);
if (failed.length > 0) {
  console.log(`\nFAILED: ${failed.map(([name, t]) => `${name} ${f(t.value, 2)} < ${f(t.floor, 2)} (${GATE_SHARE * 100} % of the target ${t.target})`).join('; ')}.`);
  process.exitCode = 1;
} else if (Object.values(targets).some((t) => !t.met)) {
  console.log('\nA target was missed in this run (see above), within the margin that does not fail it; ratios vary with machine load.');
}
