import { useEffect, useState } from 'react';
import { tradeApi } from '../futures-data/trade-api.ts';

export interface SpotBalances {
  forbidden: boolean;
  free: Record<string, string>;
  /** The trade account's taker fee rate (spot account query), for the ticket's estimated fee. */
  takerFeeRate: string;
}

/** spec §3 spot trade permission flag: forbidden defaults to false (allowed). */
const listeners = new Set<() => void>();

/** Asks every mounted spot balance to reload (after an order or a transfer). */
export function refreshSpotBalances(): void {
  for (const fn of listeners) fn();
}

/**
 * The trade account's free balances (spec §3 account type 2), reloaded every 5 s while signed in; `failed` while the
 * query has failed with nothing read yet (no balance, no taker rate: spec §8 "Fee Retrieval Failed").
 */
export function useSpotBalances(enabled: boolean, everyMs = 5000): { spot: SpotBalances | null; failed: boolean } {
  const [state, setState] = useState<SpotBalances | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setFailed(false);
    if (!enabled) {
      setState(null);
      return undefined;
    }
    let alive = true;
    const load = () => {
      tradeApi
        .spotAccount()
        .then((reply) => {
          if (!alive) return;
          setState({ forbidden: reply.spotTradingForbidden, free: Object.fromEntries(reply.balances.map((b) => [b.asset, b.free])), takerFeeRate: reply.takerFeeRate });
          setFailed(false);
        })
        .catch(() => alive && setFailed(true));
    };
    load();
    listeners.add(load);
    const timer = setInterval(load, everyMs);
    return () => {
      alive = false;
      listeners.delete(load);
      clearInterval(timer);
    };
  }, [enabled, everyMs]);
  return { spot: state, failed: failed && state === null };
}
