// `npx tsx bench/browser/heap-diff.ts BEFORE AFTER [LATER] [--top 25] [--paths 5] [--group NAME]… [--depth 8] [--all]`:
// what a V8 heap grew by between snapshots of the same page (`.heapsnapshot` files from
// `npm run bench:soak -- --keep-snapshots DIR`, or saved from Chromium's DevTools). The soak reports the growth by
// node type; this says which objects it is and what holds them:
// - the node groups (node type and name: a constructor's name for objects, "(object elements)" and the like for
//   arrays) whose bytes grew most, with their counts and self sizes in both snapshots;
// - for each of the `--paths` groups that grew most (or each `--group NAME` given), the retainer paths that hold
//   more of its nodes in AFTER than in BEFORE. A node's path is its chain of first strong retainers towards a GC
//   root, `--depth` steps (8 by default); a run of one repeated step (a linked list's `.next`) counts as one.
// - with LATER, what was allocated between BEFORE and AFTER and is still alive in LATER (DevTools' three-snapshot
//   technique): what churns (a book's rows, a render's props) has been replaced by then, what accumulates has not.
//   Objects are matched by snapshot id, so the three must come from one profiler session (the soak's
//   `--keep-snapshots` keeps the tabs' profilers enabled for that). Grouped as above, then by retainer path from
//   the first holder that is not itself one of them.
// By default only the soak's object heap is counted: compiled code, object shapes (ENGINE_NODE_TYPES in
// metrics.ts) and native nodes are left out; `--all` counts every node type.
import { readFileSync } from 'node:fs';
import { ENGINE_NODE_TYPES } from './metrics.ts';

/** A V8 heap snapshot as V8 writes it (the fields this reads). */
export interface HeapSnapshotFile {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export interface Heap {
  count: number;
  type(i: number): string;
  name(i: number): string;
  selfSize(i: number): number;
  /** The same object has the same id in the snapshots of one profiler session. */
  id(i: number): number;
  /** Node i's first strong retainer (the edge's name and the retainer's index), or null for a root. */
  retainer(i: number): { edge: string; from: number } | null;
}

export function parseHeap(json: HeapSnapshotFile): Heap {
  const { meta } = json.snapshot;
  const nf = meta.node_fields.length;
  const ef = meta.edge_fields.length;
  const field = (fields: string[], name: string) => {
    const at = fields.indexOf(name);
    if (at < 0) throw new Error(`heap snapshot: no '${name}' among ${JSON.stringify(fields)}`);
    return at;
  };
  const [nType, nName, nSize, nId, nEdges] = ['type', 'name', 'self_size', 'id', 'edge_count'].map((f) => field(meta.node_fields, f)) as [number, number, number, number, number];
  const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => field(meta.edge_fields, f)) as [number, number, number];
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const { nodes, edges, strings } = json;
  const count = nodes.length / nf;
  // One retainer per node: the first edge to it that is neither weak nor a shortcut.
  const retainedBy = new Int32Array(count).fill(-1);
  const retainedEdge = new Int32Array(count).fill(-1);
  let e = 0;
  for (let i = 0; i < count; i++) {
    const edgeCount = nodes[i * nf + nEdges] as number;
    for (let k = 0; k < edgeCount; k++, e += ef) {
      const kind = edgeTypes[edges[e + eType] as number];
      if (kind === 'weak' || kind === 'shortcut') continue;
      const to = (edges[e + eTo] as number) / nf;
      if (retainedBy[to] === -1 && to !== i) {
        retainedBy[to] = i;
        retainedEdge[to] = e;
      }
    }
  }
  const edgeName = (at: number) => {
    const kind = edgeTypes[edges[at + eType] as number];
    const n = edges[at + eName] as number;
    return kind === 'element' || kind === 'hidden' ? `[${n}]` : (strings[n] ?? String(n));
  };
  return {
    count,
    type: (i) => nodeTypes[nodes[i * nf + nType] as number] ?? '?',
    name: (i) => strings[nodes[i * nf + nName] as number] ?? '',
    selfSize: (i) => nodes[i * nf + nSize] as number,
    id: (i) => nodes[i * nf + nId] as number,
    retainer: (i) => (i === 0 || retainedBy[i] === -1 ? null : { edge: edgeName(retainedEdge[i] as number), from: retainedBy[i] as number }),
  };
}

export const readHeap = (file: string): Heap => parseHeap(JSON.parse(readFileSync(file, 'utf8')) as HeapSnapshotFile);

/** A node's group: its type and, except for strings and numbers (whose names are their values), its name. */
export function groupOf(heap: Heap, i: number): string {
  const type = heap.type(i);
  if (type === 'string' || type === 'concatenated string' || type === 'sliced string' || type === 'number') return type;
  // Contexts are named after their node id ("system / Context / scope @73723"): one group for all.
  const name = heap.name(i).replace(/ @\d+$/, '');
  return `${type} ${name.length > 60 ? `${name.slice(0, 57)}…` : name}`;
}

/** Whether node i counts: by default the soak's object heap (no compiled code, object shapes or native nodes). */
export function counted(heap: Heap, i: number, all = false): boolean {
  return all || !(ENGINE_NODE_TYPES.includes(heap.type(i)) || heap.type(i) === 'native');
}

export interface Tally {
  count: number;
  bytes: number;
}

function add(into: Map<string, Tally>, key: string, bytes: number) {
  const t = into.get(key) ?? { count: 0, bytes: 0 };
  t.count++;
  t.bytes += bytes;
  into.set(key, t);
}

export function groups(heap: Heap, all = false): Map<string, Tally> {
  const out = new Map<string, Tally>();
  for (let i = 0; i < heap.count; i++) if (counted(heap, i, all)) add(out, groupOf(heap, i), heap.selfSize(i));
  return out;
}

/** The groups of both snapshots, with what each grew by, most bytes first. */
export function groupDiff(before: Heap, after: Heap, all = false) {
  const a = groups(before, all);
  const b = groups(after, all);
  const rows = [...new Set([...a.keys(), ...b.keys()])].map((key) => {
    const x = a.get(key) ?? { count: 0, bytes: 0 };
    const y = b.get(key) ?? { count: 0, bytes: 0 };
    return { key, before: x, after: y, count: y.count - x.count, bytes: y.bytes - x.bytes };
  });
  return rows.sort((p, q) => q.bytes - p.bytes);
}

/** Node i's retainer path, `depth` distinct steps at most: a run of one repeated step is one step marked "×n" (n
 * left out, so that lists of different lengths group together), and slots of arrays and tables read `.[]`. */
export function retainerPath(heap: Heap, i: number, depth = 8): string {
  const steps: string[] = [];
  let at = i;
  const seen = new Set<number>([i]);
  for (let walked = 0; steps.length <= depth && walked < 10_000; walked++) {
    const r = heap.retainer(at);
    if (r === null || seen.has(r.from)) break;
    seen.add(r.from);
    // Element indices left out (an array's or a hash table's slot), so that a collection's members group together.
    const step = `${groupOf(heap, r.from)} .${/^\[?\d+\]?$/.test(r.edge) ? '[]' : r.edge}`;
    const last = steps.at(-1);
    if (last === step || last === `(${step})×n`) steps[steps.length - 1] = `(${step})×n`;
    else if (steps.length === depth) break;
    else steps.push(step);
    at = r.from;
  }
  return steps.join(' ← ');
}

/** How many of a group's nodes each retainer path holds. */
export function pathCounts(heap: Heap, key: string, depth = 8): Map<string, number> {
  const paths = new Map<string, number>();
  for (let i = 0; i < heap.count; i++) {
    if (groupOf(heap, i) !== key) continue;
    const p = retainerPath(heap, i, depth);
    paths.set(p, (paths.get(p) ?? 0) + 1);
  }
  return paths;
}

/**
 * What was allocated between `before` and `after` and is alive in `later`, by group and by retainer path. An object
 * is new in `after` when `before` has no node with its id, or one of another group: V8 keys its ids by address, so
 * an object allocated where a dead one was can inherit the dead one's id (one of another class is still told
 * apart; one of the same class is not, so this can miss some). A survivor held by another survivor is part of its
 * structure: its path is "(in a new <group>)" and the path of the first holder that is not one.
 */
export function survivors(before: Heap, after: Heap, later: Heap, { all = false, depth = 8 } = {}) {
  const groupsById = (heap: Heap) => {
    const out = new Map<number, string>();
    for (let i = 0; i < heap.count; i++) out.set(heap.id(i), groupOf(heap, i));
    return out;
  };
  const old = groupsById(before);
  const fresh = new Map<number, string>();
  for (let i = 0; i < after.count; i++) {
    const key = groupOf(after, i);
    if (old.get(after.id(i)) !== key) fresh.set(after.id(i), key);
  }
  const kept = (i: number) => fresh.get(later.id(i)) === groupOf(later, i) && counted(later, i, all);
  const byGroup = new Map<string, Tally>();
  const byPath = new Map<string, Tally>();
  let bytes = 0;
  for (let i = 0; i < later.count; i++) {
    if (!kept(i)) continue;
    const size = later.selfSize(i);
    bytes += size;
    add(byGroup, groupOf(later, i), size);
    let holder = i;
    for (let hop = 0; hop < 1000; hop++) {
      const r = later.retainer(holder);
      if (r === null || !kept(r.from)) break;
      holder = r.from;
    }
    const tail = retainerPath(later, holder, depth);
    add(byPath, holder === i ? `${groupOf(later, i)} ← ${tail}` : `(in a new ${groupOf(later, holder)}) ← ${tail}`, size);
  }
  const sorted = (m: Map<string, Tally>) => [...m].sort((x, y) => y[1].bytes - x[1].bytes);
  return { bytes, groups: sorted(byGroup), paths: sorted(byPath) };
}

function main(argv: string[]) {
  const valued = ['--top', '--paths', '--group', '--depth'];
  const files = argv.filter((a, i) => !a.startsWith('--') && !valued.includes(argv[i - 1] ?? ''));
  const opt = (name: string, fallback: number) => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 ? Number(argv[at + 1]) : fallback;
  };
  if (files.length !== 2 && files.length !== 3) {
    console.error('usage: npx tsx bench/browser/heap-diff.ts BEFORE AFTER [LATER] [--top 25] [--paths 5] [--group NAME]… [--depth 8] [--all]');
    process.exit(2);
  }
  const all = argv.includes('--all');
  const top = opt('top', 25);
  const depth = opt('depth', 8);
  const [before, after, later] = files.map(readHeap) as [Heap, Heap, Heap | undefined];
  const rows = groupDiff(before, after, all);
  const total = (side: 'before' | 'after') => rows.reduce((sum, r) => sum + r[side].bytes, 0);
  const signed = (n: number) => `${n >= 0 ? '+' : ''}${n}`;
  console.log(`bytes ${total('before')} → ${total('after')} (${signed(total('after') - total('before'))})\n`);
  console.log('| group | count before → after | bytes before → after | Δ bytes |\n|---|---|---|---|');
  for (const r of rows.slice(0, top)) console.log(`| ${r.key} | ${r.before.count} → ${r.after.count} (${signed(r.count)}) | ${r.before.bytes} → ${r.after.bytes} | ${signed(r.bytes)} |`);
  const named = argv.flatMap((a, i) => (argv[i - 1] === '--group' ? [a] : []));
  const traced = named.length > 0 ? named : rows.slice(0, opt('paths', 5)).filter((r) => r.count > 0).map((r) => r.key);
  for (const key of traced) {
    const x = pathCounts(before, key, depth);
    const grown = [...pathCounts(after, key, depth)].map(([p, n]) => [p, n - (x.get(p) ?? 0), n] as const).filter(([, d]) => d > 0);
    console.log(`\n${key}: retainer paths that hold more of its nodes in AFTER (+more, of all)`);
    for (const [p, d, n] of grown.sort((p, q) => q[1] - p[1]).slice(0, 10)) console.log(`  +${d} (of ${n}) ${p}`);
  }
  if (later === undefined) return;
  const s = survivors(before, after, later, { all, depth });
  console.log(`\nAllocated between BEFORE and AFTER, alive in LATER: ${s.bytes} bytes\n`);
  console.log('| group | count | bytes |\n|---|---|---|');
  for (const [key, t] of s.groups.slice(0, top)) console.log(`| ${key} | ${t.count} | ${t.bytes} |`);
  console.log('\nBy retainer path:');
  for (const [p, t] of s.paths.slice(0, 15)) console.log(`  ${t.bytes} B, ${t.count} nodes: ${p}`);
}

if (process.argv[1]?.endsWith('heap-diff.ts')) main(process.argv.slice(2));
