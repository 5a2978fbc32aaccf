import { useTranslation } from 'react-i18next';
import { describeWalletError } from '../wallet/shared.ts';

/** A broker list's failed load in words: as the wallet describes its refusals (RecordTable's describeFailure). */
export function useListFailure(): (failure: unknown) => string {
  const { t: tw } = useTranslation('wallet');
  return (failure) => describeWalletError(tw, failure).message;
}
