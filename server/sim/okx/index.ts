/**
 * OKX v5 public market data served by the OKX venue's simulator (venues.ts): REST under
 * `<prefix>/www.okx.com/api/v5/…` and websockets under `<prefix>/ws.okx.com/ws/v5/{public,business}`.
 */
import type { FastifyInstance } from 'fastify';
import type { Simulator } from '../simulator.ts';
import type { OkxLimits } from './connection.ts';
import { OkxFront } from './front.ts';
import { registerOkxRest } from './rest.ts';

export function registerOkx(app: FastifyInstance, sim: Simulator, limits: Partial<OkxLimits> = {}): OkxFront {
  registerOkxRest(app, sim);
  const front = new OkxFront(sim, app.prefix, limits);
  front.attach(app.server);
  return front;
}

export { OKX_WS_HOST, OkxFront } from './front.ts';
export { OKX_REST_HOST, OKX_REST_LIMITS } from './rest.ts';
export { OKX_LIMITS, type OkxLimits } from './connection.ts';
export { checksumOf } from './book-feed.ts';
