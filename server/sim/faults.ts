import type { Connection } from './connection.ts';
import type { MarketKind } from './instruments.ts';
import { clearFaults, type Faults } from './outbox.ts';
import type { Scheduler } from './scheduler.ts';

export const FAULT_TYPES = [
  'cut',
  'close',
  'gap',
  'duplicate',
  'reorder',
  'latency',
  'malformed',
  'oversized',
  'silence',
  'serverShutdown',
  /** OKX: the next `count` book updates carry a wrong CRC32 checksum (Binance's and Bybit's streams have none) */
  'checksum',
  /** Bybit: a service restart, the order-book topics start again with a u = 1 snapshot (Binance's and OKX's have none) */
  'restart',
  'clear',
] as const;
export type FaultType = (typeof FAULT_TYPES)[number];

export interface FaultSpec {
  type: FaultType;
  /** A connection id from GET /_control/connections, or 'all' (default). */
  connection?: number | 'all';
  /** Only connections of this market. */
  market?: 'spot' | 'usdm';
  /** close: the close code (default 1000) and reason. */
  code?: number;
  reason?: string;
  /** gap, duplicate, reorder, malformed: how many frames (default 1). */
  count?: number;
  /** gap, duplicate: only frames of this stream (gap defaults to depth diffs). */
  stream?: string;
  /** latency: added delay per frame; silence: how long (default until `clear`); serverShutdown: delay before closing. */
  ms?: number;
  /** oversized: frame size in bytes (default 2 MiB). */
  bytes?: number;
}

export function parseFault(body: unknown): FaultSpec | string {
  if (typeof body !== 'object' || body === null) return 'body must be a JSON object';
  const b = body as Record<string, unknown>;
  const type = b['type'];
  if (typeof type !== 'string' || !(FAULT_TYPES as readonly string[]).includes(type)) return `type must be one of ${FAULT_TYPES.join(', ')}`;
  const spec: FaultSpec = { type: type as FaultType };
  const conn = b['connection'];
  if (conn !== undefined) {
    if (conn !== 'all' && !(typeof conn === 'number' && Number.isInteger(conn))) return "connection must be an id or 'all'";
    spec.connection = conn;
  }
  const market = b['market'];
  if (market !== undefined) {
    if (market !== 'spot' && market !== 'usdm') return "market must be 'spot' or 'usdm'";
    spec.market = market;
  }
  for (const key of ['code', 'count', 'ms', 'bytes'] as const) {
    const v = b[key];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) return `${key} must be a non-negative integer`;
    spec[key] = v;
  }
  for (const key of ['reason', 'stream'] as const) {
    const v = b[key];
    if (v === undefined) continue;
    if (typeof v !== 'string') return `${key} must be a string`;
    spec[key] = v;
  }
  if (spec.type === 'close' && spec.code !== undefined && !(spec.code === 1000 || (spec.code >= 3000 && spec.code <= 4999) || (spec.code >= 1001 && spec.code <= 1014 && ![1004, 1005, 1006].includes(spec.code)))) {
    return 'code is not a valid close code';
  }
  return spec;
}

/** What the faults act on: a connection of any venue (Binance's, OKX's, Bybit's). */
export interface FaultTarget {
  readonly id: number;
  readonly market: MarketKind;
  readonly isClosed: boolean;
  readonly faults: Faults;
  terminate(): void;
  close(code: number, reason: string): void;
  /** straight to the socket, whatever the faults */
  inject(frame: string): void;
}

/** A venue's part of the faults. */
export interface VenueFaults<C extends FaultTarget> {
  /** The oversized frame's start, in the venue's shape (`{"e":"oversized","pad":"` on Binance). */
  oversizedHead: string;
  /**
   * The venue's own cases (Binance's serverShutdown, OKX's checksum): true when it handled the fault. It sees
   * `clear` too (to reset its own counters) and returns false, so the common faults are cleared as well.
   */
  own?(spec: FaultSpec, c: C, count: number): boolean;
}

/** Whether the fault selects the connection: an open one, by id and market. */
export const selects = (spec: FaultSpec, c: FaultTarget): boolean =>
  !c.isClosed && (spec.connection === undefined || spec.connection === 'all' || spec.connection === c.id) && (spec.market === undefined || spec.market === c.market);

/** Applies a scripted fault to the connections it selects; returns their ids. */
export function applyFaults<C extends FaultTarget>(spec: FaultSpec, connections: Iterable<C>, scheduler: Scheduler, venue: VenueFaults<C>): number[] {
  const applied: number[] = [];
  for (const c of connections) {
    if (!selects(spec, c)) continue;
    applied.push(c.id);
    const f = c.faults;
    const count = spec.count ?? 1;
    if (venue.own?.(spec, c, count)) continue;
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
        const head = venue.oversizedHead;
        c.inject(head + 'x'.repeat(Math.max(0, bytes - head.length - 2)) + '"}');
        break;
      }
      case 'silence':
        f.silent = true;
        if (spec.ms !== undefined) scheduler.after(spec.ms, () => (f.silent = false));
        break;
      case 'clear':
        clearFaults(f);
        break;
      default:
        break; // serverShutdown, checksum, restart: a venue's own, none here
    }
  }
  return applied;
}

/** Binance's faults: serverShutdown is its own; its depth stream has no checksum, nor restarts. */
export function applyFault(spec: FaultSpec, connections: Iterable<Connection>, scheduler: Scheduler): number[] {
  return applyFaults(spec, connections, scheduler, {
    oversizedHead: '{"e":"oversized","pad":"',
    own(s, c) {
      if (s.type === 'checksum' || s.type === 'restart') return true;
      if (s.type !== 'serverShutdown') return false;
      // Binance: on a combined stream wrapped like every other frame, as the `!serverShutdown` stream.
      const event = JSON.stringify({ e: 'serverShutdown', E: scheduler.now() });
      c.inject(c.combined ? `{"stream":"!serverShutdown","data":${event}}` : event);
      scheduler.after(s.ms ?? 1000, () => c.close(1001, 'Server shutdown'));
      return true;
    },
  });
}
