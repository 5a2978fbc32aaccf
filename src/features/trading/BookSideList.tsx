import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useRef, type MouseEvent, type Ref } from 'react';
import { ROW_PADDING } from './book-constants.ts';
import type { FlashTracker } from './book-rows.ts';
import { bookColours } from './book-palette.ts';
import { usePaintedRows } from './painted-rows.ts';
import { listFont, useContentBox } from './row-painter.ts';
import { rowsOf, RowsTable, writeRows } from './RowsTable.tsx';
import { TextColumn, writeLines } from './TextColumn.tsx';
import { useTickData, useTickHandle, type TickHandle } from './tick-list.ts';

export const BOOK_ROW_HEIGHT = 20;
/** The own-order mark's font size (trading.css `.td-col-own`). */
const OWN_MARK_SIZE = '8px';
/** The asks list's lines come in blocks of this many (see `slots`). */
const ASK_BLOCK = 50;

/** What changes on every tick: the levels, their totals and flashes. */
export interface BookSideData {
  /** flat [price, qty, ...], best first */
  levels: Float64Array;
  /** cumulative quantities, best first (at least levels.length / 2 entries) */
  totals: Float64Array;
  /** the total that fills a bar */
  barScale: number;
  tracker: FlashTracker;
}

/** Given as `live`: the parent hands each tick's data to `update` (from its store subscription) instead of re-rendering the list. */
export type BookSideHandle = TickHandle<BookSideData>;

export interface BookSideListProps extends BookSideData {
  side: 'bid' | 'ask';
  priceDigits: number;
  amountDigits: number;
  /** asks are shown best last (nearest the spread), so their list runs in reverse and starts at the bottom */
  reversed: boolean;
  /** changes when the list should jump back to the best level (pair or grouping changed) */
  resetKey: string;
  label: string;
  /** column names, read by assistive technology */
  columns: readonly [price: string, amount: string, total: string];
  onPick: (price: string, side: 'bid' | 'ask') => void;
  /** prices (as shown) of the levels that hold the trader's open orders */
  own: ReadonlySet<string>;
  ownLabel: string;
  /** the mark shown beside such a level */
  ownMark: string;
  /**
   * With a handle, a change of the data alone (the same number of levels) does not render the list: the parent
   * passes the tick to `live.current.update` from its store subscription, which writes the visible lines and draws.
   */
  live?: Ref<BookSideHandle>;
}

/** What the lines and the canvas (depth bars, flashes) show for the visible rows, top to bottom. */
interface Shown {
  prices: string[];
  qtys: string[];
  sums: string[];
  pct: number[];
  flash: boolean[];
}

/** The lines of the visible rows (`first`, `rows`) out of `slots` lines, from `data`. */
function linesOf(data: BookSideData, first: number, rows: number, slots: number, reversed: boolean, priceDigits: number, amountDigits: number): Shown {
  const { levels, totals, barScale, tracker } = data;
  const count = levels.length / 2;
  const shown: Shown = { prices: [], qtys: [], sums: [], pct: [], flash: [] };
  for (let index = first; index < first + rows; index++) {
    const level = reversed ? slots - 1 - index : index;
    if (level >= count) {
      // a spare line of the asks' last block
      shown.prices.push('');
      shown.qtys.push('');
      shown.sums.push('');
      shown.pct.push(0);
      shown.flash.push(false);
      continue;
    }
    const price = levels[level * 2] as number;
    const total = totals[level] as number;
    shown.prices.push(price.toFixed(priceDigits));
    shown.qtys.push((levels[level * 2 + 1] as number).toFixed(amountDigits));
    shown.sums.push(total.toFixed(amountDigits));
    shown.pct.push(barScale > 0 ? Math.min(1, total / barScale) : 0);
    shown.flash.push(tracker.changedAt(level));
  }
  return shown;
}

const ownLines = (prices: readonly string[], own: ReadonlySet<string>, mark: string) => prices.map((p) => (own.has(p) ? mark : ''));

/** The rows of the table read by assistive technology (RowsTable): price, amount, total, and the own-order mark when any. */
const tableRows = (shown: Shown, own: ReadonlySet<string>, mark: string) =>
  rowsOf(own.size > 0 ? [shown.prices, shown.qtys, shown.sums, ownLines(shown.prices, own, mark)] : [shown.prices, shown.qtys, shown.sums]);

/**
 * One side of the book, virtualised with fixed row heights. A canvas draws the visible levels: their lines of
 * price, amount and total, the depth bars, the flash of changed levels and the hovered row, in the tab's painter
 * worker (row-painter.ts). Three text columns (one text node each, a line per level) hold the same lines, transparent
 * at the same places, for assistive technology, find in page and copying; they are written when the list renders
 * and at most once a second between renders (in forced-colours mode they are the lines shown, written every tick).
 * With `live`, a tick does not render the list through React: `update` hands the lines to the painter (the
 * viewed tab's main-thread budget; bench/results/browser.md has the variants measured on the way).
 */
export const BookSideList = memo(function BookSideList(props: BookSideListProps) {
  const { side, priceDigits, amountDigits, reversed, resetKey, label, columns, onPick, own, ownLabel, ownMark, live } = props;
  // The latest tick's data: the props' when the parent rendered this list (new props), or what `update` was given since.
  const data = useTickData<BookSideData>(props);
  const count = data.current.levels.length / 2;
  // The asks list has room for a whole number of blocks of levels, the spare lines blank at its far end
  // (top). The best ask then stays on the last line while the level count moves by a few (it does on most
  // ticks): the list re-pins to the bottom only when a block is added or taken away, not on every tick.
  const slots = reversed ? Math.ceil(count / ASK_BLOCK) * ASK_BLOCK : count;
  const scrollRef = useRef<HTMLDivElement>(null);
  const hovered = useRef(-1);
  const ownCol = useRef<HTMLDivElement>(null);
  const priceCol = useRef<HTMLDivElement>(null);
  const qtyCol = useRef<HTMLDivElement>(null);
  const totalCol = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLDivElement>(null);
  // The app does not use the React Compiler; the virtualizer re-renders this component on scroll itself.
  const virtualizer = useVirtualizer({
    count: slots,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => BOOK_ROW_HEIGHT,
    overscan: 2,
    // Scroll renders are batched by React 19 instead of flushed synchronously on every scroll event.
    useFlushSync: false,
  });

  // The asks run best last, so their list is pinned to the bottom (the best ask next to the spread) until
  // the trader scrolls away from it, and pinned again when the pair or grouping changes. It stays pinned
  // when the number of levels changes (grouped books vary) or the list's height does.
  const pinned = useRef(true);
  const pinToBest = () => {
    const el = scrollRef.current;
    if (el && reversed && pinned.current) el.scrollTop = el.scrollHeight;
  };
  useLayoutEffect(() => {
    pinned.current = true;
  }, [resetKey]);
  // Only when the number of lines changes: reading scrollHeight lays out, which a tick must not force.
  useLayoutEffect(pinToBest, [resetKey, slots]); // eslint-disable-line react-hooks/exhaustive-deps
  // At the bottom or not, from the scroll position alone: the content height is the row count's and the
  // viewport's comes from the ResizeObserver, so a scroll event reads no layout.
  const viewport = useRef(0);
  const onScroll = () => {
    const el = scrollRef.current;
    // (Until the first observation the viewport is unknown: the pinning scroll itself must not unpin.)
    if (el && reversed && viewport.current > 0) pinned.current = el.scrollTop + viewport.current >= slots * BOOK_ROW_HEIGHT - BOOK_ROW_HEIGHT / 2;
  };

  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const rows = items.length;
  const lines = linesOf(data.current, first, rows, slots, reversed, priceDigits, amountDigits);
  // The rows this render lays out: a tick's `update` fills the same ones, even when a scroll has moved the
  // virtualizer's range and its render is still to come.
  const range = useRef({ first, rows });
  range.current = { first, rows };
  // The canvas is drawn after every render and update: it must not read the layout (clientWidth and the like
  // would force a synchronous layout of the freshly changed text). The width comes from a ResizeObserver, the
  // height from the row count.
  const width = useRef(0);
  const painted = usePaintedRows(
    {
      name: `book-${side}s`,
      palette: (colors, style, font) => ({ ...bookColours(side, colors, style), font, ownFont: listFont(style, OWN_MARK_SIZE) }),
      frame: ({ prices, qtys, sums, pct, flash }, paint, canvasText) => {
        const w = width.current;
        if (w === 0) return null;
        // The columns' edges as trading.css lays them out: three equal columns inside the window's side padding, the
        // price on its column's left edge, the amount and the total on their right edges, the own mark in the padding.
        const column = (w - 2 * ROW_PADDING) / 3;
        return {
          width: w,
          rows: pct.length,
          rowHeight: BOOK_ROW_HEIGHT,
          font: paint.font,
          bars: { pct, flash, hover: hovered.current, barColor: paint.bar, flashColor: paint.flash, hoverColor: paint.hover },
          columns: canvasText
            ? [
                { lines: prices, color: paint.price, align: 'left', x: ROW_PADDING },
                { lines: qtys, color: paint.text, align: 'right', x: ROW_PADDING + 2 * column },
                { lines: sums, color: paint.text, align: 'right', x: ROW_PADDING + 3 * column },
                ...(own.size > 0 ? [{ lines: ownLines(prices, own, ownMark), color: paint.own, align: 'left' as const, x: 0, font: paint.ownFont }] : []),
              ]
            : [],
        };
      },
      // The text columns: what the canvas draws (a transparent copy, written at most once a second between renders), or
      // where the canvas does not draw text, the lines shown, written on every tick.
      copy: (now) => {
        writeLines(priceCol.current, now.prices);
        writeLines(qtyCol.current, now.qtys);
        writeLines(totalCol.current, now.sums);
        if (own.size > 0) writeLines(ownCol.current, ownLines(now.prices, own, ownMark));
        writeRows(table.current, tableRows(now, own, ownMark));
      },
    },
    lines,
  );
  // What the lines show now (a tick's `update` changes it between renders): read by a click and the canvas.
  const { shown, canvasText, draw } = painted;
  useContentBox(scrollRef, (box) => {
    if (box.height !== viewport.current) {
      viewport.current = box.height;
      pinToBest();
    }
    if (box.width === width.current) return;
    width.current = box.width;
    draw();
  });

  // The first lines are drawn with this commit: their width is read once here (the virtualizer has just measured the
  // list, so the layout is fresh) rather than waiting for the ResizeObserver's first report, which comes only with the
  // next frame, after whatever else the page's first commit set off (the first book level, bench/results/browser.md).
  const measured = useRef(false);
  useLayoutEffect(() => {
    if (!measured.current && rows > 0 && width.current === 0 && scrollRef.current) {
      measured.current = true;
      width.current = scrollRef.current.clientWidth;
    }
    painted.show(lines);
  });

  // A tick between renders: the same rows and columns, new text and bars (row-painter.ts).
  useTickHandle(live, (next) => {
    data.current = next;
    painted.tick(linesOf(next, range.current.first, range.current.rows, slots, reversed, priceDigits, amountDigits));
  });

  const rowAt = (event: MouseEvent<HTMLDivElement>) => {
    const y = event.clientY - event.currentTarget.getBoundingClientRect().top;
    const i = Math.floor(y / BOOK_ROW_HEIGHT);
    return i >= 0 && i < rows ? i : -1;
  };
  const hover = (i: number) => {
    if (hovered.current === i) return;
    hovered.current = i;
    draw();
  };

  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      className="td-book-scroll"
      role="group"
      aria-label={label}
      // A scroll region a keyboard can reach and scroll with the arrow keys (WCAG 2.1.1; axe scrollable-region-focusable).
      tabIndex={0}
      data-testid={`book-${side}s`}
      data-count={count}
    >
      <div className="td-rows" style={{ height: virtualizer.getTotalSize(), paddingTop: first * BOOK_ROW_HEIGHT }}>
        {rows > 0 && (
          <div
            className={`td-rows-window td-rows-window--${side}${canvasText ? ' td-rows-window--drawn' : ''}`}
            style={{ height: rows * BOOK_ROW_HEIGHT }}
            data-first={first}
            onClick={(event) => {
              const i = rowAt(event);
              const price = i >= 0 ? shown.current.prices[i] : undefined;
              if (price) onPick(price, side);
            }}
            onMouseMove={(event) => hover(rowAt(event))}
            onMouseLeave={() => hover(-1)}
          >
            <canvas ref={painted.canvasRef} className="td-rows-canvas" aria-hidden="true" />
            {own.size > 0 && <TextColumn ref={ownCol} className="td-col-own" col="own" lines={ownLines(lines.prices, own, ownMark)} />}
            <TextColumn ref={priceCol} className="td-col td-book-price" col="price" lines={lines.prices} />
            <TextColumn ref={qtyCol} className="td-col td-book-num" col="qty" lines={lines.qtys} />
            <TextColumn ref={totalCol} className="td-col td-book-num" col="total" lines={lines.sums} />
            <RowsTable ref={table} label={label} headers={own.size > 0 ? [...columns, ownLabel] : columns} rows={tableRows(lines, own, ownMark)} testId={`book-${side}s-table`} />
          </div>
        )}
      </div>
    </div>
  );
}, sameList);

/** With `live`, a tick that keeps the number of levels does not render the list (the parent calls `update`). */
function sameList(a: BookSideListProps, b: BookSideListProps): boolean {
  if (!b.live) return false;
  for (const key of Object.keys(b) as Array<keyof BookSideListProps>) {
    if (key === 'levels' || key === 'totals' || key === 'barScale' || key === 'tracker') continue;
    if (a[key] !== b[key]) return false;
  }
  return a.levels.length === b.levels.length;
}
