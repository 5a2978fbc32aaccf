import type { Instrument, MarketKind } from './instruments.ts';
import type { Scheduler } from './scheduler.ts';
import type { StreamKind, Tier } from './streams.ts';
import type { SimMarketVenue } from './venues.ts';

export interface SimulatorOptions {
  /** The venue this simulator stands for (venues.ts); Binance's by default. */
  venue?: SimMarketVenue;
  /** The venue's listings (venueListings); default Binance's (INSTRUMENTS, or made-up pairs with `symbols`). */
  instruments?: Record<MarketKind, readonly Instrument[]>;
  /** MARKET_SEED */
  seed?: number;
  /** MARKET_RATE: engine events per second per live symbol. */
  rate?: number;
  /** MARKET_LOAD: every listed symbol is live, subscribed or not. */
  load?: boolean;
  scheduler?: Scheduler;
  /** MARKET_SYMBOLS: spot listings, the listed ones then made-up pairs (spotInstruments); default the listed ones. */
  symbols?: number;
  /** Period of the engine loop. */
  tickMs?: number;
  /** A symbol asked for over REST stays live this long without subscribers. */
  idleMs?: number;
}

/** A websocket connection as the hub sees it. */
export interface Subscriber {
  readonly id: number;
  /** 'all' on the unrouted /ws and /stream paths, which carry every stream. */
  readonly tier: Tier | 'all';
  readonly combined: boolean;
  deliver(frame: string, kind: StreamKind, stream: string): void;
}
