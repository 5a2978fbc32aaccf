/**
 * spec §3 asset lists: allSupportAssetList is cryptoSupportAssetList (the wallet's coins) and fiatSupportAssetList
 * (its fiat currencies) together, each asset code once, coins first, each list in its own order.
 */
export function allSupportAssetList(crypto: readonly { asset: string }[], fiat: readonly { asset: string }[]): string[] {
  return [...new Set([...crypto.map((a) => a.asset), ...fiat.map((a) => a.asset)])];
}
