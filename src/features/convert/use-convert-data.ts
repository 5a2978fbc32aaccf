import Decimal from 'decimal.js';
import { useMemo } from 'react';
import { CONVERT_DIGITAL, CONVERT_FIAT } from '../../../contract/convert-rules.ts';
import { useLoad } from '../../lib/use-load.ts';
import { convertApi, type ConvertAsset, type DailyLimit } from './api.ts';
import type { QuoteData } from './use-quote-flow.ts';

/** The quote form's data (names from the contract's lists until the provider's are loaded), and convert's own. */
export interface ConvertData extends QuoteData {
  /** Today's convert limit in USD (signed in only). */
  limit: DailyLimit | null;
  /** A failed load, for the message beside the form. */
  error: unknown;
}

const PAIRS_REFRESH_MS = 30_000;
const FALLBACK_NAMES = [...CONVERT_DIGITAL, ...CONVERT_FIAT];

/**
 * What the convert form needs besides the quote: the assets (decimals), the per-order ranges
 * (listRiskConfig), the pairs operations switched off, and, signed in, the balances and today's limit.
 * The public pages use the calls without a token only.
 */
export function useConvertData(signedIn: boolean): ConvertData {
  const assets = useLoad<ConvertAsset[]>(
    async () => {
      if (signedIn) {
        const all = await convertApi.allAssets();
        return [...all.digitalAssets, ...all.fiatAssets];
      }
      const [digital, fiat] = await Promise.all([convertApi.assetsByType('digital'), convertApi.assetsByType('fiat')]);
      return [...digital, ...fiat];
    },
    [signedIn],
  );
  const risk = useLoad(() => convertApi.riskConfig(), []);
  const pairs = useLoad(() => (signedIn ? convertApi.disabledPairs() : convertApi.disabledPairsPublic()), [signedIn], PAIRS_REFRESH_MS);
  const balances = useLoad(async () => {
    if (!signedIn) return null;
    const [digital, fiat] = await Promise.all([convertApi.balances('digital'), convertApi.balances('fiat')]);
    return new Map([...digital, ...fiat].map((b) => [b.asset, new Decimal(b.available)]));
  }, [signedIn]);
  const limit = useLoad(() => (signedIn ? convertApi.dailyLimit() : Promise.resolve(null)), [signedIn]);

  const rules = useMemo(
    () => ({
      decimals: Object.fromEntries((assets.data ?? []).map((a) => [a.asset, a.decimals])),
      range: Object.fromEntries((risk.data ?? []).map((r) => [r.asset, { min: r.minAmount, max: r.maxAmount }])),
    }),
    [assets.data, risk.data],
  );
  const names = useMemo(() => assets.data?.map((a) => a.asset) ?? FALLBACK_NAMES, [assets.data]);
  const { reload: reloadBalances } = balances;
  const { reload: reloadLimit } = limit;
  const reloadAfterOrder = useMemo(
    () => () => {
      reloadBalances();
      reloadLimit();
    },
    [reloadBalances, reloadLimit],
  );

  return {
    names,
    rules,
    disabledPairs: pairs.data,
    balances: balances.data,
    limit: limit.data,
    error: assets.error ?? risk.error ?? balances.error ?? limit.error ?? null,
    reloadAfterOrder,
    reloadPairs: pairs.reload,
  };
}
