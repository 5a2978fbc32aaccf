/**
 * Bybit v5 public market data, served by the Bybit venue's simulator (venues.ts): REST under
 * `<prefix>/api.bybit.com/v5/market/…` and websockets under `<prefix>/stream.bybit.com/v5/public/{spot,linear}`.
 */
import type { FastifyInstance } from 'fastify';
import type { Simulator } from '../simulator.ts';
import { BybitFront } from './front.ts';
import { BYBIT_REST_LIMITS, registerBybitRest, type BybitRestLimits } from './rest.ts';

export interface BybitOptions {
  /** REST IP limit (default Bybit's: 600 requests in 5 s, then 10 minutes refused) */
  restLimits?: Partial<BybitRestLimits>;
}

/** Mounts Bybit's REST routes and stream server; the returned front goes to the control plane (VenueFront). */
export function registerBybit(app: FastifyInstance, sim: Simulator, options: BybitOptions = {}): BybitFront {
  const front = new BybitFront(sim, app.prefix);
  front.attach(app.server);
  registerBybitRest(app, sim, (kind, symbol) => front.restBookId(kind, symbol), { ...BYBIT_REST_LIMITS, ...options.restLimits });
  return front;
}

export { BybitFront } from './front.ts';
export { BYBIT_REST_HOST, BYBIT_WS_HOST } from './hosts.ts';
