/**
 * The control plane's faults on Bybit sockets (the FaultSpec Binance's take). Bybit's books carry no checksum
 * (`checksum` applies to none) and it announces no shutdown (`serverShutdown` neither); `restart` is Bybit's service
 * restart: every order-book topic the selected sockets hold starts again at u = 1 with a snapshot, to all of its
 * subscribers (the topic's u is shared).
 */
import type { FaultSpec } from '../faults.ts';
import type { Scheduler } from '../scheduler.ts';
import { BookFeed } from './book-feed.ts';
import type { BybitConnection } from './connection.ts';
import type { Feed } from './feeds.ts';

export function applyFaultTo(spec: FaultSpec, connections: BybitConnection[], hub: { feeds: Map<string, Feed> }, scheduler: Scheduler): number[] {
  if (spec.type === 'checksum' || spec.type === 'serverShutdown') return [];
  const selected = connections.filter(
    (c) => !c.isClosed && (spec.connection === undefined || spec.connection === 'all' || spec.connection === c.id) && (spec.market === undefined || spec.market === c.market),
  );
  if (spec.type === 'restart') {
    const applied = new Set<number>();
    for (const c of selected) {
      for (const t of c.topics) {
        const feed = hub.feeds.get(`${c.market}|${t}`);
        if (!(feed instanceof BookFeed) || feed.u === 1) continue;
        feed.restart();
        for (const s of feed.subs) applied.add(s.id);
      }
    }
    return [...applied].sort((a, b) => a - b);
  }
  const count = spec.count ?? 1;
  for (const c of selected) {
    const f = c.faults;
    switch (spec.type) {
      case 'cut':
        c.terminate();
        break;
      case 'close':
        c.close(spec.code ?? 1000, spec.reason ?? '');
        break;
      case 'gap':
        f.gap += count;
        if (spec.stream !== undefined) f.gapStream = spec.stream;
        else delete f.gapStream;
        break;
      case 'duplicate':
        f.duplicate += count;
        if (spec.stream !== undefined) f.duplicateStream = spec.stream;
        else delete f.duplicateStream;
        break;
      case 'reorder':
        f.reorder += count;
        break;
      case 'latency':
        f.latencyMs = spec.ms ?? 0;
        break;
      case 'malformed':
        f.malformed += count;
        break;
      case 'oversized': {
        const bytes = spec.bytes ?? 2 << 20;
        const head = '{"topic":"oversized","pad":"';
        c.inject(head + 'x'.repeat(Math.max(0, bytes - head.length - 2)) + '"}');
        break;
      }
      case 'silence':
        f.silent = true;
        if (spec.ms !== undefined) scheduler.after(spec.ms, () => (f.silent = false));
        break;
      case 'clear':
        Object.assign(f, { silent: false, latencyMs: 0, gap: 0, duplicate: 0, reorder: 0, malformed: 0 });
        delete f.gapStream;
        delete f.duplicateStream;
        break;
    }
  }
  return selected.map((c) => c.id);
}
