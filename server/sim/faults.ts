import type { Connection } from './connection.ts';
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

/** Applies a scripted fault to the selected connections; returns their ids. */
export function applyFault(spec: FaultSpec, connections: Iterable<Connection>, scheduler: Scheduler): number[] {
  const applied: number[] = [];
  for (const c of connections) {
    if (spec.connection !== undefined && spec.connection !== 'all' && spec.connection !== c.id) continue;
    if (spec.market !== undefined && spec.market !== c.market) continue;
    if (c.isClosed) continue;
    applied.push(c.id);
    const f = c.faults;
    const count = spec.count ?? 1;
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
        const head = '{"e":"oversized","pad":"';
        c.inject(head + 'x'.repeat(Math.max(0, bytes - head.length - 2)) + '"}');
        break;
      }
      case 'silence':
        f.silent = true;
        if (spec.ms !== undefined) scheduler.after(spec.ms, () => (f.silent = false));
        break;
      case 'serverShutdown': {
        // Binance: on a combined stream wrapped like every other frame, as the `!serverShutdown` stream.
        const event = JSON.stringify({ e: 'serverShutdown', E: scheduler.now() });
        c.inject(c.combined ? `{"stream":"!serverShutdown","data":${event}}` : event);
        scheduler.after(spec.ms ?? 1000, () => c.close(1001, 'Server shutdown'));
        break;
      }
      case 'checksum':
        break; // Binance's depth stream has no checksum
      case 'restart':
        break; // Bybit's (server/sim/bybit/faults.ts)
      case 'clear':
        Object.assign(f, { silent: false, latencyMs: 0, gap: 0, duplicate: 0, reorder: 0, malformed: 0 });
        delete f.gapStream;
        delete f.duplicateStream;
        break;
    }
  }
  return applied;
}
