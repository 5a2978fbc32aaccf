import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { MarketKind } from './instruments.ts';
import { SocketFront, socketRow } from './shared-front.ts';
import type { Simulator } from './simulator.ts';
import { Connection, DEFAULT_LIMITS, type ConnectionLimits } from './connection.ts';
import type { Tier } from './streams.ts';
import { VENUE_WS_HOSTS } from './venues.ts';

export const SPOT_WS_HOST = 'stream.binance.com';
export const USDM_WS_HOST = 'fstream.binance.com';

interface Route {
  host: string;
  path: string;
  market: MarketKind;
  tier: Tier | 'all';
  combined: boolean;
  streams: string[];
}

/**
 * Binance's stream URLs below `<prefix>/<host>`: `/ws[/<stream>[/<stream>…]]` (raw) and
 * `/stream?streams=a/b` (combined); USD-M also under `/public/…`, `/market/…` and `/private/…` (user data:
 * Binance's connectors open it beside the other two; no user data here, so it stays silent). Every other path
 * under the prefix is the simulator's too, and no stream: 'not-found'.
 */
export function parseRoute(prefix: string, url: string): Route | 'not-mine' | 'not-found' {
  if (url !== prefix && !url.startsWith(prefix + '/') && !url.startsWith(prefix + '?')) return 'not-mine';
  // The other venues' hosts have stream servers of their own (venues.ts).
  for (const hosts of Object.values(VENUE_WS_HOSTS)) {
    for (const host of hosts) if (url.startsWith(`${prefix}/${host}/`) || url === `${prefix}/${host}`) return 'not-mine';
  }
  for (const [host, market] of [
    [SPOT_WS_HOST, 'spot'],
    [USDM_WS_HOST, 'usdm'],
  ] as const) {
    const base = `${prefix}/${host}`;
    if (!url.startsWith(base + '/') && !url.startsWith(base + '?') && url !== base) continue;
    const rest = url.slice(base.length);
    const q = rest.indexOf('?');
    let pathname = q >= 0 ? rest.slice(0, q) : rest;
    const query = new URLSearchParams(q >= 0 ? rest.slice(q + 1) : '');
    const path = pathname;
    let tier: Tier | 'all' = 'all';
    if (market === 'usdm') {
      for (const t of ['public', 'market', 'private'] as const) {
        if (pathname === `/${t}` || pathname.startsWith(`/${t}/`)) {
          tier = t;
          pathname = pathname.slice(t.length + 1);
        }
      }
    }
    if (pathname === '/ws' || pathname.startsWith('/ws/')) {
      const streams = pathname.slice(4).split('/').filter(Boolean).map(decodeURIComponent);
      return { host, path, market, tier, combined: false, streams };
    }
    if (pathname === '/stream' || pathname === '/stream/') {
      const streams = (query.get('streams') ?? '').split('/').filter(Boolean);
      return { host, path, market, tier, combined: true, streams };
    }
    return 'not-found';
  }
  return 'not-found';
}

/**
 * Answers an upgrade it will not take and drops the socket once the answer is written: ending it alone would leave it
 * half-open for as long as the client keeps its side, and the server's close waits for every socket.
 */
export function refuseUpgrade(socket: Duplex, response: string): void {
  socket.end(response, () => socket.destroy());
  // A client that never reads would keep the answer unflushed; the socket goes anyway.
  setTimeout(() => socket.destroy(), 2000).unref();
}

/** Refuses an upgrade with `status` (e.g. '404 Not Found'), and a JSON body when one is given. */
export function refuseUpgradeWith(socket: Duplex, status: string, body?: unknown): void {
  if (body === undefined) {
    refuseUpgrade(socket, `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    return;
  }
  const text = JSON.stringify(body);
  refuseUpgrade(socket, `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
}

export interface WsOptions {
  limits?: Partial<Record<MarketKind, Partial<ConnectionLimits>>>;
}

/** Websocket side of the simulator: upgrade routing, the connection registry and scripted faults. */
export class StreamServer extends SocketFront<Connection> {
  private readonly limits: Record<MarketKind, ConnectionLimits>;

  constructor(
    private readonly sim: Simulator,
    private readonly prefix: string,
    options: WsOptions = {},
  ) {
    super({ autoPong: false });
    this.limits = {
      spot: { ...DEFAULT_LIMITS.spot, ...options.limits?.spot },
      usdm: { ...DEFAULT_LIMITS.usdm, ...options.limits?.usdm },
    };
  }

  protected upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const route = parseRoute(this.prefix, req.url ?? '');
    if (route === 'not-mine') return; // other upgrade paths belong to someone else
    if (route === 'not-found') {
      refuseUpgradeWith(socket, '404 Not Found');
      return;
    }
    if (route.streams.length > this.limits[route.market].maxStreams) {
      refuseUpgradeWith(socket, '400 Bad Request', { code: -1, msg: 'Too many subscriptions' });
      return;
    }
    this.accept(req, socket, head, (id, ws, drop) => new Connection(id, ws, route.host, route.path, route.market, route.tier, route.combined, route.streams, this.sim, this.limits[route.market], drop));
  }

  describe(): unknown[] {
    return [...this.connections.values()].map((c) => ({
      ...socketRow(c),
      host: c.host,
      route: c.host + c.path,
      tier: c.tier,
      combined: c.combined,
      streams: [...c.streams.keys()],
    }));
  }
}
