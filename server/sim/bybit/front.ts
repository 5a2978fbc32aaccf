/**
 * Bybit's protocol front-end (VenueFront): the stream server for `/<prefix>/stream.bybit.com/v5/public/{spot,linear}`,
 * the feeds its sockets share, and what the control plane asks of it (true book, faults, sockets).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { applyFaultTo } from './faults.ts';
import type { FaultSpec } from '../faults.ts';
import type { MarketKind } from '../instruments.ts';
import type { Simulator } from '../simulator.ts';
import { FeedMap } from '../shared-feeds.ts';
import { SocketFront, socketRow } from '../shared-front.ts';
import type { VenueFront, WireBook } from '../venue-front.ts';
import { refuseUpgradeWith } from '../ws-server.ts';
import { BookFeed } from './book-feed.ts';
import { BybitConnection, type Topics } from './connection.ts';
import type { Feed} from './feeds.ts';
import { KlineFeed, TickerFeed, TradeFeed, type Sink } from './feeds.ts';
import { px, qty } from './format.ts';
import { BYBIT_WS_HOST } from './hosts.ts';
import { parseTopic, type TopicError } from './topics.ts';

const PATHS: Record<string, MarketKind> = { '/v5/public/spot': 'spot', '/v5/public/linear': 'usdm' };

/** The feeds of one venue's simulator, one per (market, topic). */
class Hub extends FeedMap<Sink, Feed> implements Topics {
  constructor(private readonly sim: Simulator) {
    super();
  }

  validate(market: MarketKind, name: unknown): TopicError | undefined {
    const t = parseTopic(this.sim, market, name);
    return 'error' in t ? t : undefined;
  }

  subscribe(sink: Sink, market: MarketKind, name: string): TopicError | undefined {
    const t = parseTopic(this.sim, market, name);
    if ('error' in t) return t;
    this.join(`${market}|${name}`, sink, () =>
      t.kind === 'orderbook' ? new BookFeed(this.sim, t) : t.kind === 'publicTrade' ? new TradeFeed(this.sim, t) : t.kind === 'tickers' ? new TickerFeed(this.sim, t) : new KlineFeed(this.sim, t),
    );
    return undefined;
  }

  unsubscribe(sink: Sink, market: MarketKind, name: string): boolean {
    return this.leave(`${market}|${name}`, sink);
  }

  books(market: MarketKind, symbol: string): BookFeed[] {
    const out: BookFeed[] = [];
    for (const f of this.feeds.values()) if (f instanceof BookFeed && f.topic.market === market && f.topic.symbol === symbol) out.push(f);
    return out.sort((a, b) => a.topic.depth - b.topic.depth);
  }
}

export class BybitFront extends SocketFront<BybitConnection> implements VenueFront {
  readonly venue = 'bybit' as const;
  readonly hub: Hub;

  constructor(
    readonly sim: Simulator,
    private readonly prefix: string,
  ) {
    super();
    this.hub = new Hub(sim);
  }

  protected upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = req.url ?? '';
    const base = `${this.prefix}/${BYBIT_WS_HOST}`;
    if (url !== base && !url.startsWith(base + '/') && !url.startsWith(base + '?')) return; // not Bybit's
    const rest = url.slice(base.length);
    const path = rest.split('?')[0] ?? '';
    const market = PATHS[path];
    if (!market) {
      refuseUpgradeWith(socket, '404 Not Found');
      return;
    }
    this.accept(req, socket, head, (id, ws, drop) => new BybitConnection(id, ws, path, market, this.sim.scheduler, this.hub, drop));
  }

  /**
   * The true book in Bybit's units; lastUpdateId is the u of the topic's feed whose depth covers `limit` (the
   * smallest such, else the deepest one live), 0 when no order-book topic of the symbol is subscribed.
   */
  book(kind: MarketKind, symbol: string, limit: number): WireBook | undefined {
    const m = this.sim.market(kind, symbol);
    if (!m) return undefined;
    const feeds = this.hub.books(kind, symbol);
    const feed = feeds.find((f) => f.topic.depth >= limit) ?? feeds[feeds.length - 1];
    const side = (s: typeof m.book.bids): [string, string][] => {
      const n = Math.min(limit, s.length);
      const out: [string, string][] = [];
      for (let k = 0; k < n; k++) out.push([px(m.inst, s.px[k]!), qty(m.inst, s.qty[k]!)]);
      return out;
    };
    return { lastUpdateId: feed?.u ?? 0, bids: side(m.book.bids), asks: side(m.book.asks) };
  }

  /** The u of the REST book (Bybit: spot's 200-level stream, linear's deepest one), else the engine's sequence. */
  restBookId(kind: MarketKind, symbol: string): number {
    const feeds = this.hub.books(kind, symbol);
    const feed = kind === 'spot' ? feeds.find((f) => f.topic.depth === 200) : feeds[feeds.length - 1];
    return feed?.u ?? this.sim.market(kind, symbol)?.lastUpdateId ?? 0;
  }

  applyFault(spec: FaultSpec): number[] {
    return applyFaultTo(spec, [...this.connections.values()], this.hub, this.sim.scheduler);
  }

  describe(): unknown[] {
    return [...this.connections.values()].map((c) => ({ ...socketRow(c), host: BYBIT_WS_HOST, route: BYBIT_WS_HOST + c.path, topics: [...c.topics] }));
  }

  protected override released(): void {
    this.hub.stop();
  }
}

export type { Hub };
