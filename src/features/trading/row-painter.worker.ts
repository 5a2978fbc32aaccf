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
