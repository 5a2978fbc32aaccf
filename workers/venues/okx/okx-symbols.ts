import type { Market } from '../../contract.ts';
import { splitSymbol } from '../venue.ts';

/** The app's neutral symbol → OKX's instId: spot `BTC-USDT`, the USDT perpetual `BTC-USDT-SWAP`. */
export function okxInstId(market: Market, symbol: string): string {
  const parts = splitSymbol(symbol);
  const spot = parts === null ? symbol : `${parts[0]}-${parts[1]}`;
  return market === 'spot' ? spot : `${spot}-SWAP`;
}

/** OKX's instId → the app's neutral symbol (BTC-USDT and BTC-USDT-SWAP are both BTCUSDT). */
export function okxSymbol(instId: string): string {
  return (instId.endsWith('-SWAP') ? instId.slice(0, -5) : instId).replace('-', '');
}

/**
 * The app's kline intervals → OKX's `bar` (candle channel `candle<bar>`): hours upper case, and from 6 h the UTC
 * variants (`6Hutc`, `1Dutc`, …) whose bars open at 00:00 UTC like Binance's (OKX's plain 6H/1D open at UTC+8).
 */
export const OKX_BARS: Record<string, string> = {
  '1m': '1m',
  '3m': '3m',
  '5m': '5m',
  '15m': '15m',
  '30m': '30m',
  '1h': '1H',
  '2h': '2H',
  '4h': '4H',
  '6h': '6Hutc',
  '12h': '12Hutc',
  '1d': '1Dutc',
  '1w': '1Wutc',
};

const INTERVAL_OF_BAR = new Map(Object.entries(OKX_BARS).map(([interval, bar]) => [bar, interval]));

/** `candle1H` → '1h'; undefined for a channel that is not a known candle. */
export function intervalOfCandle(channel: string): string | undefined {
  return channel.startsWith('candle') ? INTERVAL_OF_BAR.get(channel.slice(6)) : undefined;
}

/** Contract values of OKX's swaps (instruments' ctVal: base units per contract), shared by the REST and the reader. */
export class OkxInstruments {
  readonly ctVal = new Map<string, number>();
  readonly tickSz = new Map<string, string>();
  private readonly loads = new Map<Market, Promise<void>>();

  constructor(private readonly fetchInstruments: (market: Market) => Promise<unknown>) {}

  /** base units per size unit of an instId: 1 on spot, ctVal on a swap; null while unknown */
  scale(instId: string): number | null {
    if (!instId.endsWith('-SWAP')) return 1;
    return this.ctVal.get(instId) ?? null;
  }

  /** Loads a market's instruments once (again after a failure). */
  ensure(market: Market): Promise<void> {
    let load = this.loads.get(market);
    if (load === undefined) {
      load = this.fetchInstruments(market).then((json) => {
        const data = (json as { data?: unknown } | null)?.data;
        if (!Array.isArray(data)) throw new Error('OKX instruments: no data');
        for (const i of data as Record<string, unknown>[]) {
          if (typeof i.instId !== 'string') continue;
          if (typeof i.tickSz === 'string') this.tickSz.set(i.instId, i.tickSz);
          const ct = Number(i.ctVal);
          if (market === 'usdm' && typeof i.ctVal === 'string' && ct > 0) this.ctVal.set(i.instId, ct);
        }
      });
      load.catch(() => this.loads.delete(market));
      this.loads.set(market, load);
    }
    return load;
  }
}
