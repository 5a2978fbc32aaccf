/**
 * The simulator plugin with its venues built here, so a venue's tests reach the venue's own Simulator (pause, step,
 * books) on a manual clock: what the OKX and Bitget harnesses share.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { simPlugin, type SimOptions } from '../../server/sim/index.ts';
import { ManualScheduler } from '../../server/sim/scheduler.ts';
import { Simulator } from '../../server/sim/simulator.ts';
import { SimVenues } from '../../server/sim/venues.ts';
import { listenLoopback } from './harness.ts';

export interface VenuesHarness {
  app: FastifyInstance;
  venues: SimVenues;
  clock: ManualScheduler;
  port: number;
  /** http://127.0.0.1:<port>/sim */
  base: string;
  /** ws://127.0.0.1:<port>/sim */
  wsBase: string;
  close(): Promise<void>;
}

export async function startVenuesSim(options: { seed?: number; rate?: number; okxLimits?: SimOptions['okxLimits'] | undefined } = {}): Promise<VenuesHarness> {
  const { seed, rate, okxLimits } = options;
  const clock = new ManualScheduler();
  const binance = new Simulator({ seed: seed ?? 7, rate: rate ?? 50, scheduler: clock });
  const venues = new SimVenues(binance);
  const app = Fastify();
  await app.register(simPlugin, { prefix: '/sim', simulator: binance, venues, ...(okxLimits ? { okxLimits } : {}) });
  const port = await listenLoopback(app);
  return {
    app,
    venues,
    clock,
    port,
    base: `http://127.0.0.1:${port}/sim`,
    wsBase: `ws://127.0.0.1:${port}/sim`,
    async close() {
      await app.close();
      venues.stop();
      binance.stop();
    },
  };
}
