import { Bench } from 'tinybench';

export interface Measured {
  name: string;
  /** mean ms per task call */
  msPerCall: number;
  /** relative margin of error, % */
  rme: number;
  samples: number;
}

/** Run the tasks side by side in one tinybench Bench (same process, same warm-up rules). */
export async function measure(
  name: string,
  tasks: Record<string, () => void>,
  options: { time: number; iterations: number },
): Promise<Record<string, Measured>> {
  // A couple of warm-up calls are enough: each call replays thousands of events.
  const bench = new Bench({
    name,
    time: options.time,
    iterations: options.iterations,
    warmup: true,
    warmupIterations: 2,
    warmupTime: 100,
    throws: true,
  });
  for (const [taskName, fn] of Object.entries(tasks)) bench.add(taskName, fn);
  await bench.run();
  const out: Record<string, Measured> = {};
  for (const task of bench.tasks) {
    const result = task.result as unknown as { latency?: { mean: number; rme: number; samplesCount?: number } };
    const latency = result.latency;
    if (!latency) throw new Error(`${name}/${task.name}: no result`);
    out[task.name] = { name: task.name, msPerCall: latency.mean, rme: latency.rme, samples: latency.samplesCount ?? 0 };
  }
  return out;
}

/** Keeps a value alive so the optimiser cannot drop the work that produced it. */
export let sink = 0;
export function consume(value: number): void {
  sink = (sink + value) | 0;
}
