/**
 * OKX's public websockets under `<prefix>/ws.okx.com/ws/v5/public` (books, trades, tickers, mark-price,
 * funding-rate, index-tickers) and `<prefix>/ws.okx.com/ws/v5/business` (candle<bar>), the venue's protocol front-end the control
 * plane drives (venue-front.ts): the true book in OKX units, scripted faults, the list of sockets.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { applyFaults, type FaultSpec } from '../faults.ts';
import type { MarketKind } from '../instruments.ts';
import type { SymbolMarket, Trade } from '../market.ts';
import type { Simulator } from '../simulator.ts';
import { socketRow } from '../shared-front.ts';
import { TopicFront, type Topic as SharedTopic } from '../topic-front.ts';
import type { VenueFront, WireBook } from '../venue-front.ts';
import { refuseUpgradeWith } from '../ws-server.ts';
import { BookFeed } from './book-feed.ts';
import { argKey, checksumFaults, OKX_LIMITS, OkxConnection, type OkxArg, type OkxHub, type OkxLimits, type OkxPath } from './connection.ts';
import { candleRow, fundingRow, indexRow, markRow, tickerRow, tradeRow } from './payloads.ts';
import { barInterval, InstIndex } from './rest-params.ts';
import { px, sz } from './wire.ts';

export const OKX_WS_HOST = 'ws.okx.com';
const BOOK_MS = 100;
const TICKER_MS = 100;
const MARK_MS = 200;
const CANDLE_MS = 500;
const FUNDING_PUSH_MS = 30_000;

const PUBLIC_CHANNELS = new Set(['books', 'trades', 'tickers', 'mark-price', 'funding-rate', 'index-tickers']);
const SWAP_ONLY = new Set(['mark-price', 'funding-rate']);

type Topic = SharedTopic<OkxArg, OkxConnection, BookFeed>;

const rowJson = (channel: string, id: string, data: unknown): string => `{"arg":{"channel":"${channel}","instId":"${id}"},"data":[${JSON.stringify(data)}]}`;

export class OkxFront extends TopicFront<OkxConnection, OkxArg, BookFeed> implements VenueFront, OkxHub {
  readonly venue = 'okx' as const;
  private readonly index: InstIndex;
  private readonly limits: OkxLimits;

  constructor(
    sim: Simulator,
    private readonly prefix: string,
    limits: Partial<OkxLimits> = {},
  ) {
    super(sim, argKey, 'trades', { autoPong: true });
    this.index = new InstIndex(sim);
    this.limits = { ...OKX_LIMITS, ...limits };
    const s = sim.scheduler;
    this.cancels.push(s.every(BOOK_MS, () => this.pushBooks()));
    this.cancels.push(s.every(TICKER_MS, () => this.pushTickers()));
    this.cancels.push(s.every(MARK_MS, () => this.pushAll('mark-price', (t, now) => markRow(t.market, now))));
    this.cancels.push(s.every(MARK_MS, () => this.pushAll('index-tickers', (t, now) => this.indexOf(t, now))));
    this.cancels.push(s.every(FUNDING_PUSH_MS, () => this.pushAll('funding-rate', (t, now) => fundingRow(t.market, now))));
    this.cancels.push(s.every(CANDLE_MS, () => this.pushCandles()));
    this.cancels.push(sim.onEvent((m, ev) => this.pushTrades(m, ev.trades)));
  }

  // ---- upgrades ------------------------------------------------------------------------------

  private route(url: string): OkxPath | 'not-mine' | 'not-found' {
    const base = `${this.prefix}/${OKX_WS_HOST}`;
    if (url !== base && !url.startsWith(base + '/') && !url.startsWith(base + '?')) return 'not-mine';
    const path = url.slice(base.length).split('?')[0]!;
    if (path === '/ws/v5/public') return 'public';
    if (path === '/ws/v5/business') return 'business';
    return 'not-found';
  }

  protected upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = this.route(req.url ?? '');
    if (path === 'not-mine') return;
    if (path === 'not-found') {
      refuseUpgradeWith(socket, '404 Not Found');
      return;
    }
    // OKX: 3 connection requests per second per IP.
    if (!this.admits(req.socket.remoteAddress ?? '', 1000, this.limits.connectionsPerSecond)) {
      refuseUpgradeWith(socket, '429 Too Many Requests', { msg: 'Too Many Requests', code: '50011' });
      return;
    }
    this.accept(req, socket, head, (id, ws) => new OkxConnection(id, ws, path, this.sim.scheduler, this.limits, this));
  }

  // ---- the hub -------------------------------------------------------------------------------

  resolve(path: OkxPath, channel: unknown, id: unknown): OkxArg | null {
    if (typeof channel !== 'string' || typeof id !== 'string') return null;
    const i = this.index.get(id);
    if (!i) return null;
    if (path === 'public') {
      if (!PUBLIC_CHANNELS.has(channel) || (SWAP_ONLY.has(channel) && i.market !== 'usdm')) return null;
      if (channel === 'index-tickers' && i.market !== 'spot') return null; // an index is named like the spot pair
    } else if (!channel.startsWith('candle') || !barInterval(channel.slice(6), i.market)) return null;
    return { channel, instId: id, kind: i.market, symbol: i.symbol };
  }

  subscribe(conn: OkxConnection, arg: OkxArg): void {
    const now = this.sim.scheduler.now();
    const t = this.join(conn, arg, (t) => {
      if (arg.channel === 'books') t.feed = new BookFeed(t.market, now, this.limits.bookHeartbeatMs);
      const interval = arg.channel.startsWith('candle') ? barInterval(arg.channel.slice(6), arg.kind) : undefined;
      if (interval) t.interval = interval;
    });
    // First pushes: the books snapshot; the ticker, mark price and funding rate as they are now.
    if (t.feed) {
      const snap = t.feed.snapshot(now);
      conn.deliver('', 'books', snap);
    } else if (arg.channel === 'tickers') conn.deliver(rowJson('tickers', arg.instId, tickerRow(t.market, now)), 'tickers');
    else if (arg.channel === 'mark-price') conn.deliver(rowJson('mark-price', arg.instId, markRow(t.market, now)), 'mark-price');
    else if (arg.channel === 'funding-rate') conn.deliver(rowJson('funding-rate', arg.instId, fundingRow(t.market, now)), 'funding-rate');
    else if (arg.channel === 'index-tickers') conn.deliver(rowJson('index-tickers', arg.instId, this.indexOf(t, now)), 'index-tickers');
  }

  private indexOf(t: Topic, now: number): Record<string, string> {
    return indexRow(t.market, this.sim.market('usdm', t.arg.symbol), now);
  }

  // ---- pushes --------------------------------------------------------------------------------

  private pushBooks(): void {
    const now = this.sim.scheduler.now();
    for (const t of this.topics.values()) {
      if (!t.feed) continue;
      const push = t.feed.update(now);
      if (push) for (const c of t.subs) c.deliver('', 'books', push);
    }
  }

  /** OKX pushes tickers at most every 100 ms, when a trade, the best bid or ask or the 24 h figures changed. */
  private pushTickers(): void {
    const now = this.sim.scheduler.now();
    for (const t of this.changedTickers('tickers')) {
      const frame = rowJson('tickers', t.arg.instId, tickerRow(t.market, now));
      for (const c of t.subs) c.deliver(frame, 'tickers');
    }
  }

  private pushAll(channel: string, row: (t: Topic, now: number) => unknown): void {
    const now = this.sim.scheduler.now();
    for (const t of this.topics.values()) {
      if (t.arg.channel !== channel) continue;
      const frame = rowJson(channel, t.arg.instId, row(t, now));
      for (const c of t.subs) c.deliver(frame, channel);
    }
  }

  private pushTrades(m: SymbolMarket, trades: readonly Trade[]): void {
    if (trades.length === 0) return;
    const t = this.tradeTopics.get(m);
    if (!t) return;
    const rows = trades.map((x) => ({ ...tradeRow(m.inst, x), count: '1' }));
    const frame = `{"arg":{"channel":"trades","instId":"${t.arg.instId}"},"data":${JSON.stringify(rows)}}`;
    for (const c of t.subs) c.deliver(frame, 'trades');
  }

  /** The candle being built when it changed, and a closed candle once (confirm "1") when its time is over. */
  private pushCandles(): void {
    const now = this.sim.scheduler.now();
    for (const [t, rows] of this.candleUpdates(now)) {
      for (const { k, closed } of rows) {
        const frame = rowJson(t.arg.channel, t.arg.instId, candleRow(t.market.inst, k, closed));
        for (const c of t.subs) c.deliver(frame, t.arg.channel);
      }
    }
  }

  // ---- the control plane -------------------------------------------------------------------------

  book(kind: MarketKind, symbol: string, limit: number): WireBook | undefined {
    return this.wireBook(kind, symbol, limit, px, sz);
  }

  /** OKX's faults: checksum is its own; serverShutdown is a close (1001 unless a code is given), OKX announces none. */
  applyFault(spec: FaultSpec): number[] {
    return applyFaults<OkxConnection>(spec, this.connections.values(), this.sim.scheduler, {
      oversizedHead: '{"event":"oversized","pad":"',
      own: checksumFaults,
    });
  }

  describe(): unknown[] {
    return [...this.connections.values()].map((c) => ({
      ...socketRow(c),
      host: OKX_WS_HOST,
      route: `${OKX_WS_HOST}/ws/v5/${c.path}`,
      streams: [...c.subs.values()].map((a) => `${a.channel}:${a.instId}`),
    }));
  }
}
