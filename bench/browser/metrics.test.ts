import { describe, expect, it } from 'vitest';
import { busyPercent, heapGrowthPercent, mainThreadCpuSeconds, messagesPerSecond, percentile, socketsPerEndpoint, stagePercentiles, totalCpuSeconds, workerThreadCpuSeconds } from './metrics.ts';

describe('browser benchmark figures', () => {
  it('turns task time into a busy share of wall time', () => {
    expect(busyPercent(1.5, 4.5, 30_000)).toBeCloseTo(10);
    expect(busyPercent(0, 1, 0)).toBe(0);
  });

  it('counts sockets per endpoint and message rates from simulator snapshots', () => {
    const before = [
      { id: 1, route: 'stream.binance.com/stream', messagesSent: 100 },
      { id: 2, route: 'fstream.binance.com/public/stream', messagesSent: 10 },
    ];
    const after = [...before.map((c) => ({ ...c, messagesSent: c.messagesSent + 500 })), { id: 3, route: 'stream.binance.com/stream', messagesSent: 50 }];
    expect(socketsPerEndpoint(after)).toEqual({ 'stream.binance.com/stream': 2, 'fstream.binance.com/public/stream': 1 });
    expect(messagesPerSecond(before, after, 2000)).toBe(525);
  });

  it('sums process CPU, reads worker threads and takes percentiles', () => {
    expect(totalCpuSeconds([{ cpuTime: 1.25 }, { cpuTime: 0.75 }])).toBe(2);
    expect(workerThreadCpuSeconds([process.pid])).toBeNull(); // Node has no SharedWorker thread
    expect(mainThreadCpuSeconds([process.pid])).toBeGreaterThan(0); // this process has run for a while
    expect(mainThreadCpuSeconds([2 ** 30])).toBeNull();
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(percentile([], 95)).toBe(0);
  });

  it('splits event-to-pixels samples into stages with percentiles', () => {
    const samples = Array.from({ length: 100 }, (_, i) => ({ event: 1000, port: 1000 + i, painted: 1000 + i + 16 }));
    const stages = stagePercentiles(samples, ['event', 'port', 'painted']);
    expect(stages.map((s) => s.stage)).toEqual(['event → port', 'port → painted', 'event → painted']);
    expect(stages[0]).toMatchObject({ p50: 50, p99: 99 });
    expect(stages[1]).toMatchObject({ p50: 16, p99: 16 });
    expect(stages[2]).toMatchObject({ p50: 66, p99: 115 });
  });

  it('computes heap growth after warm-up', () => {
    expect(heapGrowthPercent([10, 100, 101, 102], 1)).toBeCloseTo(2);
    expect(heapGrowthPercent([50, 100, 99], 1)).toBeCloseTo(-1);
    expect(heapGrowthPercent([10, 100], 1)).toBeNull();
    expect(heapGrowthPercent([0, 0, 5], 1)).toBeNull();
  });
});
