import { describe, expect, it } from 'vitest';
import { paintRows, type RowFrame } from './row-paint.ts';

const frame = (over: Partial<RowFrame> = {}): RowFrame => ({
  width: 300,
  rows: 4,
  rowHeight: 20,
  ratio: 2,
  font: '400 12px sans-serif',
  columns: [],
  ...over,
});

/** A new canvas with `frame(over)` painted on it. */
function painted(over: Partial<RowFrame>): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  paintRows(canvas, canvas.getContext('2d') as CanvasRenderingContext2D, frame(over));
  return canvas;
}

/** Alpha of the pixel at CSS (x, y). */
function alpha(canvas: HTMLCanvasElement, x: number, y: number, ratio = 2): number {
  return canvas.getContext('2d')?.getImageData(Math.floor(x * ratio), Math.floor(y * ratio), 1, 1).data[3] ?? 0;
}

/** Whether any pixel of the CSS box (x0, y0)–(x1, y1) is drawn. */
function inkIn(canvas: HTMLCanvasElement, x0: number, y0: number, x1: number, y1: number, ratio = 2): boolean {
  const data = canvas.getContext('2d')?.getImageData(x0 * ratio, y0 * ratio, (x1 - x0) * ratio, (y1 - y0) * ratio).data ?? [];
  for (let i = 3; i < data.length; i += 4) if ((data[i] as number) > 0) return true;
  return false;
}

describe('paintRows', () => {
  it('sizes the canvas to the rows in device pixels, and clears what was drawn before', () => {
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    paintRows(canvas, ctx, frame({ bars: { pct: [1, 1, 1, 1], flash: [], hover: -1, barColor: '#0f0', flashColor: '#f00', hoverColor: '#00f' } }));
    expect([canvas.width, canvas.height]).toEqual([600, 160]);
    expect(alpha(canvas, 150, 70)).toBe(255);
    paintRows(canvas, ctx, frame({ rows: 4 }));
    expect(alpha(canvas, 150, 70)).toBe(0);
  });

  it('draws each bar from the right in its share of the width, and the flash and the hovered row across it', () => {
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    paintRows(canvas, ctx, frame({ bars: { pct: [0.1, 0.5, 0, 0], flash: [false, false, true, false], hover: 3, barColor: '#0f0', flashColor: '#f00', hoverColor: '#00f' } }));
    expect(alpha(canvas, 295, 10)).toBe(255); // row 0: the last 30 px
    expect(alpha(canvas, 265, 10)).toBe(0);
    expect(alpha(canvas, 155, 30)).toBe(255); // row 1: the right half
    expect(alpha(canvas, 145, 30)).toBe(0);
    const red = canvas.getContext('2d')?.getImageData(10, 100, 1, 1).data; // row 2 flashes, whole width
    expect([red?.[0], red?.[1], red?.[2]]).toEqual([255, 0, 0]);
    const blue = canvas.getContext('2d')?.getImageData(10, 140, 1, 1).data; // row 3 is hovered
    expect([blue?.[0], blue?.[1], blue?.[2]]).toEqual([0, 0, 255]);
  });

  it('draws sets of bars side by side, each in its own span, from its edge, inset from the rows (the ladder)', () => {
    const canvas = painted({
      bars: [
        { pct: [0.5, 0, 0, 0], barColor: '#0f0', x: 20, width: 100, from: 'right', inset: 2 },
        { pct: [0, 0.25, 0, 0], barColor: '#f00', x: 180, width: 100, from: 'left', inset: 2 },
      ],
    });
    // Row 0, the first set: 50 of its 100 px, from its right edge (120) to 70; nothing beyond its span.
    expect(alpha(canvas, 118, 10)).toBe(255);
    expect(alpha(canvas, 72, 10)).toBe(255);
    expect(alpha(canvas, 68, 10)).toBe(0);
    expect(alpha(canvas, 122, 10)).toBe(0);
    // inset: 2 px above and below the bar are left clear
    expect(alpha(canvas, 100, 1)).toBe(0);
    expect(alpha(canvas, 100, 3)).toBe(255);
    expect(alpha(canvas, 100, 19)).toBe(0);
    // Row 1, the second set: 25 px from its left edge (180).
    expect(alpha(canvas, 182, 30)).toBe(255);
    expect(alpha(canvas, 203, 30)).toBe(255);
    expect(alpha(canvas, 207, 30)).toBe(0);
    expect(alpha(canvas, 178, 30)).toBe(0);
    expect(inkIn(canvas, 0, 40, 300, 80)).toBe(false); // rows 2 and 3: no bar
  });

  it('draws each column of text on its row, from its left edge or up to its right edge, and skips empty lines', () => {
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    paintRows(
      canvas,
      ctx,
      frame({
        columns: [
          { lines: ['100.00', '', '99.00', ''], color: '#000', align: 'left', x: 10 },
          { lines: ['', '', '', '1.000'], color: '#000', align: 'right', x: 290 },
        ],
      }),
    );
    expect(inkIn(canvas, 10, 0, 60, 20)).toBe(true); // "100.00" from x = 10
    expect(inkIn(canvas, 0, 0, 9, 20)).toBe(false);
    expect(inkIn(canvas, 10, 20, 290, 40)).toBe(false); // row 1: both lines empty
    expect(inkIn(canvas, 10, 40, 60, 60)).toBe(true);
    expect(inkIn(canvas, 250, 60, 290, 80)).toBe(true); // "1.000" ends at x = 290
    expect(inkIn(canvas, 291, 60, 300, 80)).toBe(false);
    expect(inkIn(canvas, 250, 0, 300, 60)).toBe(false);
  });
});
