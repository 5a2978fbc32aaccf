import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { liveContext } from './live-canvas.ts';
import { paintRows, type RowFrame } from './row-paint.ts';
import type { PainterMessage } from './row-painter.worker.ts';

/**
 * Draws a live list's canvas (BookSideList, RecentTrades and the lightning ladder, through usePaintedRows in
 * painted-rows.ts): its bars and, unless the document must show the text itself, its lines of text.
 *
 * The main-thread budget (the viewed tab's main thread ≤ 5 %, bench/browser/run.ts): the book's and the trades' lines all change on every tick (the
 * ladder moves with the best price, and the newest trades push the rest down), and laying out and painting that
 * text was most of the trading tab's main-thread time. Where the browser can hand a canvas to a worker
 * (`transferControlToOffscreen`), the lines are drawn there, one worker per tab for all its lists; elsewhere on the
 * canvas in the page. The list keeps a copy of its lines in the document, transparent over the canvas and written at
 * most once a second (`COPY_MS`), for assistive technology, find in page and copying (bench/results/browser.md).
 *
 * In forced-colours mode (Windows high contrast) the browser recolours the document's text but not a canvas, so
 * there the document's lines are the ones shown, written on every tick as before, and the canvas draws the bars only
 * (`canvasDrawsText`, which the lists read when they render).
 */
export interface RowPainter {
  paint(frame: RowFrame): void;
  dispose(): void;
}

/** How often (at most) a list writes its document copy of the lines while its canvas draws them. */
export const COPY_MS = 1000;

let worker: Worker | null | undefined;
let nextId = 1;

/** The tab's painter worker, created on first use; null where workers or canvas transfer are unavailable. */
function painterWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker =
      typeof Worker === 'function' && typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function'
        ? new Worker(new URL('./row-painter.worker.ts', import.meta.url), { type: 'module', name: 'row-painter' })
        : null;
  } catch {
    // (a content security policy without worker-src, for one)
    worker = null;
  }
  return worker;
}

/**
 * Starts the tab's painter worker ahead of the first list (the trading page calls it while the book loads), so the
 * first lines are not held up by the worker's script.
 */
export function prepareRowPainter(): void {
  painterWorker();
}

/** Whether a list's canvas draws its text: not in forced-colours mode, where the document's text is recoloured. */
export const canvasDrawsText = (): boolean => !(typeof matchMedia === 'function' && matchMedia('(forced-colors: active)').matches);

/**
 * A painter for `canvas`, which it owns from now on: in worker mode the canvas is handed over, and its size is then
 * set only by the painter. `name` tells the worker's canvases apart in a profile.
 */
export function createRowPainter(canvas: HTMLCanvasElement, name: string): RowPainter {
  const target = painterWorker();
  // Where the canvas is drawn, for the developer tools and the end-to-end tests.
  canvas.dataset['painter'] = target ? 'worker' : 'page';
  if (target) {
    const id = nextId++;
    const offscreen = canvas.transferControlToOffscreen();
    const post = (message: PainterMessage, transfer: Transferable[] = []) => target.postMessage(message, transfer);
    post({ type: 'attach', id, name, canvas: offscreen }, [offscreen]);
    return {
      paint: (frame) => post({ type: 'paint', id, frame }),
      dispose: () => post({ type: 'detach', id }),
    };
  }
  return {
    paint: (frame) => {
      const ctx = liveContext(canvas);
      if (ctx) paintRows(canvas, ctx, frame);
    },
    dispose: () => undefined,
  };
}

const painters = new WeakMap<HTMLCanvasElement, { painter: RowPainter; release: ReturnType<typeof setTimeout> | undefined }>();

/**
 * The painter of a list's canvas element: created on first use, the same one after. A canvas can be handed to a
 * worker only once, so a list asks for its canvas's painter whenever it draws rather than keeping its own.
 */
export function rowPainterFor(canvas: HTMLCanvasElement, name: string): RowPainter {
  const held = painters.get(canvas);
  if (held) {
    clearTimeout(held.release);
    held.release = undefined;
    return held.painter;
  }
  const painter = createRowPainter(canvas, name);
  painters.set(canvas, { painter, release: undefined });
  return painter;
}

/**
 * The canvas left the document (its ref's cleanup): the painter lets go of it after this task, unless the same element
 * is drawn again first (a ref detached and attached again in one commit).
 */
export function releaseRowPainter(canvas: HTMLCanvasElement): void {
  const held = painters.get(canvas);
  if (!held || held.release !== undefined) return;
  held.release = setTimeout(() => {
    painters.delete(canvas);
    held.painter.dispose();
  }, 0);
}

/**
 * A list's canvas: the element (to draw on with `rowPainterFor`) and the callback ref to give it, which releases the
 * element's painter when React detaches it.
 */
export function usePaintedCanvas(): [element: RefObject<HTMLCanvasElement | null>, ref: (canvas: HTMLCanvasElement | null) => () => void] {
  const element = useRef<HTMLCanvasElement | null>(null);
  const ref = useCallback((canvas: HTMLCanvasElement | null) => {
    element.current = canvas;
    return () => {
      if (element.current === canvas) element.current = null;
      if (canvas) releaseRowPainter(canvas);
    };
  }, []);
  return [element, ref];
}

/**
 * A list's content box from a ResizeObserver on its scroller: the lists draw after every tick, so they take their
 * width from here rather than reading the layout (clientWidth would force a layout of freshly changed text).
 * `onBox` (the latest render's) gets each new box.
 */
export function useContentBox(target: RefObject<HTMLElement | null>, onBox: (box: DOMRectReadOnly) => void): void {
  const latest = useRef(onBox);
  useLayoutEffect(() => {
    latest.current = onBox;
  });
  useEffect(() => {
    const element = target.current;
    if (!element) return undefined;
    const observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.contentRect;
      if (box) latest.current(box);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
}

/** A list's font for its canvas (a CSS font shorthand), from the computed style of the element its lines sit in. */
export function listFont(style: CSSStyleDeclaration, size = style.fontSize): string {
  return `${style.fontStyle} ${style.fontWeight} ${size} ${style.fontFamily}`;
}
