import { useEffect } from 'react';
import { marketBridge, type Market } from '../../market/index.ts';

/**
 * Keeps the all-market ticker subscription of `market` alive without reading the map, so the page that
 * holds it does not re-render on every tick; rows select their own ticker.
 */
export function useTickerFeed(market: Market): void {
  useEffect(() => marketBridge().acquire({ topic: 'tickers', market }).release, [market]);
}
