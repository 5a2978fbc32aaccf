import { ApiError, type Code } from '../api/envelope.ts';

/**
 * Business refusals of the trading calls (HTTP 200, spec §8 "Other non-200 codes"). The codes extend the
 * catalogue of server/api/envelope.ts in a range of their own; clients translate by code.
 */
export const TradeCode = {
  /** spec §8 'Insufficient Balance' (the client offers Go to Deposit). */
  insufficientBalance: 10101,
  /** spec §3 spot trade permission flag. */
  spotForbidden: 10102,
  /** The order is no longer open (filled, cancelled) or is not the caller's. */
  orderState: 10103,
  /** A mode change refused while positions or open orders exist (Binance -4046/-4047/-4067/-4068). */
  modeState: 10104,
  /** Nothing to close, or a reduce-only order larger than the position. */
  positionState: 10105,
  /** The book cannot fill a market order at all. */
  noLiquidity: 10106,
} as const;

const messages: Record<number, string> = {
  10101: 'Insufficient Balance',
  10102: 'Spot trading is forbidden for this account',
  10103: 'The order is not open',
  10104: 'Close the positions and cancel the open orders of this pair first',
  10105: 'No position to reduce',
  10106: 'No liquidity for this market order',
};

export function tradeError(code: (typeof TradeCode)[keyof typeof TradeCode], data: unknown = null, msg?: string): ApiError {
  // ApiError's code type is the API catalogue; these business codes answer with HTTP 200 like its own.
  return new ApiError(code as unknown as Code, data, msg ?? messages[code]);
}

export function insufficient(asset: string): ApiError {
  return tradeError(TradeCode.insufficientBalance, { asset });
}
