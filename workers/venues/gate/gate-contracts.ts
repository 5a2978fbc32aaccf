import type { Market } from '../../contract.ts';
import { splitSymbol } from '../venue.ts';

/** The app's neutral symbol → Gate's pair / contract name (`BTCUSDT` → `BTC_USDT`, both markets). */
export function gateId(symbol: string): string {
  const parts = splitSymbol(symbol);
  return parts === null ? symbol : `${parts[0]}_${parts[1]}`;
}

/** Gate's name → the app's neutral symbol (`BTC_USDT` → `BTCUSDT`). */
export function gateSymbol(id: string): string {
  return id.replace('_', '');
}

/** `10^-decimals` as Gate's tick text ("0.1" for 1, "1" for 0). */
export function tickText(decimals: number): string {
  return decimals <= 0 ? '1' : `0.${'0'.repeat(decimals - 1)}1`;
}

/**
 * Gate's USDT perpetuals (`/futures/usdt/contracts`), shared by the REST and the reader: a contract's
 * `quanto_multiplier` (base units per contract, the sizes of its books, trades and candles) and its
 * `order_price_round` (tick).
 */
export class GateContracts {
  readonly multiplier = new Map<string, number>();
  readonly tick = new Map<string, string>();
  private load: Promise<void> | undefined;

  constructor(private readonly fetchContracts: () => Promise<unknown>) {}

  /** base units per size unit of a market's name: 1 on spot, the multiplier on futures; null while unknown */
  scale(market: Market, id: string): number | null {
    return market === 'spot' ? 1 : (this.multiplier.get(id) ?? null);
  }

  /** Loads the contracts once (again after a failure). */
  ensure(): Promise<void> {
    if (this.load === undefined) {
      const load = this.fetchContracts().then((json) => {
        if (!Array.isArray(json)) throw new Error('Gate contracts: not a list');
        for (const c of json as Record<string, unknown>[]) {
          if (typeof c.name !== 'string') continue;
          const m = Number(c.quanto_multiplier);
          if (typeof c.quanto_multiplier === 'string' && m > 0) this.multiplier.set(c.name, m);
          if (typeof c.order_price_round === 'string') this.tick.set(c.name, c.order_price_round);
        }
      });
      load.catch(() => (this.load = undefined));
      this.load = load;
    }
    return this.load;
  }
}
