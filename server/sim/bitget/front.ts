/**
 * Bitget's public websocket under `<prefix>/ws.bitget.com/v2/ws/public` (spot and USDT-M futures on one URL, told
 * apart by each arg's instType): `books`, `trade`, `ticker` and `candle<bar>`, pushed as Bitget documents them
 * (`{"action":"snapshot"|"update","arg":{…},"data":[…],"ts":…}`), and the venue's protocol front-end the control
 * plane drives (venue-front.ts): the true book in Bitget's texts, scripted faults, the list of sockets.
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
import { BitgetBookFeed } from './book-feed.ts';
import { checksumFaults } from '../okx/connection.ts';
import { argKey, BITGET_LIMITS, BitgetConnection, type BitgetArg, type BitgetHub, type BitgetLimits } from './connection.ts';
import { CHANNEL_BARS } from './rest-params.ts';
import { BITGET_WS_HOST, candleRow, INST_TYPE, px, sz, tickerRow, tradeRow } from './wire.ts';

export const BITGET_WS_PATH = '/v2/ws/public';
/** Push periods: books 200 ms on spot and 150 ms on futures (docs "Depth Channel"), tickers, candles once a second. */
const BOOK_MS: Record<MarketKind, number> = { spot: 200, usdm: 150 };
const TICKER_MS = 300;
const CANDLE_MS = 1000;
/** trades and candles a subscriber gets first */
const FIRST_TRADES = 50;
const FIRST_CANDLES = 50;

const KIND_OF: Record<string, MarketKind> = { SPOT: 'spot', 'USDT-FUTURES': 'usdm' };

type Topic = SharedTopic<BitgetArg, BitgetConnection, BitgetBookFeed>;

export class BitgetFront extends TopicFront<BitgetConnection, BitgetArg, BitgetBookFeed> implements VenueFront, BitgetHub {
  readonly venue = 'bitget' as const;
  private readonly limits: BitgetLimits;

  constructor(
    sim: Simulator,
    private readonly prefix: string,
    limits: Partial<BitgetLimits> = {},
  ) {
    super(sim, argKey, 'trade', { autoPong: true });
    this.limits = { ...BITGET_LIMITS, ...limits };
    const s = sim.scheduler;
    for (const kind of ['spot', 'usdm'] as const) this.cancels.push(s.every(BOOK_MS[kind], () => this.pushBooks(kind)));
    this.cancels.push(s.every(TICKER_MS, () => this.pushTickers()));
    this.cancels.push(s.every(CANDLE_MS, () => this.pushCandles()));
    this.cancels.push(sim.onEvent((m, ev) => this.pushTrades(m, ev.trades)));
  }

  protected upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const base = `${this.prefix}/${BITGET_WS_HOST}`;
    const url = req.url ?? '';
    if (url !== base && !url.startsWith(base + '/') && !url.startsWith(base + '?')) return;
    if (url.slice(base.length).split('?')[0] !== BITGET_WS_PATH) {
      refuseUpgradeWith(socket, '404 Not Found');
      return;
    }
    // Bitget: 300 connection requests per IP in 5 minutes.
    if (!this.admits(req.socket.remoteAddress ?? '', 300_000, this.limits.connectionsPer5Min)) {
      refuseUpgradeWith(socket, '429 Too Many Requests', { code: '429', msg: 'Too Many Requests' });
      return;
    }
    this.accept(req, socket, head, (id, ws) => new BitgetConnection(id, ws, this.sim.scheduler, this.limits, this));
  }

  // ---- the hub -------------------------------------------------------------------------------

  resolve(instType: unknown, channel: unknown, instId: unknown): BitgetArg | null {
    if (typeof instType !== 'string' || typeof channel !== 'string' || typeof instId !== 'string') return null;
    const kind = KIND_OF[instType.toUpperCase()];
    if (kind === undefined || !this.sim.instrument(kind, instId)) return null;
    const known = channel === 'books' || channel === 'trade' || channel === 'ticker' || (channel.startsWith('candle') && CHANNEL_BARS[channel.slice(6)] !== undefined);
    return known ? { instType: INST_TYPE[kind], channel, instId, kind, symbol: instId } : null;
  }

  subscribe(conn: BitgetConnection, arg: BitgetArg): void {
    const now = this.sim.scheduler.now();
    const t = this.join(conn, arg, (t) => {
      if (arg.channel === 'books') t.feed = new BitgetBookFeed(t.market);
      const interval = arg.channel.startsWith('candle') ? CHANNEL_BARS[arg.channel.slice(6)] : undefined;
      if (interval) t.interval = interval;
    });
    // First pushes: the books snapshot, the recent trades and candles, the ticker as it is now.
    const m = t.market;
    if (t.feed) conn.deliver('', 'books', t.feed.snapshot(now));
    else if (arg.channel === 'trade') conn.deliver(this.push(t, 'snapshot', m.trades.slice(-FIRST_TRADES).reverse().map((x) => tradeRow(m.inst, x)), now), 'trade');
    else if (arg.channel === 'ticker') conn.deliver(this.push(t, 'snapshot', [tickerRow(m, now)], now), 'ticker');
    else if (t.interval) {
      m.roll(now);
      conn.deliver(this.push(t, 'snapshot', m.klines(t.interval, FIRST_CANDLES).map((k) => candleRow(m.inst, k)), now), arg.channel);
    }
  }

  // ---- pushes --------------------------------------------------------------------------------

  private push(t: Topic, action: 'snapshot' | 'update', data: unknown[], now: number): string {
    const a = t.arg;
    return `{"action":"${action}","arg":{"instType":"${a.instType}","channel":"${a.channel}","instId":"${a.instId}"},"data":${JSON.stringify(data)},"ts":${now}}`;
  }

  private pushBooks(kind: MarketKind): void {
    const now = this.sim.scheduler.now();
    for (const t of this.topics.values()) {
      if (!t.feed || t.arg.kind !== kind) continue;
      const update = t.feed.update(now);
      if (update) for (const c of t.subs) c.deliver('', 'books', update);
    }
  }

  /** A ticker push (a snapshot each time, as Bitget sends them) when a trade or the book changed. */
  private pushTickers(): void {
    const now = this.sim.scheduler.now();
    for (const t of this.changedTickers('ticker')) {
      const frame = this.push(t, 'snapshot', [tickerRow(t.market, now)], now);
      for (const c of t.subs) c.deliver(frame, 'ticker');
    }
  }

  /** Every engine event's trades in one push, newest first. */
  private pushTrades(m: SymbolMarket, trades: readonly Trade[]): void {
    if (trades.length === 0) return;
    const t = this.tradeTopics.get(m);
    if (!t) return;
    const frame = this.push(t, 'update', [...trades].reverse().map((x) => tradeRow(m.inst, x)), this.sim.scheduler.now());
    for (const c of t.subs) c.deliver(frame, 'trade');
  }

  /** The candle being built when it traded, and a closed candle once when its time is over. */
  private pushCandles(): void {
    const now = this.sim.scheduler.now();
    for (const [t, rows] of this.candleUpdates(now)) {
      for (const { k } of rows) {
        const frame = this.push(t, 'update', [candleRow(t.market.inst, k)], now);
        for (const c of t.subs) c.deliver(frame, t.arg.channel);
      }
    }
  }

  // ---- the control plane -------------------------------------------------------------------------

  /** The true book in Bitget's texts; its seq is the last books push's (the market's sequence while none is held). */
  book(kind: MarketKind, symbol: string, limit: number): WireBook | undefined {
    const feed = this.topics.get(argKey({ instType: INST_TYPE[kind], channel: 'books', instId: symbol }))?.feed;
    return this.wireBook(kind, symbol, limit, px, sz, (m) => feed?.seq ?? m.lastUpdateId);
  }

  /** Bitget's faults: checksum is its own (as OKX's); serverShutdown is a close (1001 unless a code is given). */
  applyFault(spec: FaultSpec): number[] {
    return applyFaults<BitgetConnection>(spec, this.connections.values(), this.sim.scheduler, {
      oversizedHead: '{"event":"oversized","pad":"',
      own: checksumFaults,
    });
  }

  describe(): unknown[] {
    return [...this.connections.values()].map((c) => ({
      ...socketRow(c),
      host: BITGET_WS_HOST,
      route: `${BITGET_WS_HOST}${BITGET_WS_PATH}`,
      streams: [...c.subs.values()].map((a) => `${a.channel}:${a.instType}:${a.instId}`),
    }));
  }
}
