import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { bookStore, marketBridge, type BookView } from '../../market/index.ts';
import { useTheme } from '../../lib/theme/index.ts';
import type { Pair } from '../market/index.ts';
import { chartColors, withAlpha } from '../../lib/chart/index.ts';
import { formatAmount, formatPrice } from '../../lib/format/index.ts';
import { depthAxisTicks, depthGeometry, depthY, type DepthGeometry } from './depth-path.ts';
import { BOOK_DEPTH } from './book-constants.ts';
import { liveContext } from './live-canvas.ts';

/** The X axis' strip at the bottom and the Y axis' gap between its labels and the chart (CSS pixels). */
const X_AXIS_HEIGHT = 18;
const Y_AXIS_PAD = 6;

/**
 * Depth chart on a canvas. It reads the ungrouped 500-level book straight from the store and redraws
 * at most once per animation frame: no React render per tick. Prices along the bottom; on the right a Y axis of the
 * cumulative amount in the base asset (its marks also in `data-y-axis`, for tests and assistive checks).
 */
export function DepthChart({ pair }: { pair: Pair }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const theme = useTheme();
  const { t } = useTranslation('trading');

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const { id, release } = marketBridge().acquire({ topic: 'book', market: pair.market, symbol: pair.symbol, depth: BOOK_DEPTH, group: 1 });
    const colors = chartColors(canvas);
    const geometry: DepthGeometry = { bids: [], asks: [], minPrice: 0, maxPrice: 0, maxTotal: 0 };
    let frame = 0;
    let drawn: BookView | undefined;
    let axisWidth = 0;

    const draw = () => {
      frame = 0;
      const book = bookStore.getState().books[id];
      const ctx = liveContext(canvas);
      if (!ctx) return;
      const ratio = window.devicePixelRatio || 1;
      const width = canvas.clientWidth;
      const height = canvas.clientHeight;
      if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
        canvas.width = Math.round(width * ratio);
        canvas.height = Math.round(height * ratio);
      }
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.clearRect(0, 0, width, height);
      drawn = book;
      const plotHeight = height - X_AXIS_HEIGHT;
      if (!book?.synced) {
        setAxis(canvas, '');
        return;
      }
      // The Y axis' width depends on its labels, which depend on the depth: drawn at the last frame's width, and
      // once more in the rare frame where the widest label changes it.
      let g = depthGeometry(book.bids, book.asks, width - axisWidth, plotHeight, geometry);
      if (g === null) {
        setAxis(canvas, '');
        return;
      }
      ctx.font = '11px system-ui, sans-serif';
      const ticks = depthAxisTicks(g.maxTotal);
      const labels = ticks.values.map((v) => formatAmount(v, ticks.decimals));
      const measured = Math.ceil(Math.max(0, ...labels.map((l) => ctx.measureText(l).width))) + Y_AXIS_PAD * 2;
      if (measured !== axisWidth) {
        axisWidth = measured;
        g = depthGeometry(book.bids, book.asks, width - axisWidth, plotHeight, geometry);
        if (g === null) return;
      }
      const plotWidth = width - axisWidth;
      // Grid lines at the marks, under the depth.
      ctx.strokeStyle = colors.border;
      ctx.lineWidth = 1;
      for (const v of ticks.values) {
        const y = Math.round(depthY(v, g.maxTotal, plotHeight)) + 0.5;
        ctx.beginPath();
        ctx.moveTo(0, y);
        ctx.lineTo(plotWidth, y);
        ctx.stroke();
      }
      const paint = (points: number[], color: string) => {
        ctx.beginPath();
        ctx.moveTo(points[0] as number, points[1] as number);
        for (let i = 2; i < points.length; i += 2) ctx.lineTo(points[i] as number, points[i + 1] as number);
        ctx.strokeStyle = color;
        ctx.lineWidth = 1.5;
        ctx.stroke();
        ctx.lineTo(points[points.length - 2] as number, plotHeight);
        ctx.lineTo(points[0] as number, plotHeight);
        ctx.closePath();
        ctx.fillStyle = withAlpha(color, 0.18);
        ctx.fill();
      };
      paint(g.bids, colors.up);
      paint(g.asks, colors.down);
      ctx.fillStyle = colors.muted;
      ctx.textBaseline = 'middle';
      ctx.textAlign = 'right';
      const maxTotal = g.maxTotal;
      ticks.values.forEach((v, i) => ctx.fillText(labels[i] as string, width - Y_AXIS_PAD, Math.max(6, depthY(v, maxTotal, plotHeight))));
      ctx.textBaseline = 'bottom';
      ctx.textAlign = 'left';
      ctx.fillText(formatPrice(g.minPrice, pair.tickSize), 4, height - 2);
      ctx.textAlign = 'right';
      ctx.fillText(formatPrice(g.maxPrice, pair.tickSize), plotWidth - 4, height - 2);
      ctx.textAlign = 'center';
      ctx.fillText(formatPrice((g.minPrice + g.maxPrice) / 2, pair.tickSize), plotWidth / 2, height - 2);
      setAxis(canvas, labels.join('|'));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(draw);
    };
    const unsubscribe = bookStore.subscribe((s) => {
      if (s.books[id] !== drawn) schedule();
    });
    const resize = new ResizeObserver(schedule);
    resize.observe(canvas);
    schedule();
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      unsubscribe();
      resize.disconnect();
      release();
    };
  }, [pair.market, pair.symbol, pair.tickSize, theme]);

  // The chart's text alternative (WCAG 1.1.1): what it charts; the levels are read in the book's tables (RowsTable).
  return <canvas ref={canvasRef} className="td-depth-chart" role="img" aria-label={t('chart.depthAlt', { pair: pair.listInstrumentId })} data-testid="depth-chart" />;
}

/** The Y axis' marks on the canvas element, written only when they change (most ticks keep them). */
function setAxis(canvas: HTMLCanvasElement, marks: string): void {
  if (canvas.dataset['yAxis'] !== marks) canvas.dataset['yAxis'] = marks;
}
