import { CONVERT_FIAT } from '../../../contract/convert-rules.ts';
import { convertApi, type ConvertOrder, type FirmQuote, type IndicativeQuote } from './api.ts';
import { describeConvertError } from './errors.ts';
import type { QuoteCalls } from './use-quote-flow.ts';

/**
 * Convert's side of the shared quote flow: its calls, its refusals, and where a short balance is topped up — a
 * fiat currency on the fiat deposit page, a coin on the crypto deposit page (spec §8 "Insufficient Balance (offers
 * Go to Deposit)", spec §2 wallet/recharge). Module-level, so the reference is stable.
 */
export const CONVERT_CALLS: QuoteCalls<IndicativeQuote, FirmQuote, ConvertOrder> = {
  ns: 'convert',
  indicative: convertApi.indicativeQuote,
  firm: convertApi.firmQuote,
  order: convertApi.order,
  describe: describeConvertError,
  depositKind: (asset) => ((CONVERT_FIAT as readonly string[]).includes(asset) ? 'fiat' : 'coin'),
};
