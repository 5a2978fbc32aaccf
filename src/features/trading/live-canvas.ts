/**
 * 2D contexts for the trading page's canvases: the book's depth bars, the depth chart, and the candle chart's
 * panes and scales (issue 19, main-thread budget of the viewed tab).
 *
 * A canvas drawn through the page's own frames hands the compositor a fresh copy of its pixels on every frame
 * the page produces, whether it was drawn since or not. The trading page produces a frame for every book and
 * trades update (10 a second), and the candle chart's seven canvases change only when a candle does (every
 * 2 s on spot). Measured in Chromium with software compositing (bench/results/browser.md, 2026-11-27): each
 * 700 × 300 canvas that was never redrawn added 0.1–0.2 % of a core to the main thread at 10 frames a second.
 *
 * A desynchronized canvas submits a frame of its own when it is drawn, and nothing when it is not. What it
 * gives up: its pixels may reach the screen a frame apart from the page's text (16 ms), which the book's bars
 * and the chart can afford. Browsers without the setting ignore it.
 */
export const LIVE_CANVAS: CanvasRenderingContext2DSettings = { desynchronized: true };

/** The canvas's 2D context, created desynchronized when this is the first call for it. */
export function liveContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D | null {
  return canvas.getContext('2d', LIVE_CANVAS);
}

/**
 * Creates the 2D context of every canvas under `host`, desynchronized. For a library's canvases
 * (lightweight-charts creates its own, and asks for their contexts only when it first draws): the first
 * `getContext` call for a canvas fixes its settings, and later calls get the same context.
 */
export function desynchronizeCanvases(host: ParentNode): void {
  for (const canvas of host.querySelectorAll('canvas')) liveContext(canvas);
}
