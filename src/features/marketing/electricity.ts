import Decimal from 'decimal.js';
import { parseAmount } from '../../lib/format/index.ts';

/**
 * The electricity payment calculator (spec §1 "electricity payment for miners", marketing pages): energy used
 * (kWh) × the tariff per kWh → the bill in USD and in HKD, and in BTC at the live price. Exact decimals
 * throughout (DESIGN.md: money never in binary floating point).
 *
 * Prices are the desk's live indicative prices of one BTC in USD and in HKD (the public convert quote's market
 * price, before its spread), so the USD↔HKD rate is the desk's own, not a number copied into the app.
 */
export type Tariff = 'USD' | 'HKD';

export interface LivePrices {
  /** USD per BTC. */
  usdPerBtc: string;
  /** HKD per BTC. */
  hkdPerBtc: string;
}

export interface Bill {
  usd: string;
  hkd: string;
  btc: string;
}

export type BillIssue = 'kwhFormat' | 'kwhTooLarge' | 'rateFormat' | 'rateTooLarge' | 'decimals';

/** Largest inputs: 10 TWh a period and 1,000 a kWh are beyond any farm; they keep the figures sane. */
export const MAX_KWH = new Decimal('1e10');
export const MAX_RATE = new Decimal('1000');
const MAX_DECIMALS = 6;

/** Checks the typed energy and tariff; null when both are plain non-negative decimals within range. */
export function checkBillInput(kwh: string, rate: string): Partial<Record<'kwh' | 'rate', BillIssue>> {
  const issues: Partial<Record<'kwh' | 'rate', BillIssue>> = {};
  const k = parseAmount(kwh);
  const r = parseAmount(rate);
  if (!k) issues.kwh = 'kwhFormat';
  else if (k.decimalPlaces() > MAX_DECIMALS) issues.kwh = 'decimals';
  else if (k.gt(MAX_KWH)) issues.kwh = 'kwhTooLarge';
  if (!r) issues.rate = 'rateFormat';
  else if (r.decimalPlaces() > MAX_DECIMALS) issues.rate = 'decimals';
  else if (r.gt(MAX_RATE)) issues.rate = 'rateTooLarge';
  return issues;
}

/**
 * The bill: kWh × tariff in the tariff's currency, the other currency at the ratio of the two live BTC prices,
 * both to the cent (half up); BTC to the satoshi, rounded up so that the BTC amount always covers the bill.
 */
export function electricityBill(kwh: Decimal.Value, rate: Decimal.Value, tariff: Tariff, prices: LivePrices): Bill {
  const usdPerBtc = new Decimal(prices.usdPerBtc);
  const hkdPerBtc = new Decimal(prices.hkdPerBtc);
  if (!usdPerBtc.gt(0) || !hkdPerBtc.gt(0)) throw new RangeError('prices must be positive');
  const amount = new Decimal(kwh).times(rate);
  const usd = tariff === 'USD' ? amount : amount.times(usdPerBtc).div(hkdPerBtc);
  const hkd = tariff === 'HKD' ? amount : amount.times(hkdPerBtc).div(usdPerBtc);
  const btc = usd.div(usdPerBtc);
  return {
    usd: usd.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
    hkd: hkd.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
    btc: btc.toDecimalPlaces(8, Decimal.ROUND_UP).toFixed(8),
  };
}
