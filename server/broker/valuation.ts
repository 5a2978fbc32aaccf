import type Decimal from 'decimal.js';
import type { BrokerExchange, BrokerWallet, SubAccountKind } from '../../contract/broker-rules.ts';
import type { Queryable } from '../platform/db/client.ts';
import { instrument, isSimVenue } from '../sim/index.ts';
import type { SimVenue, SimVenues, Simulator } from '../sim/index.ts';
import { D, ZERO } from '../platform/decimal.ts';
import { MarketView } from '../trade/index.ts';

/**
 * Sub-account balances valued in USDT at the simulator's prices (server/broker/README.md "Sub-accounts, balances and
 * API keys"): a coin at the last price of its `<coin>USDT` spot book, USDT at 1, anything without a book at 0. A row's
 * value is total × price cut to 4 decimals, USDT's precision on screen (glossary: amounts at the asset's precision);
 * every total adds row values, so the totals page equals the sum of the sub-accounts to the last digit as shown.
 * A sub-account on a venue the sandbox simulates (OKX, Bybit) is valued at that venue's own book (its `<coin>USDT`
 * spot listing, BTC-USDT on OKX); Binance's and the five other exchanges' sub-accounts at Binance's books, as before
 * (their own markets are part 2 of the work).
 */
export const VALUE_DECIMALS = 4;

export interface ValuedRow {
  accountId: string;
  exchange: BrokerExchange;
  name: string;
  kind: SubAccountKind;
  wallet: BrokerWallet;
  asset: string;
  free: Decimal;
  locked: Decimal;
  total: Decimal;
  price: Decimal;
  value: Decimal;
}

export interface BalanceFilter {
  accountId?: string | undefined;
  exchange?: BrokerExchange | undefined;
  wallet?: BrokerWallet | undefined;
  asset?: string | undefined;
  hideZero?: boolean | undefined;
}

export const plain = (value: Decimal | string): string => {
  const d = new D(value);
  return d.isZero() ? '0' : d.toFixed();
};

export class Valuer {
  private readonly view: MarketView;
  /** The simulated venues other than Binance, each valued at its own books. */
  private readonly venueViews = new Map<SimVenue, MarketView>();
  constructor(sim: Simulator, venues?: SimVenues) {
    this.view = new MarketView(sim);
    for (const [venue, venueSim] of venues?.all() ?? []) if (venue !== 'binance') this.venueViews.set(venue, new MarketView(venueSim));
  }

  /** The book a sub-account on `exchange` is valued at: its own venue's when simulated, else Binance's. */
  private viewOf(exchange: string | undefined): MarketView {
    return (isSimVenue(exchange) && this.venueViews.get(exchange)) || this.view;
  }

  /** A price list for one reply, so every row of it uses the same price (per exchange). */
  prices(): (asset: string, exchange?: string) => Decimal {
    const cache = new Map<string, Decimal>();
    return (asset, exchange) => {
      const view = this.viewOf(exchange);
      const key = `${view.venue}\u0000${asset}`;
      let price = cache.get(key);
      if (price) return price;
      const inst = view === this.view ? instrument('spot', `${asset}USDT`) : view.listing('spot', `${asset}USDT`);
      price = asset === 'USDT' ? new D(1) : inst ? view.lastPrice(inst) : ZERO;
      cache.set(key, price);
      return price;
    };
  }

  /** The organisation's live sub-accounts' balance rows that match, valued; ordered by account, wallet, asset. */
  async rows(db: Queryable, orgId: string, filter: BalanceFilter = {}): Promise<ValuedRow[]> {
    const where = ['a.org_id = $1', 'a.deleted_at is null'];
    const params: unknown[] = [orgId];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (filter.accountId) add('a.id = ?', filter.accountId);
    if (filter.exchange) add('a.exchange_code = ?', filter.exchange);
    if (filter.wallet) add('b.wallet = ?', filter.wallet);
    if (filter.asset) add('b.asset = ?', filter.asset);
    if (filter.hideZero) where.push('(b.free <> 0 or b.locked <> 0)');
    const rows = await db.query<{ id: string; exchange_code: BrokerExchange; name: string; kind: SubAccountKind; wallet: BrokerWallet; asset: string; free: string; locked: string }>(
      `select a.id::text as id, a.exchange_code, a.name, a.kind, b.wallet, b.asset, b.free::text as free, b.locked::text as locked
       from broker_balances b join broker_accounts a on a.id = b.account_id
       where ${where.join(' and ')}
       order by a.id, array_position(array['spot', 'funding', 'earn', 'futures'], b.wallet), b.asset`,
      params,
    );
    const price = this.prices();
    return rows.map((r) => {
      const free = new D(r.free);
      const locked = new D(r.locked);
      const total = free.add(locked);
      const p = price(r.asset, r.exchange_code);
      return {
        accountId: r.id,
        exchange: r.exchange_code,
        name: r.name,
        kind: r.kind,
        wallet: r.wallet,
        asset: r.asset,
        free,
        locked,
        total,
        price: p,
        value: total.mul(p).toDecimalPlaces(VALUE_DECIMALS, D.ROUND_DOWN),
      };
    });
  }
}

/** The sum of the rows' values, grouped by a key, in first-seen order. */
export function sumBy<K>(rows: readonly ValuedRow[], key: (row: ValuedRow) => K): Map<K, Decimal> {
  const sums = new Map<K, Decimal>();
  for (const row of rows) sums.set(key(row), (sums.get(key(row)) ?? ZERO).add(row.value));
  return sums;
}
