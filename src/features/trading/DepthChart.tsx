import { useEffect, useRef } from 'react';
import { bookStore, marketBridge, type BookView } from '../../market/index.ts';
import { useTheme } from '../../lib/theme/index.ts';
import type { Pair } from '../market/index.ts';
import { chartColors, withAlpha } from '../../lib/chart/index.ts';
import { depthGeometry, type DepthGeometry } from './depth-path.ts';
import { BOOK_DEPTH } from './book-constants.ts';
import { liveContext } from './live-canvas.ts';

/**
 * Depth chart on a canvas. It reads the ungrouped 500-level book straight from the store and redraws
 * at most once per animation frame: no React render per tick.
 */
export function DepthChart({ pair }: { pair: Pair }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const theme = useTheme();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const { id, release } = marketBridge().acquire({ topic: 'book', market: pair.market, symbol: pair.symbol, depth: BOOK_DEPTH, group: 1 });
    const colors = chartColors(canvas);
    const geometry: DepthGeometry = { bids: [], asks: [], minPrice: 0, maxPrice: 0, maxTotal: 0 };
    let frame = 0;
    let drawn: BookView | undefined;

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
      const g = book?.synced ? depthGeometry(book.bids, book.asks, width, height - 18, geometry) : null;
      if (g === null) return;
      const paint = (points: number[], color: string) => {
        ctx.beginPath();
        ctx.moveTo(points[0] as number, points[1] as number);
        for (let i = 2; i < points.length; i += 2) ctx.lineTo(points[i] as number, points[i + 1] as number);
        ctx.strokeStyle = color;
        ctx.lineWidth = 1.5;
        ctx.stroke();
        ctx.lineTo(points[points.length - 2] as number, height - 18);
        ctx.lineTo(points[0] as number, height - 18);
        ctx.closePath();
        ctx.fillStyle = withAlpha(color, 0.18);
        ctx.fill();
      };
      paint(g.bids, colors.up);
      paint(g.asks, colors.down);
      ctx.fillStyle = colors.muted;
      ctx.font = '11px system-ui, sans-serif';
      ctx.textBaseline = 'bottom';
      ctx.textAlign = 'left';
      ctx.fillText(g.minPrice.toFixed(pair.pricePrecision), 4, height - 2);
      ctx.textAlign = 'right';
      ctx.fillText(g.maxPrice.toFixed(pair.pricePrecision), width - 4, height - 2);
      ctx.textAlign = 'center';
      ctx.fillText(((g.minPrice + g.maxPrice) / 2).toFixed(pair.pricePrecision), width / 2, height - 2);
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
  }, [pair.market, pair.symbol, pair.pricePrecision, theme]);

  return <canvas ref={canvasRef} className="td-depth-chart" data-testid="depth-chart" />;
}
