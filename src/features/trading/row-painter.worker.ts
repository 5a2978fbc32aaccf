/// <reference lib="webworker" />
/**
 * The list painter (row-painter.ts): draws the trading page's live lists on canvases the page handed over
 * (`transferControlToOffscreen`), so their text costs the page's main thread nothing (the viewed tab's
 * main-thread budget). One such worker per tab, for every list of the page.
 */
import { paintRows, type RowFrame } from './row-paint.ts';

/** What the page sends (row-painter.ts). */
export type PainterMessage =
  | { type: 'attach'; id: number; name: string; canvas: OffscreenCanvas }
  | { type: 'paint'; id: number; frame: RowFrame }
  | { type: 'detach'; id: number };

/**
 * The worker's first text drawn costs far more than the rest (the canvas's and the fonts' set-up in this thread: about
 * 140 ms of the first book level at load 3, bench/results/browser.md "Cold start"). The worker starts while the page
 * loads (early-market.ts), so it pays that here, on a canvas of its own, before the lists hand theirs over.
 */
function warmUp(): void {
  if (typeof OffscreenCanvas !== 'function') return;
  const ctx = new OffscreenCanvas(64, 16).getContext('2d');
  if (!ctx) return;
  ctx.font = '12px system-ui, sans-serif';
  ctx.fillStyle = '#888';
  ctx.fillRect(0, 0, 64, 16);
  ctx.fillText('0.1234567890', 0, 12);
}
warmUp();

const canvases = new Map<number, { canvas: OffscreenCanvas; ctx: OffscreenCanvasRenderingContext2D }>();

self.onmessage = (event: MessageEvent<PainterMessage>) => {
  const message = event.data;
  if (message.type === 'attach') {
    const ctx = message.canvas.getContext('2d');
    if (ctx) canvases.set(message.id, { canvas: message.canvas, ctx });
  } else if (message.type === 'detach') {
    canvases.delete(message.id);
  } else {
    const target = canvases.get(message.id);
    if (target) paintRows(target.canvas, target.ctx, message.frame);
  }
};
