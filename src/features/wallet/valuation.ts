import Decimal from 'decimal.js';
import { ACCOUNT_TYPE_CODES, type AccountType } from '../../../contract/accounts.ts';
import type { Assets } from './api.ts';

/** spec §3 account types: capital_account (1), trade_account (2), swap_account (3) (contract/rules.ts). */
export type { AccountType };

/** spec §3 hiddenAsset: assets valued under 10 USD are hidden by default. */
export const SMALL_ASSET_USD = new Decimal(10);

/**
 * USD per unit of an asset that has no USDT pair. USD-pegged stablecoins count at par; the Hong Kong dollar
 * at the middle of its linked-exchange-rate band (7.75–7.85 per USD), since no live HKD price is streamed.
 */
const FIXED_USD: Readonly<Record<string, Decimal>> = {
  USD: new Decimal(1),
  USDT: new Decimal(1),
  USDC: new Decimal(1),
  HKD: new Decimal(1).div(7.8),
};

/** The spot symbol whose last price values an asset in USD (USDT at par), or null when fixed. */
export function usdSymbol(asset: string): string | null {
  return asset in FIXED_USD ? null : `${asset}USDT`;
}

/** USD per unit: fixed for cash and stablecoins, else the last price of `<asset>USDT`; null when unknown. */
export function usdPrice(asset: string, prices: Readonly<Record<string, number | undefined>>): Decimal | null {
  const fixed = FIXED_USD[asset];
  if (fixed) return fixed;
  const last = prices[`${asset}USDT`];
  return last !== undefined && Number.isFinite(last) && last > 0 ? new Decimal(last) : null;
}

export interface AssetRow {
  asset: string;
  free: Decimal;
  locked: Decimal;
  total: Decimal;
  /** null when the asset has no price yet: it is counted nowhere and never hidden as small. */
  usd: Decimal | null;
}

export interface AccountValuation {
  accountType: AccountType;
  rows: AssetRow[];
  usd: Decimal;
}

export interface Valuation {
  accounts: AccountValuation[];
  usd: Decimal;
  /** The total in BTC at the BTCUSDT price; null until that price is known. */
  btc: Decimal | null;
  /** Assets held but not valued (no price yet): the total leaves them out and says so. */
  unpriced: string[];
}

/** Balances of the three accounts valued in USD and BTC from the latest prices; decimal.js throughout. */
export function valueAssets(assets: Assets, prices: Readonly<Record<string, number | undefined>>): Valuation {
  const unpriced = new Set<string>();
  const accounts = ACCOUNT_TYPE_CODES.map((accountType): AccountValuation => {
    const balances = assets.accounts.find((a) => a.accountType === accountType)?.balances ?? [];
    const rows = balances.map((b): AssetRow => {
      const free = new Decimal(b.free);
      const locked = new Decimal(b.locked);
      const total = free.plus(locked);
      const price = usdPrice(b.asset, prices);
      if (!price && !total.isZero()) unpriced.add(b.asset);
      return { asset: b.asset, free, locked, total, usd: price ? total.times(price) : null };
    });
    rows.sort((a, b) => (b.usd ?? new Decimal(-1)).comparedTo(a.usd ?? new Decimal(-1)) || a.asset.localeCompare(b.asset));
    const usd = rows.reduce((sum, r) => (r.usd ? sum.plus(r.usd) : sum), new Decimal(0));
    return { accountType, rows, usd };
  });
  const usd = accounts.reduce((sum, a) => sum.plus(a.usd), new Decimal(0));
  const btcPrice = usdPrice('BTC', prices);
  return { accounts, usd, btc: btcPrice ? usd.div(btcPrice) : null, unpriced: [...unpriced].sort() };
}

/** spec §3 hiddenAsset: with it on, rows worth under 10 USD (and empty ones) are left out; unpriced ones stay. */
export function visibleRows(rows: readonly AssetRow[], hideSmall: boolean): AssetRow[] {
  if (!hideSmall) return [...rows];
  return rows.filter((r) => !r.total.isZero() && (r.usd === null || r.usd.gte(SMALL_ASSET_USD)));
}
