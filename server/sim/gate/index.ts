/**
 * Gate API v4 public market data, served by the Gate venue's simulator (venues.ts): REST under
 * `<prefix>/api.gateio.ws/api/v4/…` and websockets under `<prefix>/api.gateio.ws/ws/v4/` (spot) and
 * `<prefix>/fx-ws.gateio.ws/v4/ws/usdt` (USDT futures).
 */
import type { FastifyInstance } from 'fastify';
import type { Simulator } from '../simulator.ts';
import { GateBookIds } from './book-ids.ts';
import { GateFront } from './front.ts';
import { GATE_REST_LIMITS, registerGateRest, type GateRestLimits } from './rest.ts';

export function registerGate(app: FastifyInstance, sim: Simulator, restLimits: Partial<GateRestLimits> = {}): GateFront {
  const ids = new GateBookIds(sim);
  registerGateRest(app, sim, ids, { ...GATE_REST_LIMITS, ...restLimits });
  const front = new GateFront(sim, app.prefix, ids);
  front.attach(app.server);
  return front;
}

export { GateFront, GATE_FUTURES_WS_HOST, GATE_SPOT_WS_HOST } from './front.ts';
export { GATE_REST_HOST, GATE_REST_LIMITS } from './rest.ts';
