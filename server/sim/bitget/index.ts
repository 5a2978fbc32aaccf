/**
 * Bitget v2 public market data served by the Bitget venue's simulator (venues.ts): REST under
 * `<prefix>/api.bitget.com/api/v2/…` and the public websocket under `<prefix>/ws.bitget.com/v2/ws/public`.
 */
import type { FastifyInstance } from 'fastify';
import type { Simulator } from '../simulator.ts';
import type { BitgetLimits } from './connection.ts';
import { BitgetFront } from './front.ts';
import { registerBitgetRest } from './rest.ts';

export function registerBitget(app: FastifyInstance, sim: Simulator, limits: Partial<BitgetLimits> = {}): BitgetFront {
  registerBitgetRest(app, sim);
  const front = new BitgetFront(sim, app.prefix, limits);
  front.attach(app.server);
  return front;
}

export { BitgetFront, BITGET_WS_PATH } from './front.ts';
export { BITGET_LIMITS, type BitgetLimits } from './connection.ts';
export { BITGET_REST_HOST, BITGET_WS_HOST } from './wire.ts';
export { bitgetListings } from './listings.ts';
