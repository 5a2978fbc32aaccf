/**
 * Gate's protocol front-end (VenueFront): the stream servers of `/<prefix>/api.gateio.ws/ws/v4/` (spot) and
 * `/<prefix>/fx-ws.gateio.ws/v4/ws/usdt` (USDT futures), the feeds their sockets share, and what the control plane
 * asks of it (true book, faults, sockets).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { applyFaults, type FaultSpec } from '../faults.ts';
import type { MarketKind } from '../instruments.ts';
import type { SymbolMarket } from '../market.ts';
import type { Simulator } from '../simulator.ts';
import { FeedMap } from '../shared-feeds.ts';
import { SocketFront, socketRow } from '../shared-front.ts';
import type { VenueFront, WireBook } from '../venue-front.ts';
import { refuseUpgradeWith } from '../ws-server.ts';
import type { GateBookIds } from './book-ids.ts';
import { GateConnection, type GateTopics, type GateWsError } from './connection.ts';
import { CandleFeed, DiffFeed, ObuFeed, TickerFeed, TradeFeed, type Feed, type Sink } from './feeds.ts';
import { GATE_INTERVALS, amount, px } from './format.ts';

export const GATE_SPOT_WS_HOST = 'api.gateio.ws';
export const GATE_FUTURES_WS_HOST = 'fx-ws.gateio.ws';

const ROUTES: [host: string, path: string, market: MarketKind][] = [
  [GATE_SPOT_WS_HOST, '/ws/v4/', 'spot'],
  [GATE_SPOT_WS_HOST, '/ws/v4', 'spot'],
  [GATE_FUTURES_WS_HOST, '/v4/ws/usdt', 'usdm'],
];

/** `*.order_book_update` intervals (ms between pushes) and the futures levels Gate takes. */
const BOOK_INTERVALS: Record<string, number> = { '100ms': 100, '1000ms': 1000 };
const FUTURES_LEVELS = new Set(['100', '50', '20', '10', '5', '1']);

const bad = (message: string): GateWsError => ({ code: 2, message });

/** The feeds of Gate's simulator, one per channel and argument. */
class Hub extends FeedMap<Sink, Feed> implements GateTopics {
  constructor(
    private readonly sim: Simulator,
    readonly ids: GateBookIds,
  ) {
    super();
  }

  private market(kind: MarketKind, id: unknown): SymbolMarket | undefined {
    if (typeof id !== 'string' || !/^[A-Z0-9]{1,20}_[A-Z0-9]{1,10}$/.test(id)) return undefined;
    return this.sim.market(kind, id.replace('_', ''));
  }

  keys(kind: MarketKind, channel: string, payload: unknown): string[] | GateWsError {
    const prefix = kind === 'spot' ? 'spot.' : 'futures.';
    if (!channel.startsWith(prefix)) return bad(`unknown channel ${channel}`);
    if (!Array.isArray(payload) || payload.length === 0 || payload.some((p) => typeof p !== 'string')) return bad('invalid argument: payload');
    const args = payload as string[];
    const unknown = (id: string): GateWsError => bad(kind === 'spot' ? `unknown currency pair: ${id}` : `unknown contract ${id}`);
    switch (channel.slice(prefix.length)) {
      case 'order_book_update': {
        const [id, interval, level] = args;
        if (!this.market(kind, id)) return unknown(String(id));
        if (BOOK_INTERVALS[interval ?? ''] === undefined) return bad(`invalid interval: ${String(interval)}`);
        if (kind === 'usdm' && (level === undefined || !FUTURES_LEVELS.has(level))) return bad(`invalid level: ${String(level)}`);
        if (args.length > (kind === 'spot' ? 2 : 3)) return bad('invalid argument: payload');
        return [`${channel}|${args.join(',')}`];
      }
      case 'obu':
        for (const a of args) {
          const m = /^ob\.([A-Z0-9_]+)\.(50|400)$/.exec(a);
          if (!m) return bad(`invalid argument: ${a}`);
          if (!this.market(kind, m[1])) return unknown(m[1]!);
        }
        return kind === 'spot' ? args.map((a) => `${channel}|${a}`) : bad(`unknown channel ${channel}`);
      case 'trades':
      case 'tickers':
        for (const a of args) if (!this.market(kind, a)) return unknown(a);
        return args.map((a) => `${channel}|${a}`);
      case 'candlesticks': {
        const [interval, id] = args;
        if (args.length !== 2 || GATE_INTERVALS[interval!] === undefined) return bad(`invalid argument: ${args.join(',')}`);
        if (!this.market(kind, id)) return unknown(id!);
        return [`${channel}|${interval}_${id}`];
      }
      default:
        return bad(`unknown channel ${channel}`);
    }
  }

  subscribe(sink: Sink, kind: MarketKind, channel: string, key: string): void {
    this.join(key, sink, () => this.feed(kind, channel, key));
  }

  private feed(kind: MarketKind, channel: string, key: string): Feed {
    const arg = key.slice(key.indexOf('|') + 1);
    const name = channel.slice(channel.indexOf('.') + 1);
    if (name === 'order_book_update') {
      const [id, interval] = arg.split(',');
      return new DiffFeed(this.sim, key, channel, this.market(kind, id)!, BOOK_INTERVALS[interval!]!, this.ids);
    }
    if (name === 'obu') {
      const [, id, depth] = arg.split('.');
      return new ObuFeed(this.sim, key, this.market(kind, id)!, Number(depth), arg, this.ids);
    }
    if (name === 'candlesticks') {
      const cut = arg.indexOf('_');
      const interval = arg.slice(0, cut);
      return new CandleFeed(this.sim, key, channel, this.market(kind, arg.slice(cut + 1))!, GATE_INTERVALS[interval]!, interval);
    }
    const Klass = name === 'trades' ? TradeFeed : TickerFeed;
    return new Klass(this.sim, key, channel, this.market(kind, arg)!);
  }

  unsubscribe(sink: Sink, key: string): void {
    this.leave(key, sink);
  }
}

export class GateFront extends SocketFront<GateConnection> implements VenueFront {
  readonly venue = 'gate' as const;
  readonly hub: Hub;

  constructor(
    readonly sim: Simulator,
    private readonly prefix: string,
    readonly ids: GateBookIds,
  ) {
    super();
    this.hub = new Hub(sim, ids);
  }

  protected upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = (req.url ?? '').split('?')[0] ?? '';
    const spot = `${this.prefix}/${GATE_SPOT_WS_HOST}/ws`;
    const futures = `${this.prefix}/${GATE_FUTURES_WS_HOST}`;
    if (!(url === spot || url.startsWith(spot + '/') || url === futures || url.startsWith(futures + '/'))) return; // not Gate's
    const route = ROUTES.find(([host, path]) => url === `${this.prefix}/${host}${path}`);
    if (!route) {
      refuseUpgradeWith(socket, '404 Not Found');
      return;
    }
    const [host, path, market] = route;
    this.accept(req, socket, head, (id, ws, drop) => new GateConnection(id, ws, host + path, market, this.sim.scheduler, this.hub, drop));
  }

  /** The true book in Gate's units (futures sizes in contracts); lastUpdateId is the book id REST and U/u count. */
  book(kind: MarketKind, symbol: string, limit: number): WireBook | undefined {
    const m = this.sim.market(kind, symbol);
    if (!m) return undefined;
    const side = (s: typeof m.book.bids): [string, string][] => {
      const out: [string, string][] = [];
      for (let k = 0; k < Math.min(limit, s.length); k++) out.push([px(m.inst, s.px[k]!), kind === 'spot' ? amount(m.inst, s.qty[k]!) : String(s.qty[k]!)]);
      return out;
    };
    return { lastUpdateId: this.ids.id(m), bids: side(m.book.bids), asks: side(m.book.asks) };
  }

  /** Gate's books carry no checksum, and neither a shutdown notice nor a restart is simulated: those apply to none. */
  applyFault(spec: FaultSpec): number[] {
    if (spec.type === 'checksum' || spec.type === 'serverShutdown' || spec.type === 'restart') return [];
    return applyFaults(spec, this.connections.values(), this.sim.scheduler, { oversizedHead: '{"channel":"oversized","pad":"' });
  }

  describe(): unknown[] {
    return [...this.connections.values()].map((c) => ({ ...socketRow(c), route: c.path, keys: [...c.keys] }));
  }

  protected override released(): void {
    this.hub.stop();
    this.ids.stop();
  }
}
