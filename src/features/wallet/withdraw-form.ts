import Decimal from 'decimal.js';
import { isValidAddress } from '../../../contract/chains.ts';
import type { FieldErrors } from '../../components/form/index.ts';
import type { NetworkInfo } from './api.ts';

export type WithdrawField = 'network' | 'address' | 'memo' | 'amount';

const AMOUNT = /^\d+(\.\d+)?$/;
const MEMO = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The withdrawal form's own checks before anything is sent (spec §5): a network; an address of that
 * network with a valid checksum (contract/chains.ts, the sandbox's own check); an amount above the
 * network fee, within its minimum and maximum, at the asset's decimals, and not above the free balance.
 * The server checks all of it again, with the whitelist and the address lock.
 */
export function checkWithdrawForm(form: { network: NetworkInfo | null; address: string; memo: string; amount: string; free: Decimal }): FieldErrors<WithdrawField> {
  const errors: FieldErrors<WithdrawField> = {};
  const { network } = form;
  if (!network) return { network: { key: 'wallet:errors.networkRequired' } };
  const address = form.address.trim();
  if (address === '') errors.address = { key: 'validation:errors.required' };
  else if (!isValidAddress(network.network, address)) errors.address = { key: 'wallet:errors.addressInvalid', params: { network: network.label } };
  if (network.memo && form.memo.trim() !== '' && !MEMO.test(form.memo.trim())) errors.memo = { key: 'wallet:errors.memoInvalid' };
  const text = form.amount.trim();
  if (text === '') errors.amount = { key: 'validation:errors.required' };
  else if (!AMOUNT.test(text)) errors.amount = { key: 'wallet:errors.amountFormat' };
  else {
    const amount = new Decimal(text);
    if (amount.decimalPlaces() > network.decimals) errors.amount = { key: 'wallet:errors.decimals', params: { decimals: network.decimals } };
    else if (amount.lte(network.withdrawFee)) errors.amount = { key: 'wallet:errors.belowFee', params: { fee: network.withdrawFee } };
    else if (amount.lt(network.withdrawMin) || amount.gt(network.withdrawMax))
      errors.amount = { key: 'wallet:errors.outOfRange', params: { min: network.withdrawMin, max: network.withdrawMax } };
    else if (amount.gt(form.free)) errors.amount = { key: 'wallet:errors.insufficient' };
  }
  return errors;
}
