import { useMemo } from 'react';
import { allSupportAssetList } from './asset-lists.ts';
import { useFiatAssets } from './FiatParts.tsx';
import { useSupportedAssets } from './hooks.ts';

/** allSupportAssetList (spec §3) of the two lists as loaded, each empty until it arrives: for a screen that lists any asset. */
export function useAllSupportAssetList(): string[] {
  const coins = useSupportedAssets().data;
  const fiats = useFiatAssets().data;
  return useMemo(() => allSupportAssetList(coins ?? [], fiats ?? []), [coins, fiats]);
}
