import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { marketBridge, tickersStore } from '../../market/index.ts';
import { walletApi, type Assets, type SupportedAsset } from './api.ts';
import { useWalletArea } from './area.tsx';
import { usdSymbol } from './valuation.ts';

export interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * A call's result for a screen: loads on mount and on `reload`, keeps the last data while reloading, and
 * drops a reply that an unmount or a newer load made stale. `everyMs` polls (the page is left alone while
 * the tab is hidden).
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[], everyMs?: number): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({ data: null, error: null, loading: true });
  const generation = useRef(0);
  // The caller names what the load depends on.
  const run = useCallback(load, deps);
  const reload = useCallback(() => {
    const mine = ++generation.current;
    setState((s) => ({ ...s, loading: true }));
    run().then(
      (data) => mine === generation.current && setState({ data, error: null, loading: false }),
      (error: unknown) => mine === generation.current && setState((s) => ({ data: s.data, error, loading: false })),
    );
  }, [run]);
  useEffect(() => {
    reload();
    return () => {
      generation.current++;
    };
  }, [reload]);
  useEffect(() => {
    if (!everyMs) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') reload();
    }, everyMs);
    return () => clearInterval(timer);
  }, [everyMs, reload]);
  return { ...state, reload };
}

/** Balances of the three accounts, refreshed every 5 s so deposits and fills show up. */
export const useAssets = (): Loaded<Assets> => useLoad(() => walletApi.assets(), [], 5_000);

/** Coins and networks the wallet supports (contract/chains.ts on the sandbox), those of the area's coins (area.tsx) only. */
export function useSupportedAssets(): Loaded<SupportedAsset[]> {
  const { coins } = useWalletArea();
  const loaded = useLoad(() => walletApi.supportedAssets(), []);
  const data = useMemo(() => (loaded.data && coins ? loaded.data.filter((a) => coins.includes(a.asset)) : loaded.data), [loaded.data, coins]);
  return { ...loaded, data };
}

/**
 * Last spot prices of the `<asset>USDT` pairs that value these assets (and BTCUSDT for the BTC total), from
 * the shared market core. The page re-renders only when one of those prices changes, not on every ticker.
 */
export function usePrices(assets: readonly string[]): Record<string, number | undefined> {
  useEffect(() => marketBridge().acquire({ topic: 'tickers', market: 'spot' }).release, []);
  const symbols = useMemo(() => {
    const set = new Set(['BTCUSDT']);
    for (const asset of assets) {
      const symbol = usdSymbol(asset);
      if (symbol) set.add(symbol);
    }
    return [...set].sort();
  }, [assets]);
  return useStore(
    tickersStore,
    useShallow((s) => Object.fromEntries(symbols.map((symbol) => [symbol, s.tickers.spot[symbol]?.c]))),
  );
}
