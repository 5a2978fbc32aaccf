import type { Subscription } from '../../workers/contract.ts';

/** One id per distinct subscription: components asking for the same thing share one worker subscription. */
export function subscriptionId(sub: Subscription): string {
  switch (sub.topic) {
    case 'book':
      return `book:${sub.market}:${sub.symbol}:${sub.depth}:${sub.group ?? 1}:${sub.intervalMs ?? ''}`;
    case 'trades':
      return `trades:${sub.market}:${sub.symbol}:${sub.intervalMs ?? ''}`;
    case 'tickers':
      return `tickers:${sub.market}:${sub.intervalMs ?? ''}`;
    case 'klines':
      return `klines:${sub.market}:${sub.symbol}:${sub.interval}:${sub.intervalMs ?? ''}`;
    case 'mark':
      return `mark:${sub.symbol}:${sub.intervalMs ?? ''}`;
  }
}
