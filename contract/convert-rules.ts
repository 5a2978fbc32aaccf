/**
 * The convert rules both sides need at run time (server/convert and src/features/convert): the assets, the
 * quote's lifetime and the tab a pair belongs to. Plain values only — no schema library — so the app may
 * import them without pulling the contract's schemas into its bundle (contract/convert.ts re-exports them).
 */

/** The digital assets the desk converts (the wallet's coins) and the fiat currencies (the fiat wallet's). */
export const CONVERT_DIGITAL = ['BTC', 'ETH', 'SOL', 'USDT'] as const;
export const CONVERT_FIAT = ['USD', 'HKD'] as const;
export type ConvertAssetName = (typeof CONVERT_DIGITAL)[number] | (typeof CONVERT_FIAT)[number];

/** How long a firm quote may be accepted, on the server's clock. */
export const CONVERT_QUOTE_TTL_MS = 15_000;

/**
 * The tab a pair belongs to: `fiat` when either side is a fiat currency (advanced KYC, spec §6), else `coin`
 * (basic KYC). Two fiat currencies are not a convert pair.
 */
export type ConvertKind = 'coin' | 'fiat';
export function convertKind(fromAsset: string, toAsset: string): ConvertKind | null {
  const isFiat = (a: string) => (CONVERT_FIAT as readonly string[]).includes(a);
  const isDigital = (a: string) => (CONVERT_DIGITAL as readonly string[]).includes(a);
  if (fromAsset === toAsset) return null;
  if (isFiat(fromAsset) && isFiat(toAsset)) return null;
  if (!(isFiat(fromAsset) || isDigital(fromAsset)) || !(isFiat(toAsset) || isDigital(toAsset))) return null;
  return isFiat(fromAsset) || isFiat(toAsset) ? 'fiat' : 'coin';
}
