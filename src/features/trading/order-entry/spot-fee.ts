import Decimal from 'decimal.js';
import { assetDecimals } from '../../../lib/format/index.ts';

/**
 * What a spot order costs before it is sent: the total (price × amount, in the quote asset) and the estimated fee at
 * the trade account's taker rate (spot account query: takerFeeRate), taken as the exchange takes it — a buy pays
 * in the asset bought, a sell in the quote asset received. The fee is rounded up at the asset's precision.
 */
export function spotCost(
  direction: 'buy' | 'sell',
  price: Decimal | null,
  volume: Decimal | null,
  rate: Decimal | undefined,
  assets: { baseAsset: string; quoteAsset: string },
): { total: Decimal | null; fee: Decimal | null; feeAsset: string } {
  const feeAsset = direction === 'buy' ? assets.baseAsset : assets.quoteAsset;
  if (price === null || volume === null || price.lte(0) || volume.lte(0)) return { total: null, fee: null, feeAsset };
  const total = price.mul(volume);
  const fee = rate === undefined ? null : (direction === 'buy' ? volume : total).mul(rate).toDecimalPlaces(assetDecimals(feeAsset), Decimal.ROUND_UP);
  return { total, fee, feeAsset };
}

/** A typed decimal, or null when it is none. */
export function decimalOrNull(text: string | null | undefined): Decimal | null {
  const trimmed = text?.trim() ?? '';
  if (!/^(?:\d+\.?\d*|\.\d+)$/.test(trimmed)) return null;
  return new Decimal(trimmed);
}
