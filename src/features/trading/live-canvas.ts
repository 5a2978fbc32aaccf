/**
 * 2D contexts for the trading page's canvases: the book's depth bars, the depth chart, and the candle chart's panes
 * and scales (main-thread budget of the viewed tab, bench/browser/profile.ts).
 *
 * Where the browser composites in software (no GPU, or a blocklisted one: remote desktops and virtual machines
 * often are), a canvas drawn through the page's frames hands the compositor a fresh copy of its pixels on every
 * frame the page produces, whether it was drawn since or not. The trading page produces a frame for every book and
 * trades update (10 a second), and the candle chart's seven canvases change only when a candle does (every 2 s on
 * spot). Measured in Chromium with software compositing (bench/results/browser.md, 2026-11-27): each 700 × 300
 * canvas that was never redrawn added 0.1–0.2 % of a core to the main thread at 10 frames a second.
 *
 * There the canvases are desynchronized: such a canvas submits a frame of its own when it is drawn, and nothing when
 * it is not. Its pixels may reach the screen a frame apart from the page's text (16 ms), which the book's bars and
 * the chart can afford. With GPU compositing a frame hands the canvas over without a copy, and a desynchronized
 * canvas may be drawn straight to the screen's buffer (tearing, and the book draws over a cleared canvas), so there
 * the canvases stay as they are. Browsers without the setting ignore it.
 */
const LIVE_CANVAS: CanvasRenderingContext2DSettings = { desynchronized: true };

let software: boolean | undefined;

/** A WebGL renderer that draws on the CPU: SwiftShader (Chromium without a GPU), Mesa's llvmpipe, Windows' basic driver. */
export function isSoftwareRenderer(renderer: string): boolean {
  return /swiftshader|llvmpipe|softpipe|software|basic render driver/i.test(renderer);
}

/**
 * Whether this browser draws without a GPU, judged once per tab: no WebGL at all, or WebGL on a software renderer.
 * Chromium composites in software in the same cases. The probe's WebGL context costs 7–20 ms once (headless
 * Chromium here), and is given up at once.
 */
export function composedInSoftware(): boolean {
  if (software === undefined) {
    const gl = document.createElement('canvas').getContext('webgl');
    if (gl === null) software = true;
    else {
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      software = isSoftwareRenderer(String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)));
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
  }
  return software;
}

/** The canvas's 2D context; created desynchronized under software compositing, when this is the first call for it. */
export function liveContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D | null {
  return composedInSoftware() ? canvas.getContext('2d', LIVE_CANVAS) : canvas.getContext('2d');
}

/**
 * Under software compositing, creates the 2D context of every canvas under `host` desynchronized, as `liveContext`
 * does; with a GPU it does nothing and leaves each context to its owner. For a library's canvases
 * (lightweight-charts creates its own, and asks for their contexts only when it first draws): the first
 * `getContext` call for a canvas fixes its settings, and later calls get the same context.
 */
export function desynchronizeInSoftware(host: ParentNode): void {
  if (!composedInSoftware()) return;
  for (const canvas of host.querySelectorAll('canvas')) liveContext(canvas);
}
