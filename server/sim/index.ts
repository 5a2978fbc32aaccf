import type { FastifyInstance } from 'fastify';

export interface SimOptions {
  /** Seed of the deterministic market generator (MARKET_SEED). */
  seed?: number;
}

/** The market simulator (Binance's public protocol under /sim/<host>). Built by the simulator issue. */
export async function simPlugin(_app: FastifyInstance, _options: SimOptions): Promise<void> {}
