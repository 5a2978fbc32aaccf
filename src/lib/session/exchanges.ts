// spec §1: the supported third-party exchanges; the default exchangeCode is binance.
export const EXCHANGE_CODES = ['binance', 'okx', 'bybit', 'coinex', 'gate', 'bitget', 'kucoin', 'coinbaseinternational'] as const;
export type ExchangeCode = (typeof EXCHANGE_CODES)[number];
export const DEFAULT_EXCHANGE: ExchangeCode = 'binance';

export function isExchangeCode(value: unknown): value is ExchangeCode {
  return typeof value === 'string' && (EXCHANGE_CODES as readonly string[]).includes(value);
}
