import Decimal from 'decimal.js';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session/index.ts';
import { useOrderBookTicks, useTicker, type BookView } from '../../market/index.ts';
import { fixedGrouped, type Pair } from '../market/index.ts';
import { BOOK_DEPTH } from './book-constants.ts';
import { BookSideList, type BookSideHandle } from './BookSideList.tsx';
import { BookModel, type BookModelView } from './book-rows.ts';
import { GROUP_MULTIPLES, groupStep } from './book-grouping.ts';
import { useTradingAccount } from './futures-data/use-trading-account.ts';
import { ownPrices, useOwnOrders } from './own-orders.ts';
import { pickPrice } from './picked-price.ts';
import { prepareRowPainter } from './row-painter.ts';
import { StalenessBadge } from './StalenessBadge.tsx';
import { writeText } from './TextColumn.tsx';
import { tradingPrefs, type TradingLayout } from './trading-prefs.ts';


/** Rows of the skeleton shown until the first snapshot arrives (a loading state, not "resyncing": spec §4 "Live market connection"). */
const SKELETON_ROWS = 8;

function BookSkeleton({ label }: { label: string }) {
  return (
    <div className="td-book-skeleton" data-testid="book-skeleton" role="status" aria-busy="true">
      <span className="td-visually-hidden">{label}</span>
      {Array.from({ length: SKELETON_ROWS * 2 }, (_, i) => (
        <div key={i} className="td-book-skeleton-row" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      ))}
    </div>
  );
}

/** Stands for the spread's figure while its translation is split around it. */
const SLOT = '\u0000';

interface BookHeadProps {
  title: string;
  market: Pair['market'];
  symbol: string;
  layout: TradingLayout['book'];
  group: number;
  tickSize: string;
  onGroup: (group: number) => void;
}

/** The panel's head: title, data age, layout and grouping. Memoised: a book tick does not re-render it. */
const BookHead = memo(function BookHead({ title, market, symbol, layout, group, tickSize, onGroup }: BookHeadProps) {
  const { t } = useTranslation('trading');
  return (
    <header className="td-panel-head">
      <h2>{title}</h2>
      <StalenessBadge market={market} symbol={symbol} />
      <div className="td-book-tools">
        {(['both', 'bids', 'asks'] as const).map((mode) => (
          <button
            key={mode}
            type="button"
            className={layout === mode ? 'td-chip td-chip--on' : 'td-chip'}
            aria-pressed={layout === mode}
            onClick={() => tradingPrefs.setLayout({ book: mode })}
          >
            {t(`book.view.${mode}`)}
          </button>
        ))}
        <select aria-label={t('book.grouping')} data-testid="book-grouping" value={group} onChange={(event) => onGroup(Number(event.target.value))}>
          {GROUP_MULTIPLES.map((m) => (
            <option key={m} value={m}>
              {groupStep(tickSize, m).step}
            </option>
          ))}
        </select>
      </div>
    </header>
  );
});

/** What renders the panel when it changes: whether there is a book, whether it is synced, and each side's count. */
const bookShape = (book: BookView | undefined): string => (book ? `${book.synced}:${book.bids.length}:${book.asks.length}` : '');

/** The spread between the best ask and the best bid, or null while a side is empty. */
function spreadOf({ bids, asks }: BookModelView, pricePrecision: number): string | null {
  if (bids.length === 0 || asks.length === 0) return null;
  return new Decimal(asks[0] as number).minus(bids[0] as number).toFixed(pricePrecision);
}

export function OrderBook({ pair, layout }: { pair: Pair; layout: TradingLayout['book'] }) {
  const { t } = useTranslation('trading');
  const { t: tr } = useTranslation('risk');
  const { symbol, market } = pair;
  const [group, setGroup] = useState(1);
  // Reused across ticks (CONVENTIONS.md "Hot paths"): trackers and total arrays live as long as the panel.
  const [model] = useState(() => new BookModel());
  const resetKey = `${market}:${symbol}:${group}`;
  // The panel's fixed labels, translated once per language and pair.
  const labels = useMemo(
    () => ({
      columns: [t('book.price', { asset: pair.quoteAsset }), t('book.amount', { asset: pair.baseAsset }), t('book.total', { asset: pair.baseAsset })] as const,
      bids: t('book.bids'),
      asks: t('book.asks'),
      own: t('book.own'),
      ownMark: t('book.ownMark'),
      title: t('book.title'),
      // The spread's text around its figure, so a tick does not interpolate a translation.
      spread: t('book.spread', { spread: SLOT }).split(SLOT) as [string, string],
    }),
    [t, pair.quoteAsset, pair.baseAsset],
  );
  const { columns } = labels;
  const spreadLine = (v: BookModelView) => {
    const spread = spreadOf(v, pair.pricePrecision);
    return spread === null ? '' : `${labels.spread[0]}${spread}${labels.spread[1]}`;
  };
  // Each tick goes to the two lists and the spread from the store's subscription: this panel renders only when
  // the book's shape changes (bookShape), the pair's ticker does, or the trader's settings and orders do (main-thread budget).
  const bidsLive = useRef<BookSideHandle>(null);
  const asksLive = useRef<BookSideHandle>(null);
  const spreadRef = useRef<HTMLSpanElement>(null);
  const book = useOrderBookTicks(symbol, { depth: BOOK_DEPTH, group, market }, bookShape, (next) => {
    const tick = model.view(next, resetKey, pair.amountPrecision);
    bidsLive.current?.update({ levels: tick.bids, totals: tick.bidTotals, barScale: tick.barScale, tracker: tick.bidFlash });
    asksLive.current?.update({ levels: tick.asks, totals: tick.askTotals, barScale: tick.barScale, tracker: tick.askFlash });
    writeText(spreadRef.current, spreadLine(tick));
  });
  const ticker = useTicker(symbol, market);
  // The lists draw in the painter worker: started while the book loads.
  useEffect(prepareRowPainter, []);

  const view = model.view(book, resetKey, pair.amountPrecision);
  const { bids, asks, barScale } = view;
  const { step, digits: priceDigits } = groupStep(pair.tickSize, group);
  // The signed-in trader's open orders mark their levels (their buckets when grouped).
  const isLogin = useSession((s) => s.isLogin);
  const keyId = useTradingAccount();
  const ownOrders = useOwnOrders(pair, isLogin, keyId);
  const ownBids = useMemo(() => ownPrices(ownOrders, 'bid', step, priceDigits), [ownOrders, step, priceDigits]);
  const ownAsks = useMemo(() => ownPrices(ownOrders, 'ask', step, priceDigits), [ownOrders, step, priceDigits]);

  const onPick = useCallback((price: string, side: 'bid' | 'ask') => pickPrice({ market, symbol, price, side }), [market, symbol]);

  const lastUp = ticker ? ticker.c >= ticker.o : true;

  // The spread's text is written, not rendered: a tick changes it between renders.
  useLayoutEffect(() => writeText(spreadRef.current, spreadLine(view)));
  const list = (side: 'bid' | 'ask') => (
    <BookSideList
      side={side}
      levels={side === 'bid' ? bids : asks}
      totals={side === 'bid' ? view.bidTotals : view.askTotals}
      barScale={barScale}
      priceDigits={priceDigits}
      amountDigits={pair.amountPrecision}
      tracker={side === 'bid' ? view.bidFlash : view.askFlash}
      reversed={side === 'ask'}
      resetKey={resetKey}
      label={side === 'bid' ? labels.bids : labels.asks}
      columns={columns}
      own={side === 'bid' ? ownBids : ownAsks}
      ownLabel={labels.own}
      ownMark={labels.ownMark}
      onPick={onPick}
      live={side === 'bid' ? bidsLive : asksLive}
    />
  );

  return (
    <section className="td-panel td-book" aria-label={labels.title} data-testid="order-book" data-group={group}>
      <div className="td-panel-frame">
        <BookHead title={labels.title} market={market} symbol={symbol} layout={layout} group={group} tickSize={pair.tickSize} onGroup={setGroup} />
        <div className="td-book-cols" aria-hidden="true">
          <span>{columns[0]}</span>
          <span>{columns[1]}</span>
          <span>{columns[2]}</span>
        </div>
        {/* Its own relayout boundary: the <select> above defeats the panel frame's (bench/browser/profile.ts). */}
        <div className="td-book-well">
          {!book ? (
            <BookSkeleton label={tr('book.loading')} />
          ) : (
          <div className={`td-book-body td-book-body--${layout}`} role="group" aria-label={labels.title}>
            {layout !== 'bids' && list('ask')}
            <div className="td-book-mid" data-testid="book-spread">
              <div className="td-book-mid-frame">
                <span className={lastUp ? 'td-up td-book-last' : 'td-down td-book-last'}>{fixedGrouped(ticker?.c, pair.pricePrecision)}</span>
                <span ref={spreadRef} className="td-book-spread" />
              </div>
            </div>
            {layout !== 'asks' && list('bid')}
          </div>
          )}
        </div>
      </div>
    </section>
  );
}
