import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { busyPercent, heapByNodeType, heapGrowthPercent, type HeapSnapshotJson, cpuPer1000Messages, mainThreadCpuSeconds, messagesPerSecond, percentile, socketsPerEndpoint, stagePercentiles, totalCpuSeconds, workerThreadCpuSeconds } from './metrics.ts';

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
    expect(workerThreadCpuSeconds([process.pid], 'dedicated')).toBeNull(); // nor a DedicatedWorker one
    expect(cpuPer1000Messages(6, 2000)).toBe(3);
    expect(cpuPer1000Messages(6, 0)).toBeNull();
    expect(cpuPer1000Messages(null, 2000)).toBeNull();
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

  // A hand-made snapshot: the fields and the type names in another order than V8's, so that offsets or type
  // indexes taken from V8's layout read the wrong numbers.
  const handMade = (nodes: number[]): HeapSnapshotJson => ({
    snapshot: {
      meta: {
        node_fields: ['name', 'id', 'self_size', 'edge_count', 'type'],
        node_types: ['string', 'number', 'number', 'number', ['synthetic', 'object', 'native', 'code', 'hidden', 'object shape', 'string', 'array', 'closure']],
      },
    },
    nodes,
  });
  // name, id, self_size, edge_count, type
  const nodes = [
    0, 1, 0, 3, 0, // (GC roots): synthetic, no size
    1, 3, 1000, 2, 1, // object
    2, 5, 500, 0, 1, // object
    3, 7, 4000, 1, 3, // code
    4, 9, 200, 0, 3, // code
    5, 11, 300, 0, 4, // hidden (a PropertyArray, say)
    6, 13, 700, 1, 5, // object shape
    7, 15, 8000, 0, 2, // native
    8, 17, 64, 0, 6, // string
    9, 19, 136, 0, 7, // array
  ];

  it('sums a heap snapshot by node type through its meta, leaving compiled code and object shapes out of the object heap', () => {
    const heap = heapByNodeType(handMade(nodes));
    expect(heap.byType).toEqual({ synthetic: 0, object: 1500, native: 8000, code: 4200, hidden: 300, 'object shape': 700, string: 64, array: 136, closure: 0 });
    expect(heap).toMatchObject({ total: 14_900, native: 8000, v8: 6900, code: 4200, objectShape: 700 });
    // objects, hidden, strings and arrays: what the app keeps
    expect(heap.objects).toBe(2000);
  });

  it('reads the same nodes in V8\'s own layout (type first, seven fields)', () => {
    const types = ['hidden', 'array', 'string', 'object', 'code', 'closure', 'regexp', 'number', 'native', 'synthetic', 'concatenated string', 'sliced string', 'symbol', 'bigint', 'object shape'];
    const v8Type = { object: 3, code: 4, hidden: 0, 'object shape': 14, native: 8, synthetic: 9, string: 2, array: 1, closure: 5 };
    const ours = ['synthetic', 'object', 'native', 'code', 'hidden', 'object shape', 'string', 'array', 'closure'] as const;
    const v8Nodes: number[] = [];
    for (let i = 0; i < nodes.length; i += 5) v8Nodes.push(v8Type[ours[nodes[i + 4] as number] as keyof typeof v8Type], nodes[i] as number, nodes[i + 1] as number, nodes[i + 2] as number, nodes[i + 3] as number, 0, 0);
    const heap = heapByNodeType({
      snapshot: { meta: { node_fields: ['type', 'name', 'id', 'self_size', 'edge_count', 'trace_node_id', 'detachedness'], node_types: [types, 'string', 'number', 'number', 'number', 'number', 'number'] } },
      nodes: v8Nodes,
    });
    expect(heap).toMatchObject({ total: 14_900, native: 8000, v8: 6900, code: 4200, objectShape: 700, objects: 2000 });
  });

  it('refuses a heap snapshot it cannot read by its meta', () => {
    const bad = (meta: HeapSnapshotJson['snapshot']['meta'], values = nodes) => () => heapByNodeType({ snapshot: { meta }, nodes: values });
    const meta = handMade(nodes).snapshot.meta;
    expect(bad({ ...meta, node_fields: ['name', 'id', 'size', 'edge_count', 'type'] })).toThrow(/self_size/);
    expect(bad({ ...meta, node_types: ['string', 'number', 'number', 'number', 'string'] })).toThrow(/type names/);
    expect(bad({ ...meta, node_types: ['string', 'number', 'number', 'number', ['object', 'compiled code', 'native']] })).toThrow(/'code'/);
    expect(bad(meta, nodes.slice(0, -1))).toThrow(/whole number/);
    expect(bad(meta, [...nodes, 10, 21, 8, 0, 9])).toThrow(/type 9/);
  });

  it('reads a real V8 heap snapshot (a Node process\'s): its meta names the types left out, and `v8` is the used heap', async () => {
    // The child prints its used heap after a collection (stderr), then its heap snapshot (stdout).
    const script = "const v8 = require('node:v8'); gc(); process.stderr.write(String(v8.getHeapStatistics().used_heap_size)); v8.getHeapSnapshot().pipe(process.stdout);";
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--expose-gc', '-e', script], { maxBuffer: 512 * 2 ** 20 });
    const snapshot = JSON.parse(stdout) as HeapSnapshotJson;
    expect(snapshot.snapshot.meta.node_types[snapshot.snapshot.meta.node_fields.indexOf('type')]).toEqual(expect.arrayContaining(['code', 'object shape', 'native', 'hidden']));
    const heap = heapByNodeType(snapshot);
    expect(heap.code).toBeGreaterThan(0);
    expect(heap.objectShape).toBeGreaterThan(0);
    expect(heap.objects).toBeGreaterThan(0);
    expect(heap.v8 / Number(stderr)).toBeGreaterThan(0.85);
    expect(heap.v8 / Number(stderr)).toBeLessThan(1.15);
  });
});
