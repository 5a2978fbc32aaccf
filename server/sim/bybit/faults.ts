/**
 * The control plane's faults on Bybit sockets (the FaultSpec Binance's take). Bybit's books carry no checksum
 * (`checksum` applies to none) and it announces no shutdown (`serverShutdown` neither); `restart` is Bybit's service
 * restart: every order-book topic the selected sockets hold starts again at u = 1 with a snapshot, to all of its
 * subscribers (the topic's u is shared).
 */
import { applyFaults, selects, type FaultSpec } from '../faults.ts';
import type { Scheduler } from '../scheduler.ts';
import { BookFeed } from './book-feed.ts';
import type { BybitConnection } from './connection.ts';
import type { Feed } from './feeds.ts';

export function applyFaultTo(spec: FaultSpec, connections: BybitConnection[], hub: { feeds: Map<string, Feed> }, scheduler: Scheduler): number[] {
  if (spec.type === 'checksum' || spec.type === 'serverShutdown') return [];
  if (spec.type === 'restart') {
    const applied = new Set<number>();
    for (const c of connections.filter((c) => selects(spec, c))) {
      for (const t of c.topics) {
        const feed = hub.feeds.get(`${c.market}|${t}`);
        if (!(feed instanceof BookFeed) || feed.u === 1) continue;
        feed.restart();
        for (const s of feed.subs) applied.add(s.id);
      }
    }
    return [...applied].sort((a, b) => a - b);
  }
  return applyFaults(spec, connections, scheduler, { oversizedHead: '{"topic":"oversized","pad":"' });
}
