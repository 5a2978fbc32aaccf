// Pure helpers of the browser benchmark (bench/browser/run.ts): figures from raw samples.
import { readdirSync, readFileSync } from 'node:fs';

/** Share of wall time the page's main thread spent in tasks (CDP Performance metric TaskDuration, s). */
export function busyPercent(taskBefore: number, taskAfter: number, wallMs: number): number {
  return wallMs > 0 ? ((taskAfter - taskBefore) * 1000 * 100) / wallMs : 0;
}

export interface SimConnection {
  id: string | number;
  route: string;
  messagesSent: number;
}

/** Open sockets per endpoint route at the simulator (one per endpoint is the target). */
export function socketsPerEndpoint(connections: readonly SimConnection[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of connections) out[c.route] = (out[c.route] ?? 0) + 1;
  return out;
}

/** Messages per second the simulator sent over the window, from two connection snapshots. */
export function messagesPerSecond(before: readonly SimConnection[], after: readonly SimConnection[], wallMs: number): number {
  const start = new Map(before.map((c) => [c.id, c.messagesSent]));
  let sent = 0;
  for (const c of after) sent += c.messagesSent - (start.get(c.id) ?? 0);
  return wallMs > 0 ? (sent * 1000) / wallMs : 0;
}

/** Sum of cpuTime (s) over processes, from CDP SystemInfo.getProcessInfo. */
export function totalCpuSeconds(processes: readonly { cpuTime: number }[]): number {
  return processes.reduce((sum, p) => sum + p.cpuTime, 0);
}

const TICKS = 100; // USER_HZ on Linux

/** Worker threads by their name in /proc: the market core's SharedWorker, or the tabs' dedicated workers (the painters). */
export type WorkerThreads = 'market' | 'dedicated';
const WORKER_THREAD: Record<WorkerThreads, RegExp> = { market: /^SharedWorker/, dedicated: /^DedicatedWorker/ };

/**
 * CPU seconds used so far by the worker threads of the given processes (Linux /proc): by default the market core's
 * (`SharedWorker th…`); `'dedicated'` the tabs' `DedicatedWorker…` threads, the order book's and the lists' painters
 * (src/features/trading/row-painter.ts), which run in the viewed tab's process beside the market worker and are not
 * the market core. Returns null where /proc is unavailable or no such thread exists.
 */
export function workerThreadCpuSeconds(pids: readonly number[], threads: WorkerThreads = 'market'): number | null {
  const name = WORKER_THREAD[threads];
  let total = 0;
  let found = false;
  for (const pid of pids) {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        const comm = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
        if (!name.test(comm)) continue;
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        // Fields after the command (which may contain spaces) start after the last ')'.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        total += (Number(fields[11]) + Number(fields[12])) / TICKS; // utime, stime (fields 14 and 15)
        found = true;
      } catch {
        // thread ended between listing and reading
      }
    }
  }
  return found ? total : null;
}

/** % of one core per 1,000 messages a second: `cpuPercent` at `messagesPerSecond` (null without a rate or a figure). */
export function cpuPer1000Messages(cpuPercent: number | null, messagesPerSecond: number): number | null {
  return cpuPercent === null || !(messagesPerSecond > 0) ? null : (cpuPercent * 1000) / messagesPerSecond;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/**
 * On-CPU seconds of the main threads (thread id = process id) of the given renderer processes (Linux
 * /proc). Unlike CDP's TaskDuration (wall time of tasks), this does not grow while the thread waits for
 * a core, so it stays meaningful on a busy machine. Null where /proc is unavailable.
 */
export function mainThreadCpuSeconds(pids: readonly number[]): number | null {
  let total = 0;
  let found = false;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / TICKS;
      found = true;
    } catch {
      // process ended or no /proc
    }
  }
  return found ? total : null;
}

/** p50 and p99 (ms) of each stage of event-to-pixels samples: the gap between consecutive timestamps (epoch ms). */
export function stagePercentiles<K extends string>(samples: readonly Record<K, number>[], order: readonly K[]): Array<{ stage: string; p50: number; p99: number }> {
  const out: Array<{ stage: string; p50: number; p99: number }> = [];
  for (let i = 1; i < order.length; i++) {
    const from = order[i - 1] as K;
    const to = order[i] as K;
    const gaps = samples.map((s) => s[to] - s[from]);
    out.push({ stage: `${from} → ${to}`, p50: percentile(gaps, 50), p99: percentile(gaps, 99) });
  }
  const first = order[0] as K;
  const last = order[order.length - 1] as K;
  const total = samples.map((s) => s[last] - s[first]);
  out.push({ stage: `${first} → ${last}`, p50: percentile(total, 50), p99: percentile(total, 99) });
  return out;
}

/**
 * Heap growth of a soak run, % of the first sample after warm-up to the last (null with fewer than two
 * samples after warm-up). `warmup` samples at the start are left out (caches and pools fill first).
 */
export function heapGrowthPercent(samples: readonly number[], warmup: number): number | null {
  const kept = samples.slice(warmup);
  if (kept.length < 2) return null;
  const first = kept[0] as number;
  const last = kept[kept.length - 1] as number;
  return first > 0 ? ((last - first) * 100) / first : null;
}

/**
 * The parts of a V8 heap snapshot that heapByNodeType reads: the JSON that CDP HeapProfiler.takeHeapSnapshot
 * sends in HeapProfiler.addHeapSnapshotChunk events (the format of a .heapsnapshot file). `nodes` is flat, one
 * run of `meta.node_fields.length` numbers per node in the order of `node_fields`; for each field,
 * `meta.node_types` at the same index gives the field's kind, a list of names for an enumerated field: the
 * `type` field's value indexes that list.
 */
export interface HeapSnapshotJson {
  snapshot: { meta: { node_fields: readonly string[]; node_types: readonly unknown[] } };
  nodes: readonly number[];
}

/**
 * Node types of a V8 heap snapshot that are compiled code and engine metadata rather than data the app keeps;
 * the soak's object heap (heapByNodeType's `objects`) leaves them out. From V8's heap-snapshot-generator.cc:
 * - `code`: what V8 compiles and its bookkeeping: bytecode, machine code, relocation info, deoptimisation data,
 *   source position tables, feedback vectors and inline-cache handlers, SharedFunctionInfos, scope infos,
 *   scripts and their line ends, allocation sites, literal boilerplates. It grows for minutes as functions are
 *   compiled lazily and tiered up (Sparkplug, Maglev, TurboFan), and shrinks when V8 flushes the bytecode of
 *   functions that have not run for a while. This is the growth the soak's usedSize figure read as a leak
 *   (a spot tab: +142 KB of code over 6 minutes, no object type of the app growing).
 * - `object shape`: hidden classes (maps) with their descriptor and transition arrays, prototype infos, enum
 *   caches and prototype validity cells. There is one per shape, not per object, and V8 adds them as code warms
 *   up: a field that goes from small integers to doubles gets a new map (the old one deprecated), enum caches
 *   come with the first for-in or Object.keys over a shape, prototype infos when inline caches start to watch a
 *   prototype chain. A leak of objects with ever new shapes still shows in `objects`, through the objects.
 * Kept in `objects`:
 * - `hidden`: V8's catch-all for internal objects that are neither arrays nor the above, and it holds app data:
 *   the out-of-object property stores (PropertyArray) of objects with more fields than fit inside them,
 *   promise reactions (a promise that never settles keeps its callbacks here), property cells of global
 *   variables, weak cells of FinalizationRegistry. Leaving it out would hide a leak of those. The engine
 *   bookkeeping it also holds (the native context, maps' lists of the optimised code that depends on them) is
 *   kilobytes, not the hundreds of kilobytes 2 % of a tab's heap is.
 * - every other V8 type: objects, closures, arrays (elements, dictionaries, Map and Set tables), strings,
 *   numbers, symbols, regexps, bigints.
 * `native` nodes (the embedder's objects, Blink's DOM among them, and ArrayBuffer backing stores) are outside
 * V8's heap, and outside Runtime.getHeapUsage's usedSize: they are counted apart, in neither `v8` nor `objects`.
 */
export const ENGINE_NODE_TYPES: readonly string[] = ['code', 'object shape'];

/** A V8 heap snapshot's self sizes (bytes) summed by node type. */
export interface HeapBreakdown {
  /** Every node type of the snapshot's meta, 0 where no node has it. */
  byType: Record<string, number>;
  /** All nodes. */
  total: number;
  /** `native` nodes: outside V8's heap (see ENGINE_NODE_TYPES). */
  native: number;
  /** V8's heap: total - native, about what Runtime.getHeapUsage's usedSize counts (the unit test: within a few %). */
  v8: number;
  /** `code` nodes: compiled code and its metadata. */
  code: number;
  /** `object shape` nodes: hidden classes and their metadata. */
  objectShape: number;
  /** The object heap: v8 less ENGINE_NODE_TYPES (code and object shapes), the data the app keeps. */
  objects: number;
}

/**
 * Sums a heap snapshot's node self sizes by node type, finding the `type` and `self_size` fields and the type
 * names through the snapshot's meta (their positions differ between V8 versions). Throws on a snapshot it
 * cannot read that way, or whose types do not include `code` (a V8 that renamed it would otherwise have its
 * compiled code counted as objects without a word).
 */
export function heapByNodeType(snapshot: HeapSnapshotJson): HeapBreakdown {
  const { node_fields: fields, node_types: fieldTypes } = snapshot.snapshot.meta;
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  if (typeAt < 0 || sizeAt < 0) throw new Error(`heap snapshot: no type or self_size among node fields ${JSON.stringify(fields)}`);
  const listed = fieldTypes[typeAt];
  if (!Array.isArray(listed) || !listed.every((n) => typeof n === 'string')) throw new Error('heap snapshot: the node type field lists no type names');
  const names = listed as string[];
  if (!names.includes('code')) throw new Error(`heap snapshot: no 'code' node type among ${JSON.stringify(names)}`);
  const stride = fields.length;
  const { nodes } = snapshot;
  if (nodes.length % stride !== 0) throw new Error(`heap snapshot: ${nodes.length} node values are not a whole number of ${stride}-field nodes`);
  const sums = new Array<number>(names.length).fill(0);
  for (let i = 0; i < nodes.length; i += stride) {
    const type = nodes[i + typeAt] as number;
    if (!(type >= 0 && type < names.length)) throw new Error(`heap snapshot: node ${i / stride} has type ${type}, not one of the ${names.length} types`);
    sums[type] = (sums[type] as number) + (nodes[i + sizeAt] as number);
  }
  const byType: Record<string, number> = {};
  names.forEach((name, i) => (byType[name] = (byType[name] ?? 0) + (sums[i] as number)));
  const sum = (types: readonly string[]) => types.reduce((total, type) => total + (byType[type] ?? 0), 0);
  const total = sums.reduce((a, b) => a + b, 0);
  const native = byType['native'] ?? 0;
  const v8 = total - native;
  return { byType, total, native, v8, code: byType['code'] ?? 0, objectShape: byType['object shape'] ?? 0, objects: v8 - sum(ENGINE_NODE_TYPES) };
}
