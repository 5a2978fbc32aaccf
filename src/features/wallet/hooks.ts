import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { marketBridge, tickersStore } from '../../market/index.ts';
import { walletApi, type Assets, type SupportedAsset } from './api.ts';
import { useWalletArea } from './area.tsx';
import { offered } from './area-coins.ts';
import { usdSymbol } from './valuation.ts';
import { useLoad, type Loaded } from '../../lib/use-load.ts';

/** Balances of the three accounts, refreshed every 5 s so deposits and fills show up. */
export const useAssets = (): Loaded<Assets> => useLoad(() => walletApi.assets(), [], 5_000);

/** Coins and networks the wallet supports (contract/chains.ts on the sandbox), only those the area offers (area.tsx). */
export function useSupportedAssets(): Loaded<SupportedAsset[]> {
  const { coins } = useWalletArea();
  const loaded = useLoad(() => Promise.all([walletApi.supportedAssets(), coins ? coins() : null]), [coins]);
  const data = useMemo(() => (loaded.data ? offered(...loaded.data) : null), [loaded.data]);
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
