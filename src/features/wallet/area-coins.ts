import type { SupportedAsset } from './api.ts';
import type { AreaCoin } from './area.tsx';

/** The supported coins an area offers, each on the networks the area takes it on; all of them with no area list. */
export function offered(supported: SupportedAsset[], area: readonly AreaCoin[] | null): SupportedAsset[] {
  if (!area) return supported;
  const networks = new Map(area.map((c) => [c.asset, new Set(c.networks)]));
  return supported.flatMap((asset) => {
    const taken = networks.get(asset.asset);
    if (!taken) return [];
    const on = asset.networks.filter((n) => taken.has(n.network));
    return on.length > 0 ? [{ ...asset, networks: on }] : [];
  });
}
