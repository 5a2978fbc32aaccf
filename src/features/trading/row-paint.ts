/**
 * What a live list draws on its canvas each tick (the trading page's book sides and recent trades, the lightning
 * ladder's sizes), and the drawing itself. The same function draws in the list painter's worker
 * (row-painter.worker.ts) and, where a browser cannot hand a canvas to a worker, on the page's main thread
 * (row-painter.ts).
 */

/** A column of text: one line per visible row, top to bottom (an empty line draws nothing). */
export interface RowColumn {
  lines: readonly string[];
  color: string;
  align: 'left' | 'right';
  /** the x of the lines' left edge (`left`) or right edge (`right`), in CSS pixels */
  x: number;
  /** the column's own font, if not the frame's */
  font?: string;
}

/** The depth bars, the flash of changed levels and the hovered row (the book's sides). */
export interface RowBars {
  /** each row's bar as a share of the bars' width */
  pct: readonly number[];
  flash?: readonly boolean[];
  /** the hovered row, or -1 */
  hover?: number;
  barColor: string;
  flashColor?: string;
  hoverColor?: string;
  /** where the bars lie across the canvas (CSS pixels): by default its whole width */
  x?: number;
  width?: number;
  /** the edge a bar grows from: by default the right */
  from?: 'left' | 'right';
  /** space left above and below each bar, in CSS pixels (default 0) */
  inset?: number;
}

export interface RowFrame {
  /** the canvas's size in CSS pixels: `width` × `rows` × `rowHeight` */
  width: number;
  rows: number;
  rowHeight: number;
  /** device pixels per CSS pixel */
  ratio: number;
  /** a CSS font shorthand (the list's computed font) */
  font: string;
  /** one set of bars, or several side by side (the ladder's bids and asks) */
  bars?: RowBars | readonly RowBars[];
  /** text columns, drawn after the bars; none where the list's text is in the document instead */
  columns: readonly RowColumn[];
}

/** The 2D context calls paintRows makes: the page's and a worker's canvases both have them. */
type RowContext = Pick<
  CanvasRenderingContext2D,
  'setTransform' | 'clearRect' | 'fillRect' | 'fillText' | 'fillStyle' | 'font' | 'textAlign' | 'textBaseline'
>;

/** Sizes the canvas to the frame (device pixels) and draws it. */
export function paintRows(canvas: { width: number; height: number }, ctx: RowContext, frame: RowFrame): void {
  const { width, rows, rowHeight, ratio, bars, columns } = frame;
  const height = rows * rowHeight;
  const deviceWidth = Math.round(width * ratio);
  const deviceHeight = Math.round(height * ratio);
  // Setting a size clears the canvas and resets its state, even to the same value: only on a change.
  if (canvas.width !== deviceWidth || canvas.height !== deviceHeight) {
    canvas.width = deviceWidth;
    canvas.height = deviceHeight;
  }
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  for (const set of bars === undefined ? [] : Array.isArray(bars) ? (bars as readonly RowBars[]) : [bars as RowBars]) {
    const { pct, flash, hover = -1, x = 0, width: span = width, from = 'right', inset = 0 } = set;
    for (let i = 0; i < pct.length; i++) {
      const y = i * rowHeight;
      if (i === hover || flash?.[i]) {
        ctx.fillStyle = (i === hover ? set.hoverColor : set.flashColor) ?? set.barColor;
        ctx.fillRect(x, y, span, rowHeight);
      }
      const bar = Math.round((pct[i] as number) * span);
      if (bar > 0) {
        ctx.fillStyle = set.barColor;
        ctx.fillRect(from === 'right' ? x + span - bar : x, y + inset, bar, rowHeight - 2 * inset);
      }
    }
  }
  if (columns.length === 0) return;
  ctx.textBaseline = 'middle';
  for (const column of columns) {
    ctx.font = column.font ?? frame.font;
    ctx.fillStyle = column.color;
    ctx.textAlign = column.align;
    const { lines, x } = column;
    for (let i = 0; i < lines.length; i++) {
      const text = lines[i] as string;
      if (text !== '') ctx.fillText(text, x, i * rowHeight + rowHeight / 2);
    }
  }
}
