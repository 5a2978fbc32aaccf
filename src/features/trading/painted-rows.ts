import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';
import { useTheme } from '../../lib/theme/index.ts';
import { chartColors, type ChartColors } from '../../lib/chart/index.ts';
import type { RowFrame } from './row-paint.ts';
import { canvasDrawsText, COPY_MS, listFont, rowPainterFor, usePaintedCanvas } from './row-painter.ts';
import { useTickCopy } from './TextColumn.tsx';

/** How a list's rows are drawn (usePaintedRows); the latest render's is used. */
export interface PaintedRowsSpec<Palette, Shown> {
  /** tells the painter worker's canvases apart in a profile */
  name: string;
  /**
   * The colours and fonts, read once per theme: getComputedStyle on every tick could force a style recalc. `style` is
   * the computed style of the element the rows sit in (the canvas's parent), `font` its font as a canvas font.
   */
  palette: (colors: ChartColors, style: CSSStyleDeclaration, font: string) => Palette;
  /** The frame that draws `shown`, or null while the list cannot draw yet (no width known). `canvasText`: whether the canvas draws the text. */
  frame: (shown: Shown, palette: Palette, canvasText: boolean) => Omit<RowFrame, 'ratio'> | null;
  /** Writes `shown`'s text into the document: the transparent copy, or in forced colours the text shown. */
  copy: (shown: Shown) => void;
}

export interface PaintedRows<Shown> {
  /** the callback ref for the list's `<canvas>` */
  canvasRef: (canvas: HTMLCanvasElement | null) => () => void;
  /** whether the canvas draws the text (not in forced colours): the document's text is then a transparent copy */
  canvasText: boolean;
  /** what the rows show now: set by a render (`show`) and by a tick between renders (`tick`); read by clicks */
  shown: RefObject<Shown>;
  /** draws `shown` again (a new width, a hovered row) */
  draw: () => void;
  /** what a render lays out: drawn at once (the render writes the document's text itself, or calls `copy`) */
  show: (next: Shown) => void;
  /** a tick between renders: drawn at once, the document's copy written at most once every COPY_MS (at once in forced colours) */
  tick: (next: Shown) => void;
  /** writes the document's text now */
  copy: () => void;
}

/**
 * A live list drawn by the tab's painter (row-painter.ts): the trading page's book sides and recent trades, and the
 * lightning ladder's sizes. It holds what each of them needs around `paintRows`: the canvas and its painter, the
 * palette read once per theme, what the rows show now, and the document's copy of their text (`useTickCopy`). The
 * list keeps its rows, their geometry and its figures; a tick never reads the layout here.
 */
export function usePaintedRows<Palette, Shown>(spec: PaintedRowsSpec<Palette, Shown>, initial: Shown): PaintedRows<Shown> {
  const [element, canvasRef] = usePaintedCanvas();
  const canvasText = canvasDrawsText();
  const theme = useTheme();
  const shown = useRef(initial);
  const latest = useRef({ spec, theme, canvasText });
  // Declared before the list's own layout effects, so a render's `show` draws with that render's spec.
  useLayoutEffect(() => {
    latest.current = { spec, theme, canvasText };
  });
  const palette = useRef<{ theme: string; value: Palette } | null>(null);

  const draw = useCallback(() => {
    const canvas = element.current;
    if (!canvas) return;
    const { spec: now, theme: current, canvasText: drawsText } = latest.current;
    if (palette.current?.theme !== current) {
      const style = getComputedStyle(canvas.parentElement ?? canvas);
      palette.current = { theme: current, value: now.palette(chartColors(canvas), style, listFont(style)) };
    }
    const frame = now.frame(shown.current, palette.current.value, drawsText);
    if (frame) rowPainterFor(canvas, now.name).paint({ ...frame, ratio: window.devicePixelRatio || 1 });
  }, [element]);
  const copy = useCallback(() => latest.current.spec.copy(shown.current), []);
  const copyTick = useTickCopy(canvasText, copy, COPY_MS);
  const show = useCallback(
    (next: Shown) => {
      shown.current = next;
      draw();
    },
    [draw],
  );
  const tick = useCallback(
    (next: Shown) => {
      show(next);
      copyTick();
    },
    [show, copyTick],
  );
  return { canvasRef, canvasText, shown, draw, show, tick, copy };
}
