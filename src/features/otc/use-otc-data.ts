import Decimal from 'decimal.js';
import { useMemo } from 'react';
import { OTC_ASSETS } from '../../../contract/otc-rules.ts';
import type { QuoteData } from '../convert/shared.ts';
import { useLoad } from '../../lib/use-load.ts';
import { otcApi } from './api.ts';

export interface OtcData extends QuoteData {
  /** A failed load, for the message beside the form. */
  error: unknown;
}

const NO_PAIRS: never[] = [];
const noop = () => undefined;

/**
 * What the OTC forms need besides the quote: the desk's assets and their decimals (listBlockAsset), and signed
 * in the free balances of the capital account the desk holds from (listBlockAssetBalance). The desk has no
 * per-order range of its own (its minimum is in USD, checked by the quote) and no pairs switched off.
 */
export function useOtcData(signedIn: boolean, reloadTerms: () => void): OtcData {
  const assets = useLoad(() => otcApi.assets(), []);
  const balances = useLoad(async () => {
    if (!signedIn) return null;
    return new Map((await otcApi.balances()).map((b) => [b.asset, new Decimal(b.available)]));
  }, [signedIn]);
  const rules = useMemo(() => ({ decimals: Object.fromEntries((assets.data ?? []).map((a) => [a.asset, a.decimals])), range: {} }), [assets.data]);
  const names = useMemo(() => assets.data?.map((a) => a.asset) ?? [...OTC_ASSETS], [assets.data]);
  return {
    names,
    rules,
    disabledPairs: NO_PAIRS,
    balances: balances.data,
    reloadAfterOrder: balances.reload,
    reloadPairs: noop,
    reloadTerms,
    error: assets.error ?? balances.error ?? null,
  };
}
