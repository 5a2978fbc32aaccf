import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useOrderBook } from '../../market/index.ts';
import { fixed, type Pair } from '../market/index.ts';
import type { OrderView } from '../trading/shared.ts';
import { openOrdersStore } from './lightning-actions.ts';

const DEPTH = 20;
const NO_ORDERS: readonly OrderView[] = [];

interface Props {
  pair: Pair;
  /** Places a limit order at a clicked level: bids buy, asks sell. */
  onPick: (side: 'buy' | 'sell', price: string) => void;
  onCancel: (orderId: string) => void;
  enabled: boolean;
}

function Side({ pair, levels, side, props }: { pair: Pair; levels: Float64Array | undefined; side: 'bids' | 'asks'; props: Props }) {
  const { t } = useTranslation('lightning');
  const orders = useStore(openOrdersStore, (s) => (s.symbol === pair.symbol ? s.orders : NO_ORDERS));
  const rows: { price: string; qty: string }[] = [];
  if (levels) {
    for (let i = 0; i + 1 < levels.length && rows.length < DEPTH; i += 2) {
      rows.push({ price: fixed(levels[i], pair.pricePrecision), qty: fixed(levels[i + 1], pair.amountPrecision) });
    }
  }
  if (side === 'asks') rows.reverse();
  const mine = (price: string) => orders.filter((o) => o.price !== null && new Decimal(o.price).eq(price));
  return (
    <div className={`td-lt-side td-lt-side--${side}`} data-testid={`lightning-${side}`}>
      {rows.map((r) => {
        const own = mine(r.price);
        return (
          <div key={r.price} className="td-lt-row" data-price={r.price} data-mine={own.length > 0 ? own.length : undefined}>
            <button
              type="button"
              className={side === 'bids' ? 'td-up' : 'td-down'}
              disabled={!props.enabled}
              aria-label={t(side === 'bids' ? 'book.buyAt' : 'book.sellAt', { price: r.price })}
              onClick={() => props.onPick(side === 'bids' ? 'buy' : 'sell', r.price)}
            >
              {r.price}
            </button>
            <span>{r.qty}</span>
            {own.map((o) => (
              <button
                key={o.orderId}
                type="button"
                className="td-lt-mine"
                data-testid="lightning-my-order"
                data-order-id={o.orderId}
                aria-label={t('book.cancelOrder', { volume: o.volume, price: r.price })}
                onClick={() => props.onCancel(o.orderId)}
              >
                {o.volume}
              </button>
            ))}
          </div>
        );
      })}
    </div>
  );
}

/** The terminal's book: click a level to place a limit order there; your open orders are marked and cancel on click. */
export function LightningBook(props: Props) {
  const { t } = useTranslation('lightning');
  const book = useOrderBook(props.pair.symbol, { depth: DEPTH, market: 'usdm' });
  return (
    <section className="td-lt-panel td-lt-book" aria-label={t('book.title')}>
      <h2>{t('book.title')}</h2>
      <Side pair={props.pair} levels={book?.asks} side="asks" props={props} />
      <Side pair={props.pair} levels={book?.bids} side="bids" props={props} />
    </section>
  );
}
