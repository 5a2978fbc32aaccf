/**
 * spec §1: the third-party exchanges a broker's sub-accounts live on, and the user session's exchangeCode
 * (spec §3, default binance). Its own module, plain values only: the app's start-up (src/lib/session) takes
 * these few lines without the rest of the broker rules (contract/bundle-boundary.test.ts).
 */
export const BROKER_EXCHANGES = ['binance', 'okx', 'bybit', 'coinex', 'gate', 'bitget', 'kucoin', 'coinbaseinternational'] as const;
export type BrokerExchange = (typeof BROKER_EXCHANGES)[number];
export const DEFAULT_EXCHANGE: BrokerExchange = 'binance';

export function isBrokerExchange(value: unknown): value is BrokerExchange {
  return typeof value === 'string' && (BROKER_EXCHANGES as readonly string[]).includes(value);
}
