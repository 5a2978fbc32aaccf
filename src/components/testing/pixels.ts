// Test helper for browser tests: the pixels the browser shows for an element, read from a screenshot. A canvas handed
// to a worker (transferControlToOffscreen) cannot be read back from the page, so what it shows is read this way.
import { page } from 'vitest/browser';

export interface Shot {
  /** the RGB of the pixel at CSS (x, y) from the element's top left */
  rgb(x: number, y: number): [number, number, number];
  /** whether the pixel at CSS (x, y) differs from `background` by more than `tolerance` in a channel */
  inked(x: number, y: number, background: readonly [number, number, number], tolerance?: number): boolean;
}

/** A screenshot of `element` as it is on screen now (decoded in the page). */
export async function shoot(element: Element): Promise<Shot> {
  const base64 = await page.screenshot({ element, save: false });
  const blob = await (await fetch(`data:image/png;base64,${base64}`)).blob();
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
  ctx.drawImage(bitmap, 0, 0);
  const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
  const ratio = bitmap.width / element.getBoundingClientRect().width;
  const rgb = (x: number, y: number): [number, number, number] => {
    const i = (Math.floor(y * ratio) * bitmap.width + Math.floor(x * ratio)) * 4;
    return [data[i] as number, data[i + 1] as number, data[i + 2] as number];
  };
  return {
    rgb,
    inked: (x, y, background, tolerance = 8) => rgb(x, y).some((v, c) => Math.abs(v - (background[c] as number)) > tolerance),
  };
}

/** A CSS colour (as getComputedStyle gives it, `rgb(…)`) as RGB. */
export function rgbOf(color: string): [number, number, number] {
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return [r, g, b];
}

/** The RGB of a theme colour (a `#rrggbb` custom property on the document, e.g. `--td-up`) in the current theme. */
export function themeRgb(name: string): [number, number, number] {
  const hex = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
