import { WITHDRAW_DAILY_LIMITS } from './rules.ts';

/**
 * The fiat wallet's rules as plain values (no schema library), so the app may import them at run time without
 * bringing the call schemas into its bundle; contract/fiat.ts builds its schemas from them and re-exports them.
 */

/** What the provider accepts per fiat currency. Amounts in the currency; cents are its last decimals. */
export interface FiatAsset {
  asset: string;
  decimals: number;
  depositMin: string;
  withdrawFee: string;
  withdrawMin: string;
  withdrawMax: string;
  /**
   * What one user at advanced KYC (the level fiat needs) may withdraw in this currency in any rolling 24 hours
   * (contract/rules.ts WITHDRAW_DAILY_LIMITS; `getBlockFiatWithdrawRemainingAmount`).
   */
  dailyLimit: string;
}

export const FIAT_ASSETS: readonly FiatAsset[] = [
  { asset: 'USD', decimals: 2, depositMin: '100', withdrawFee: '25', withdrawMin: '100', withdrawMax: '1000000', dailyLimit: WITHDRAW_DAILY_LIMITS.fiat.USD!.advanced },
  { asset: 'HKD', decimals: 2, depositMin: '1000', withdrawFee: '200', withdrawMin: '1000', withdrawMax: '8000000', dailyLimit: WITHDRAW_DAILY_LIMITS.fiat.HKD!.advanced },
];

export const fiatAsset = (asset: string): FiatAsset | undefined => FIAT_ASSETS.find((f) => f.asset === asset);

/** The daily limit's day is the Hong Kong calendar day (UTC+8, no daylight saving): it resets at 00:00 HKT. */
export const FIAT_DAY_OFFSET_MS = 8 * 3_600_000;

/** The Hong Kong calendar day of an instant, as YYYY-MM-DD, and when the next one begins. */
export function fiatDay(at: Date): { day: string; resetsAt: Date } {
  const local = new Date(at.getTime() + FIAT_DAY_OFFSET_MS);
  const day = local.toISOString().slice(0, 10);
  const resetsAt = new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000 - FIAT_DAY_OFFSET_MS);
  return { day, resetsAt };
}

/**
 * A bank code: a SWIFT/BIC code (4 letters of bank, 2 of country, 2 of location, optional 3 of branch) or a
 * Hong Kong bank's 3-digit clearing code. The shape is checked here; whether the bank exists is the
 * provider's directory ('Bank Code Not Found', spec §8).
 */
export const BANK_CODE_PATTERN = /^(?:[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?|\d{3})$/;
/** An account number or IBAN without spaces or dashes: 6 to 34 letters and digits. */
export const ACCOUNT_NUMBER_PATTERN = /^[A-Z0-9]{6,34}$/;

/** Upper case without spaces, dots or dashes (what people paste from a bank statement). */
export const normaliseBankField = (value: string): string => value.replace(/[\s.-]/g, '').toUpperCase();

/** The account holder's name as the bank has it: 2 to 70 letters (any script), digits, spaces and . , ' & ( ) / -. */
export function isBeneficiaryName(value: string): boolean {
  const name = value.trim();
  return /^[\p{L}\p{M}\p{N} .,'&()/-]+$/u.test(name) && [...name].length >= 2 && [...name].length <= 70;
}

/** A bank transfer's own reference, as the sender's bank printed it. */
export const BANK_REFERENCE_PATTERN = /^[A-Za-z0-9/-]{4,40}$/;
