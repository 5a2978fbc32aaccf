import { ApiError, Code, type DataArgs } from './envelope.ts';

/**
 * Business refusals of the trading calls (HTTP 200, spec §8 "Other non-200 codes"), in their range of
 * contract/codes.ts; clients translate by code.
 */
export const TradeCode = {
  /** spec §8 'Insufficient Balance' (the client offers Go to Deposit). */
  insufficientBalance: Code.insufficientBalance,
  /** spec §3 spot trade permission flag. */
  spotForbidden: Code.spotForbidden,
  /** The order is no longer open (filled, cancelled) or is not the caller's. */
  orderState: Code.orderState,
  /** A mode change refused while positions or open orders exist (Binance -4046/-4047/-4067/-4068). */
  modeState: Code.modeState,
  /** Nothing to close, or a reduce-only order larger than the position. */
  positionState: Code.positionState,
  /** The book cannot fill a market order at all. */
  noLiquidity: Code.noLiquidity,
  /** A post-only order that would cross the book. */
  postOnlyWouldCross: Code.postOnlyWouldCross,
} as const;

export function tradeError<C extends (typeof TradeCode)[keyof typeof TradeCode]>(code: C, ...args: DataArgs<C>): ApiError {
  return new ApiError<C>(code, ...args);
}

export function insufficient(asset: string): ApiError {
  return tradeError(TradeCode.insufficientBalance, { asset });
}
