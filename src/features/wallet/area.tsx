import { createContext, useContext, type ReactNode } from 'react';
import { walletApi } from './api.ts';

/**
 * The area the wallet's pages serve (spec §2 routes: otcinfo's recharge, withdraw and address pages are the
 * wallet's own): the route segment their links go under, the navigation beside them, the coins offered and
 * where a deposit address comes from. The wallet's routes use the default; the OTC area (src/features/otc)
 * wraps the same pages in a provider of its own.
 */
/** A coin an area offers, on the networks it takes it on. */
export interface AreaCoin {
  asset: string;
  networks: readonly string[];
}

export interface WalletArea {
  /** `wallet/...` or `otcinfo/...`: the segment of the area's own routes (deposit, withdrawal, address books). */
  base: 'wallet' | 'otcinfo';
  /** The area's side navigation; null: the wallet's. */
  nav: ReactNode;
  /**
   * The coins the area offers and the networks of each (null: every coin and network the wallet supports); the OTC
   * area asks its desk (/institution/block/listAsset).
   */
  coins: (() => Promise<readonly AreaCoin[]>) | null;
  depositAddress: typeof walletApi.depositAddress;
}

const WALLET: WalletArea = { base: 'wallet', nav: null, coins: null, depositAddress: walletApi.depositAddress };
const AreaContext = createContext<WalletArea>(WALLET);

export function WalletAreaProvider({ area, children }: { area: WalletArea; children: ReactNode }) {
  return <AreaContext.Provider value={area}>{children}</AreaContext.Provider>;
}

export function useWalletArea(): WalletArea {
  return useContext(AreaContext);
}
