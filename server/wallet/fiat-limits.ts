import { fiatAsset } from '../../contract/fiat.ts';
import { badInput } from '../platform/envelope.ts';

/** The wallet's fiat currencies (contract/fiat.ts); their withdrawal limits are withdraw-limits.ts's. */
export function requireFiat(asset: string) {
  const fiat = fiatAsset(asset);
  if (!fiat) throw badInput('asset', 'unsupported', `${asset} is not a fiat currency of the wallet`);
  return fiat;
}
