import Decimal from 'decimal.js';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useOrderBookTicks, useTicker, type BookView } from '../../market/index.ts';
import type { Pair } from '../market/index.ts';
import type { OrderView } from '../trading/shared.ts';
import { centredWindow, defaultMultiple, ladderStep, needsRecentre, ordersByRow, referencePrice, rowOf, rowPrices, STEP_MULTIPLES, type LadderWindow, type StepMultiple, unitsOf } from './ladder.ts';
import { useLadderCanvas } from './ladder-canvas.ts';
import { openOrdersStore, positionsStore } from './lightning-actions.ts';
import { ladderStore, savedStepMultiple, setStepMultiple } from './lightning-store.ts';

/** Levels of the book the ladder subscribes to (at its step): more than its rows, so every row can fill even when the price sits at an edge. */
const LADDER_DEPTH = 50;
const NO_ORDERS: readonly OrderView[] = [];

export interface LadderProps {
  pair: Pair;
  enabled: boolean;
  /** a limit order at a row's price: the bid column buys, the ask column sells */
  onPick: (side: 'buy' | 'sell', price: string) => void;
  /** cancels the trader's orders resting at a row */
  onCancel: (orderIds: string[]) => void;
}

interface RowLabels {
  buyAt: string;
  sellAt: string;
  cancel: string;
  entry: string;
  liq: string;
}

interface RowProps {
  index: number;
  price: string;
  /** where the row lies against the book: in the bids, the asks, or the spread between them */
  zone: 'bid' | 'ask' | 'spread';
  last: boolean;
  /** the trader's orders at this row: total volume and ids (space separated), or '' */
  ownBid: string;
  ownBidIds: string;
  ownAsk: string;
  ownAskIds: string;
  entry: boolean;
  liq: boolean;
  enabled: boolean;
  labels: RowLabels;
  onRow: (action: 'buy' | 'sell' | 'cancelBid' | 'cancelAsk', index: number) => void;
}

/**
 * One price level. Memoised, and without the book's figures: a row renders when its place (zone, last trade), the
 * trader's orders or marks on it change. The sizes and their bars are drawn on the ladder's canvas on every tick, and
 * the sizes' text is written into elements React leaves empty (ladder-canvas.ts), so a book update renders nothing.
 */
const LadderRow = memo(function LadderRow(p: RowProps) {
  const buyName = `${p.labels.buyAt} ${p.price}`;
  const sellName = `${p.labels.sellAt} ${p.price}`;
  return (
    <div className={`td-ld-row td-ld-row--${p.zone}${p.last ? ' td-ld-row--last' : ''}`} data-price={p.price} data-row={p.index} data-zone={p.zone}>
      <span className="td-ld-own">
        {p.ownBid && (
          <button type="button" className="td-ld-mine" data-testid="lightning-my-order" data-side="buy" data-order-ids={p.ownBidIds} aria-label={`${p.labels.cancel} ${p.ownBid} @ ${p.price}`} onClick={() => p.onRow('cancelBid', p.index)}>
            {p.ownBid}
          </button>
        )}
      </span>
      {/* The name is the action and price (read first), then the size shown (WCAG 2.5.3 label in name). */}
      <button type="button" className="td-ld-cell td-ld-cell--bid" data-testid="ladder-buy" disabled={!p.enabled} onClick={() => p.onRow('buy', p.index)}>
        <span className="td-visually-hidden">{buyName}</span>
        <span className="td-ld-qty" />
      </button>
      <span className="td-ld-price">{p.price}</span>
      <button type="button" className="td-ld-cell td-ld-cell--ask" data-testid="ladder-sell" disabled={!p.enabled} onClick={() => p.onRow('sell', p.index)}>
        <span className="td-visually-hidden">{sellName}</span>
        <span className="td-ld-qty" />
      </button>
      <span className="td-ld-own">
        {p.ownAsk && (
          <button type="button" className="td-ld-mine" data-testid="lightning-my-order" data-side="sell" data-order-ids={p.ownAskIds} aria-label={`${p.labels.cancel} ${p.ownAsk} @ ${p.price}`} onClick={() => p.onRow('cancelAsk', p.index)}>
            {p.ownAsk}
          </button>
        )}
      </span>
      <span className="td-ld-mark">
        {p.entry && (
          <span className="td-ld-tag td-ld-tag--entry" data-testid="ladder-entry">
            {p.labels.entry}
          </span>
        )}
        {p.liq && (
          <span className="td-ld-tag td-ld-tag--liq" data-testid="ladder-liq">
            {p.labels.liq}
          </span>
        )}
      </span>
    </div>
  );
});

/** Sum of volumes (decimal places of the pair's step) and the ids of a row's orders. */
function ownOf(list: readonly OrderView[] | undefined, digits: number): { text: string; ids: string } {
  if (!list || list.length === 0) return { text: '', ids: '' };
  let sum = 0;
  for (const o of list) sum += Number(o.volume) - Number(o.filledVolume);
  return { text: sum.toFixed(digits), ids: list.map((o) => o.orderId).join(' ') };
}

/**
 * The terminal's price ladder (spec §1 lightning-hand futures terminal): fixed rows at the ladder's step that
 * stay put while the book moves (a click lands on the price the trader saw), recentred on request (button,
 * hotkey) or when the price leaves them. Bid and ask sizes with bars, the last trade, the trader's orders and
 * the position's entry and liquidation prices are marked on their rows.
 */
export function LightningLadder(props: LadderProps) {
  const { pair, enabled, onPick, onCancel } = props;
  const { t } = useTranslation('lightning');
  const chosen = useStore(ladderStore, (s) => (s.symbol === pair.symbol ? s.multiple : null)) ?? savedStepMultiple(pair.symbol);
  const request = useStore(ladderStore, (s) => s.recentre);
  const multiple: StepMultiple = chosen ?? 1;
  const { step, digits } = ladderStep(pair.tickSize, multiple);
  const ticker = useTicker(pair.symbol, 'usdm');
  // The ladder renders when the book's best levels move a step (the rows' zones) or, with no last trade yet, its mid
  // does (the window may move); every other book update only draws the sizes and bars (`update` below).
  const bookShape = (b: BookView | undefined) => {
    if (b === undefined || b.bids.length === 0) return '';
    const bid = unitsOf(b.bids[0] as number, step, 'down');
    const ask = b.asks.length > 0 ? unitsOf(b.asks[0] as number, step, 'up') : null;
    const mid = ticker ? null : referencePrice(undefined, b.bids[0], b.asks[0]);
    return `${bid}:${ask}:${mid === null ? '' : unitsOf(mid, step, 'nearest')}`;
  };
  // What a book update does with this commit's rows (useLadderCanvas sets it after each commit).
  const onTick = useRef<(b: BookView | undefined) => void>(() => undefined);
  const book = useOrderBookTicks(pair.symbol, { depth: LADDER_DEPTH, market: 'usdm', ...(multiple > 1 ? { group: multiple } : {}) }, bookShape, (next) => onTick.current(next));
  const orders = useStore(openOrdersStore, (s) => (s.symbol === pair.symbol ? s.orders : NO_ORDERS));
  const positions = useStore(positionsStore, (s) => (s.symbol === pair.symbol ? s.positions : null));

  // Until the trader picks a step, the first snapshot picks one that shows depth (once per pair).
  const hasBook = book !== undefined && book.bids.length > 0;
  useEffect(() => {
    if (chosen === null && hasBook && book) setStepMultiple(pair.symbol, defaultMultiple(pair.tickSize, book.bids, book.asks));
  }, [chosen, hasBook, book, pair.symbol, pair.tickSize]);

  const bestBid = book?.bids[0];
  const bestAsk = book?.asks[0];
  const price = referencePrice(ticker?.c, bestBid, bestAsk);
  const key = `${pair.symbol}:${step}`;
  // The window is state: it changes only on a recentre request, a new pair or step, or the price leaving it.
  const [held, setHeld] = useState<{ key: string; request: number; w: LadderWindow } | null>(null);
  let current = held;
  if (price !== null && (held === null || held.key !== key || held.request !== request || needsRecentre(held.w, price))) {
    current = { key, request, w: centredWindow(price, step, digits) };
    setHeld(current);
  }
  const w = current?.key === key ? current.w : null;
  const prices = useMemo(() => (w ? rowPrices(w) : []), [w]);

  const rowsRef = useRef<HTMLDivElement>(null);
  // The sizes and their bars: drawn on the canvas on every book update, without a render.
  const { canvasRef, canvasText } = useLadderCanvas({ rows: rowsRef, pair, window: w, prices, book, onTick });
  const own = useMemo(() => (w ? ordersByRow(w, orders) : new Map<string, OrderView[]>()), [w, orders]);
  // The position's entry and liquidation prices: on their rows, or named at the ladder's edge they lie beyond.
  const marks = useMemo(() => {
    const entry = new Set<number>();
    const liq = new Set<number>();
    const above: { kind: 'entry' | 'liq'; price: string }[] = [];
    const below: { kind: 'entry' | 'liq'; price: string }[] = [];
    if (w && positions) {
      const topPrice = Number(rowPrices({ ...w, rows: 1 })[0]);
      for (const p of positions) {
        // spec: liquidationPrice is 0 when no price reaches it
        const points = [{ kind: 'entry' as const, price: p.entryPrice, rows: entry }, ...(Number(p.liquidationPrice) > 0 ? [{ kind: 'liq' as const, price: p.liquidationPrice, rows: liq }] : [])];
        for (const point of points) {
          const row = rowOf(w, Number(point.price));
          if (row >= 0) point.rows.add(row);
          else (Number(point.price) > topPrice ? above : below).push({ kind: point.kind, price: new Decimal(point.price).toFixed(pair.pricePrecision) });
        }
      }
    }
    return { entry, liq, above, below };
  }, [w, positions, pair.pricePrecision]);

  const labels = useMemo<RowLabels>(
    () => ({ buyAt: t('ladder.buyAt'), sellAt: t('ladder.sellAt'), cancel: t('ladder.cancel'), entry: t('ladder.entry'), liq: t('ladder.liq') }),
    [t],
  );
  // Row clicks go through refs, so the rows' handler is one stable function (no re-render of every row).
  const latest = useRef({ prices, own, onPick, onCancel });
  useLayoutEffect(() => {
    latest.current = { prices, own, onPick, onCancel };
  });
  const onRow = useCallback((action: 'buy' | 'sell' | 'cancelBid' | 'cancelAsk', index: number) => {
    const { prices: ps, own: byRow, onPick: pick, onCancel: cancel } = latest.current;
    const rowPrice = ps[index];
    if (rowPrice === undefined) return;
    if (action === 'buy' || action === 'sell') pick(action, rowPrice);
    else cancel((byRow.get(`${action === 'cancelBid' ? 'bid' : 'ask'}:${index}`) ?? []).map((o) => o.orderId));
  }, []);

  // Rows at or below the best bid are the bids', at or above the best ask the asks'; between them the spread.
  const bidRow = w && bestBid !== undefined ? w.top - unitsOf(bestBid, step, 'down') : Infinity;
  const askRow = w && bestAsk !== undefined ? w.top - unitsOf(bestAsk, step, 'up') : -Infinity;
  const lastRow = w && ticker ? rowOf(w, ticker.c) : -1;

  return (
    <section className="td-lt-panel td-lt-ladder" aria-label={t('ladder.title')}>
      <div className="td-ld-head">
        <h2>{t('ladder.title')}</h2>
        <div className="td-ld-steps" role="group" aria-label={t('ladder.step')}>
          {STEP_MULTIPLES.map((m) => (
            <button key={m} type="button" className="td-chip" aria-pressed={m === multiple} data-testid={`ladder-step-${m}`} onClick={() => setStepMultiple(pair.symbol, m, true)}>
              {ladderStep(pair.tickSize, m).step}
            </button>
          ))}
        </div>
      </div>
      <div className="td-ld-cols" aria-hidden="true">
        <span />
        <span>{t('ladder.bids')}</span>
        <span>{t('ladder.price')}</span>
        <span>{t('ladder.asks')}</span>
      </div>
      {marks.above.length > 0 && (
        <p className="td-ld-edge" data-testid="ladder-above">
          {marks.above.map((m) => (
            <span key={m.kind} className={`td-ld-tag td-ld-tag--${m.kind}`}>
              {t('ladder.above', { label: labels[m.kind], price: m.price })}
            </span>
          ))}
        </p>
      )}
      <div ref={rowsRef} className={`td-ld-rows${canvasText ? ' td-ld-rows--drawn' : ''}`} data-testid="lightning-ladder" data-top={prices[0]} data-step={step}>
        <canvas ref={canvasRef} className="td-ld-canvas" aria-hidden="true" />
        {w === null && <p className="td-muted">{t('ladder.waiting')}</p>}
        {prices.map((rowPrice, i) => {
          const ob = ownOf(own.get(`bid:${i}`), pair.amountPrecision);
          const oa = ownOf(own.get(`ask:${i}`), pair.amountPrecision);
          return (
            <LadderRow
              key={i}
              index={i}
              price={rowPrice}
              zone={i >= bidRow ? 'bid' : i <= askRow ? 'ask' : 'spread'}
              last={i === lastRow}
              ownBid={ob.text}
              ownBidIds={ob.ids}
              ownAsk={oa.text}
              ownAskIds={oa.ids}
              entry={marks.entry.has(i)}
              liq={marks.liq.has(i)}
              enabled={enabled}
              labels={labels}
              onRow={onRow}
            />
          );
        })}
      </div>
      {marks.below.length > 0 && (
        <p className="td-ld-edge" data-testid="ladder-below">
          {marks.below.map((m) => (
            <span key={m.kind} className={`td-ld-tag td-ld-tag--${m.kind}`}>
              {t('ladder.below', { label: labels[m.kind], price: m.price })}
            </span>
          ))}
        </p>
      )}
    </section>
  );
}
