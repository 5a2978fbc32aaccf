import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { BookView } from '../../market/index.ts';
import type { Pair } from '../market/index.ts';
import { withAlpha } from '../../lib/chart/index.ts';
import { useContentBox, usePaintedRows, writeText } from '../trading/shared.ts';
import { fillRows, LADDER_ROWS, type LadderWindow } from './ladder.ts';

/** lightning.css: a row's height, a size's padding in its cell and the space above and below a size bar. */
const ROW_HEIGHT = 20;
const QTY_PADDING = 4;
const BAR_INSET = 2;

/** Fraction of a size bar, in whole percent (at least 1 % for any size, so a small one still shows a bar). */
const barPct = (qty: number, scale: number) => (scale > 0 && qty > 0 ? Math.max(1, Math.round((qty / scale) * 100)) : 0);

/** A size bar's full width: the fullest row rounded up to a power of two, so the scale (and every bar) changes seldom. */
function barScale(max: number): number {
  return max > 0 ? 2 ** Math.ceil(Math.log2(max)) : 0;
}

/** A size cell's text element and the text last written to it. */
interface CellView {
  qty: HTMLElement;
  text: string;
}

/** The size cells of the rendered rows, bids and asks by row (collected after every commit). */
interface LadderCells {
  bid: CellView[];
  ask: CellView[];
}

function collectCells(rows: HTMLElement | null): LadderCells {
  const cells: LadderCells = { bid: [], ask: [] };
  if (!rows) return cells;
  for (const row of rows.querySelectorAll('.td-ld-row')) {
    const bid = row.querySelector<HTMLElement>('.td-ld-cell--bid .td-ld-qty');
    const ask = row.querySelector<HTMLElement>('.td-ld-cell--ask .td-ld-qty');
    if (bid && ask) {
      // A text no figure has: the first write fills every cell.
      cells.bid.push({ qty: bid, text: '\u0000' });
      cells.ask.push({ qty: ask, text: '\u0000' });
    }
  }
  return cells;
}

function writeCell(cell: CellView | undefined, text: string): void {
  if (!cell || text === cell.text) return;
  writeText(cell.qty, text);
  cell.text = text;
}

/** What the canvas draws: each row's sizes as text and as a share of the bars' width. */
interface LadderFigures {
  bidQty: string[];
  askQty: string[];
  bidBar: number[];
  askBar: number[];
}

/** Where the size columns lie on the canvas (CSS pixels), read from the first row when the ladder's box changes. */
interface LadderGeometry {
  width: number;
  bidX: number;
  bidWidth: number;
  askX: number;
  askWidth: number;
}

export interface LadderCanvasInput {
  /** the rows' container: the canvas's parent, holding the rows React renders */
  rows: RefObject<HTMLDivElement | null>;
  pair: Pair;
  /** the rows' window (null until the first price) and their prices, a new array when they change */
  window: LadderWindow | null;
  prices: readonly string[];
  /** the book this render has */
  book: BookView | undefined;
  /** set after every commit to what a book update between renders does (given to useOrderBookTicks by the ladder) */
  onTick: RefObject<(book: BookView | undefined) => void>;
}

/**
 * The ladder's sizes and their bars (bench/results/browser.md "Trading page and lightning ladder", the lightning tab's
 * main thread): drawn on the ladder's canvas, under the rows, by the tab's painter (usePaintedRows, as the trading
 * page's book), on every book update and without a React render. The size cells of the rows keep a transparent copy of
 * the sizes at the same places (each buy or sell button's name ends with its size, WCAG 2.5.3), written at most once
 * every COPY_MS and at once when the rows get new prices; in forced colours the cells show the sizes, written on every
 * update, and the canvas draws the bars only. Returns the callback ref for the canvas and whether it draws the sizes.
 */
export function useLadderCanvas({ rows, pair, window: w, prices, book, onTick }: LadderCanvasInput): { canvasRef: (canvas: HTMLCanvasElement | null) => () => void; canvasText: boolean } {
  // Reused across updates (CONVENTIONS.md "Hot paths").
  const [bidRows] = useState(() => new Float64Array(LADDER_ROWS));
  const [askRows] = useState(() => new Float64Array(LADDER_ROWS));
  const cells = useRef<LadderCells>({ bid: [], ask: [] });
  const geometry = useRef<LadderGeometry | null>(null);
  const painted = usePaintedRows<{ text: string; bid: string; ask: string; font: string }, LadderFigures>(
    {
      name: 'ladder',
      palette: (colors, _style, font) => ({ text: colors.text, bid: withAlpha(colors.up, 0.3), ask: withAlpha(colors.down, 0.3), font }),
      frame: (f, { text, bid, ask, font }, canvasText) => {
        const g = geometry.current;
        if (!g || !w) return null;
        return {
          width: g.width,
          rows: w.rows,
          rowHeight: ROW_HEIGHT,
          font,
          bars: [
            { pct: f.bidBar, barColor: bid, x: g.bidX, width: g.bidWidth, from: 'right', inset: BAR_INSET },
            { pct: f.askBar, barColor: ask, x: g.askX, width: g.askWidth, from: 'left', inset: BAR_INSET },
          ],
          columns: canvasText
            ? [
                { lines: f.bidQty, color: text, align: 'right', x: g.bidX + g.bidWidth - QTY_PADDING },
                { lines: f.askQty, color: text, align: 'left', x: g.askX + QTY_PADDING },
              ]
            : [],
        };
      },
      copy: (f) => {
        const { bid, ask } = cells.current;
        for (let i = 0; i < bid.length; i++) {
          writeCell(bid[i], f.bidQty[i] ?? '');
          writeCell(ask[i], f.askQty[i] ?? '');
        }
      },
    },
    { bidQty: [], askQty: [], bidBar: [], askBar: [] },
  );

  /** The sizes of `b` on this commit's rows. */
  const figures = (b: BookView | undefined): LadderFigures | null => {
    if (!w) return null;
    const scale = barScale(Math.max(fillRows(w, b?.bids, 'bid', bidRows), fillRows(w, b?.asks, 'ask', askRows)));
    const digits = pair.amountPrecision;
    const f: LadderFigures = { bidQty: [], askQty: [], bidBar: [], askBar: [] };
    for (let i = 0; i < w.rows; i++) {
      const bq = bidRows[i] as number;
      const aq = askRows[i] as number;
      f.bidQty.push(bq > 0 ? bq.toFixed(digits) : '');
      f.askQty.push(aq > 0 ? aq.toFixed(digits) : '');
      f.bidBar.push(barPct(bq, scale) / 100);
      f.askBar.push(barPct(aq, scale) / 100);
    }
    return f;
  };

  // The size columns' places, from the first row, whenever the ladder's box changes (its rows appear, the window
  // is resized): a ResizeObserver, so an update never reads the layout.
  useContentBox(rows, (box) => {
    const container = rows.current;
    const first = container?.querySelector('.td-ld-row');
    const bidCell = first?.querySelector('.td-ld-cell--bid')?.getBoundingClientRect();
    const askCell = first?.querySelector('.td-ld-cell--ask')?.getBoundingClientRect();
    if (!container || !bidCell || !askCell) return;
    const left = container.getBoundingClientRect().left;
    geometry.current = { width: box.width, bidX: bidCell.left - left, bidWidth: bidCell.width, askX: askCell.left - left, askWidth: askCell.width };
    painted.draw();
  });

  // After every commit: the rows React rendered are collected again and drawn with the book this render had; updates
  // after it go through `onTick`. The copy is written at once when the rows have new prices (a recentre, a new pair
  // or step); a render for a best level's move (several times a second) copies as an update does.
  const copiedRows = useRef<readonly string[]>([]);
  useLayoutEffect(() => {
    cells.current = collectCells(rows.current);
    onTick.current = (next) => {
      const f = figures(next);
      if (f) painted.tick(f);
    };
    const f = figures(book);
    if (!f) return;
    if (copiedRows.current === prices) painted.tick(f);
    else {
      copiedRows.current = prices;
      painted.show(f);
      painted.copy();
    }
  });
  return { canvasRef: painted.canvasRef, canvasText: painted.canvasText };
}
