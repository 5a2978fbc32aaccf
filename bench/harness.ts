import { Bench } from 'tinybench';

/** Per task: the median ms per call in each round. */
export type Rounds = Record<string, number[]>;

/**
 * Run the tasks side by side in one process with tinybench, in `rounds` interleaved rounds (every task
 * once per round). On a shared machine load comes and goes; comparing peers within the same round and
 * taking the median over rounds keeps a load spike from skewing one peer only.
 */
export async function measure(
  name: string,
  tasks: Record<string, () => void>,
  options: { time: number; iterations: number; rounds: number },
): Promise<Rounds> {
  const out: Rounds = {};
  for (const taskName of Object.keys(tasks)) out[taskName] = [];
  for (let round = 0; round < options.rounds; round++) {
    // A couple of warm-up calls are enough: each call replays thousands of events.
    const bench = new Bench({
      name,
      time: options.time,
      iterations: options.iterations,
      warmup: true,
      warmupIterations: 2,
      warmupTime: 50,
      throws: true,
    });
    for (const [taskName, fn] of Object.entries(tasks)) bench.add(taskName, fn);
    await bench.run();
    for (const task of bench.tasks) {
      const result = task.result as unknown as { latency?: { p50: number } };
      if (!result.latency) throw new Error(`${name}/${task.name}: no result`);
      (out[task.name] as number[]).push(result.latency.p50);
    }
  }
  return out;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Median over rounds of a per-round ratio peer / ours (both measured in the same round). */
export function ratio(rounds: Rounds, peer: string, ours: string, scale = 1): number {
  const p = rounds[peer] as number[];
  const o = rounds[ours] as number[];
  return median(p.map((v, i) => (v / (o[i] as number)) * scale));
}

/** Median ms per call of a task. */
export function ms(rounds: Rounds, task: string): number {
  return median(rounds[task] as number[]);
}

/** Keeps a value alive so the optimiser cannot drop the work that produced it. */
export let sink = 0;
export function consume(value: number): void {
  sink = (sink + value) | 0;
}
