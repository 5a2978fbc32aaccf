import type Decimal from 'decimal.js';
import { ACCOUNT_NUMBER_PATTERN, BANK_CODE_PATTERN, BANK_REFERENCE_PATTERN, isBeneficiaryName, normaliseBankField } from '../../../contract/fiat-rules.ts';
import { parseAmount } from '../../lib/format/index.ts';
import type { FieldErrors, FieldIssue } from '../../components/form/index.ts';
import type { FiatAssetInfo } from './api.ts';

export { parseAmount };

function checkAmountText(text: string, decimals: number): { amount: Decimal } | { error: FieldIssue } {
  if (text.trim() === '') return { error: { key: 'validation:errors.required' } };
  const amount = parseAmount(text);
  if (!amount) return { error: { key: 'wallet:errors.amountFormat' } };
  if (amount.decimalPlaces() > decimals) return { error: { key: 'wallet:errors.decimals', params: { decimals } } };
  return { amount };
}

/**
 * The fiat withdrawal form's checks before anything is sent (spec §5, contract/fiat.ts): a saved bank account;
 * an amount at the currency's decimals, above the fee, within the minimum and maximum, at most the free
 * balance and at most what today's limit leaves. The sandbox checks it all again.
 */
export function checkFiatWithdraw(form: { fiat: FiatAssetInfo; accountId: string; amount: string; free: Decimal; remaining: Decimal | null }): FieldErrors<'account' | 'amount'> {
  const errors: FieldErrors<'account' | 'amount'> = {};
  if (!form.accountId) errors.account = { key: 'wallet:errors.accountRequired' };
  const checked = checkAmountText(form.amount, form.fiat.decimals);
  if ('error' in checked) errors.amount = checked.error;
  else {
    const { amount } = checked;
    const { fiat } = form;
    if (amount.lte(fiat.withdrawFee)) errors.amount = { key: 'wallet:errors.belowFee', params: { fee: fiat.withdrawFee } };
    else if (amount.lt(fiat.withdrawMin) || amount.gt(fiat.withdrawMax)) errors.amount = { key: 'wallet:errors.outOfRange', params: { min: fiat.withdrawMin, max: fiat.withdrawMax } };
    else if (amount.gt(form.free)) errors.amount = { key: 'wallet:errors.insufficient' };
    else if (form.remaining && amount.gt(form.remaining)) errors.amount = { key: 'wallet:errors.dailyLimitLeft', params: { remaining: form.remaining.toFixed() } };
  }
  return errors;
}

/** A declared bank deposit: amount at the currency's decimals and at least its minimum; the bank's reference. */
export function checkFiatDeposit(form: { fiat: FiatAssetInfo; amount: string; bankReference: string }): FieldErrors<'amount' | 'bankReference'> {
  const errors: FieldErrors<'amount' | 'bankReference'> = {};
  const checked = checkAmountText(form.amount, form.fiat.decimals);
  if ('error' in checked) errors.amount = checked.error;
  else if (checked.amount.lt(form.fiat.depositMin)) errors.amount = { key: 'wallet:errors.depositMin', params: { min: form.fiat.depositMin } };
  const reference = form.bankReference.trim();
  if (reference === '') errors.bankReference = { key: 'validation:errors.required' };
  else if (!BANK_REFERENCE_PATTERN.test(reference)) errors.bankReference = { key: 'wallet:errors.bankReference' };
  return errors;
}

export type BankAccountField = 'beneficiary' | 'bankCode' | 'accountNumber';

/** A bank account for the book: the holder's name as the bank has it, a bank code of a valid shape, an account number. */
export function checkBankAccount(form: { beneficiary: string; bankCode: string; accountNumber: string }): FieldErrors<BankAccountField> {
  const errors: FieldErrors<BankAccountField> = {};
  if (form.beneficiary.trim() === '') errors.beneficiary = { key: 'validation:errors.required' };
  else if (!isBeneficiaryName(form.beneficiary)) errors.beneficiary = { key: 'wallet:errors.beneficiary' };
  const code = normaliseBankField(form.bankCode);
  if (code === '') errors.bankCode = { key: 'validation:errors.required' };
  else if (!BANK_CODE_PATTERN.test(code)) errors.bankCode = { key: 'wallet:errors.bankCodeShape' };
  const account = normaliseBankField(form.accountNumber);
  if (account === '') errors.accountNumber = { key: 'validation:errors.required' };
  else if (!ACCOUNT_NUMBER_PATTERN.test(account)) errors.accountNumber = { key: 'wallet:errors.accountNumber' };
  return errors;
}
