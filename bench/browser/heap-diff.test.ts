import { Session } from 'node:inspector/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupDiff, parseHeap, survivors, type Heap, type HeapSnapshotFile } from './heap-diff.ts';

// Real V8 heap snapshots of this process, taken through the inspector as the soak takes a tab's (one profiler
// session, so objects keep their ids): a leak and a churn are made between them, and the diff must tell them apart.
class HeapDiffLeakProbe {
  constructor(readonly n: number) {}
}
class HeapDiffChurnProbe {
  constructor(readonly n: number) {}
}
const registry = { heapDiffLeaks: [] as HeapDiffLeakProbe[], churn: [] as HeapDiffChurnProbe[] };

const session = new Session();
async function snapshot(): Promise<Heap> {
  const chunks: string[] = [];
  const onChunk = (m: { params: { chunk: string } }) => chunks.push(m.params.chunk);
  session.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await session.post('HeapProfiler.collectGarbage');
  await session.post('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  session.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  return parseHeap(JSON.parse(chunks.join('')) as HeapSnapshotFile);
}

let before: Heap;
let after: Heap;
let later: Heap;
beforeAll(async () => {
  session.connect();
  await session.post('HeapProfiler.enable');
  before = await snapshot();
  for (let i = 0; i < 300; i++) registry.heapDiffLeaks.push(new HeapDiffLeakProbe(i));
  registry.churn = Array.from({ length: 200 }, (_, i) => new HeapDiffChurnProbe(i));
  after = await snapshot();
  registry.churn = []; // replaced: what churns is gone by the third snapshot
  later = await snapshot();
  // The unit worker keeps its modules from file to file, so its heap, and the time a snapshot and its parse take,
  // depend on the files before this one: the bounds leave room for a full run's heap on two busy cores.
}, 240_000);
afterAll(() => session.disconnect());

describe('heap-diff', { timeout: 120_000 }, () => {
  it('finds the group that grew between two snapshots, with its count', () => {
    const rows = groupDiff(before, after);
    const leak = rows.find((r) => r.key === 'object HeapDiffLeakProbe');
    expect(leak).toMatchObject({ before: { count: 0 }, after: { count: 300 }, count: 300 });
    expect(leak?.bytes).toBeGreaterThan(0);
    expect(rows.find((r) => r.key === 'object HeapDiffChurnProbe')?.count).toBe(200);
    // Compiled code is left out unless asked for.
    expect(rows.some((r) => r.key.startsWith('code '))).toBe(false);
    expect(groupDiff(before, after, true).some((r) => r.key.startsWith('code '))).toBe(true);
  });

  it('keeps what was allocated between the first two snapshots and is alive in the third, with what holds it', () => {
    const s = survivors(before, after, later);
    const groups = new Map(s.groups);
    expect(groups.get('object HeapDiffLeakProbe')?.count).toBe(300);
    expect(groups.has('object HeapDiffChurnProbe')).toBe(false);
    // The probes by their path to the registry: through its array, or through the array's elements store when that
    // is new too (it grew), which is then counted on that path as well.
    const held = s.paths.filter(([p]) => p.includes('← object Object .heapDiffLeaks ←'));
    const count = held.reduce((sum, [, t]) => sum + t.count, 0);
    expect(count).toBeGreaterThanOrEqual(300);
    expect(count).toBeLessThanOrEqual(301); // the probes, and perhaps their elements store
    expect(s.paths.some(([p]) => p.includes('HeapDiffChurnProbe'))).toBe(false);
    // Nothing allocated before the first snapshot is counted.
    expect(new Map(survivors(before, before, later).groups).size).toBe(0);
  });
});
