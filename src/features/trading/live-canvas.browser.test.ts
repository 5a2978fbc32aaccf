import { afterEach, describe, expect, it } from 'vitest';
import { desynchronizeCanvases, liveContext } from './live-canvas.ts';

let host: HTMLElement | undefined;
afterEach(() => host?.remove());

function canvases(n: number): HTMLCanvasElement[] {
  host = document.createElement('div');
  const out = Array.from({ length: n }, () => document.createElement('canvas'));
  host.append(...out);
  document.body.append(host);
  return out;
}

describe('live canvases (issue 19)', () => {
  it('creates a desynchronized 2D context that later plain getContext calls share', () => {
    const [canvas] = canvases(1) as [HTMLCanvasElement];
    const ctx = liveContext(canvas);
    expect(ctx?.getContextAttributes().desynchronized).toBe(true);
    expect(canvas.getContext('2d')).toBe(ctx);
  });

  it("sets every canvas under a host before a library asks for their contexts, and cannot change one that has one", () => {
    const [early, ...rest] = canvases(3) as [HTMLCanvasElement, ...HTMLCanvasElement[]];
    early.getContext('2d');
    desynchronizeCanvases(host as HTMLElement);
    expect(rest.map((c) => c.getContext('2d')?.getContextAttributes().desynchronized)).toEqual([true, true]);
    // The first getContext call fixes a canvas's settings: hence the call right after createChart.
    expect(early.getContext('2d')?.getContextAttributes().desynchronized).toBe(false);
  });
});
