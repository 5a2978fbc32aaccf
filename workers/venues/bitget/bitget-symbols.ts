import type { Market } from '../../contract.ts';

/**
 * Bitget v2's names: the symbols are the app's (BTCUSDT) on both markets; the market is the socket arg's `instType`
 * (`SPOT`, `USDT-FUTURES`) and the REST `productType` of the futures' `/api/v2/mix/…` calls.
 */
export type BitgetInstType = 'SPOT' | 'USDT-FUTURES';

export function bitgetInstType(market: Market): BitgetInstType {
  return market === 'spot' ? 'SPOT' : 'USDT-FUTURES';
}

/**
 * The app's kline intervals → Bitget's socket candle channels (`candle<bar>`): from 6 h the UTC variants, whose bars
 * open at 00:00 UTC like Binance's (Bitget's plain 6H / 1D open at UTC+8). Bitget has no 3-minute or 2-hour channel:
 * those series are loaded over REST and not streamed.
 */
export const BITGET_CHANNEL_BARS: Record<string, string> = {
  '1m': '1m',
  '5m': '5m',
  '15m': '15m',
  '30m': '30m',
  '1h': '1H',
  '4h': '4H',
  '6h': '6Hutc',
  '12h': '12Hutc',
  '1d': '1Dutc',
  '1w': '1Wutc',
};

/** The REST candles' `granularity`: spot's names (`1min`, `1h`, …) and the futures' (`1m`, `1H`, …); no 2 h on spot. */
export const BITGET_GRANULARITY: Record<Market, Record<string, string>> = {
  spot: { '1m': '1min', '3m': '3min', '5m': '5min', '15m': '15min', '30m': '30min', '1h': '1h', '4h': '4h', '6h': '6Hutc', '12h': '12Hutc', '1d': '1Dutc', '1w': '1Wutc' },
  usdm: { '1m': '1m', '3m': '3m', '5m': '5m', '15m': '15m', '30m': '30m', '1h': '1H', '2h': '2H', '4h': '4H', '6h': '6Hutc', '12h': '12Hutc', '1d': '1Dutc', '1w': '1Wutc' },
};

const INTERVAL_OF_BAR = new Map(Object.entries(BITGET_CHANNEL_BARS).map(([interval, bar]) => [bar, interval]));

/** `candle1H` → '1h'; undefined for a channel that is not a known candle. */
export function intervalOfCandle(channel: string): string | undefined {
  return channel.startsWith('candle') ? INTERVAL_OF_BAR.get(channel.slice(6)) : undefined;
}
