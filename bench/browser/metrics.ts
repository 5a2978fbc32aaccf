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

/**
 * CPU seconds used so far by the threads named `SharedWorker th…` / `DedicatedWorker…` in the given
 * processes (Linux /proc): the market core's thread. Returns null where /proc is unavailable.
 */
export function workerThreadCpuSeconds(pids: readonly number[]): number | null {
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
        if (!/^(SharedWorker|DedicatedWorker)/.test(comm)) continue;
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
