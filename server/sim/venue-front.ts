import type { FaultSpec } from './faults.ts';
import type { MarketKind } from './instruments.ts';
import type { SimMarketVenue } from './venues.ts';

/** A book as the venue's own wire shows it: its instrument name, prices and sizes (OKX swaps: in contracts). */
export interface WireBook {
  /** the venue's sequence of the book's last change (Binance lastUpdateId, OKX seqId, Bybit u) */
  lastUpdateId: number;
  bids: [string, string][];
  asks: [string, string][];
}

/**
 * What the control plane (control.ts) asks of a venue's protocol front-end other than Binance's (OKX, Bybit): the
 * true book in the venue's units, the scripted faults on its sockets, a list of its sockets, and its close.
 */
export interface VenueFront {
  readonly venue: Exclude<SimMarketVenue, 'binance'>;
  /** undefined when the symbol is not listed on the venue */
  book(kind: MarketKind, symbol: string, limit: number): WireBook | undefined;
  /** applies a fault to the selected sockets; returns their ids */
  applyFault(spec: FaultSpec): number[];
  describe(): unknown[];
  /** stops taking upgrades and drops every socket (the sandbox's close waits for every socket) */
  close(): void;
}
