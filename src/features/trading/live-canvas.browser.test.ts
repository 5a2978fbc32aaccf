import { afterEach, describe, expect, it } from 'vitest';
import { composedInSoftware, desynchronizeInSoftware, isSoftwareRenderer, liveContext } from './live-canvas.ts';

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
  it('tells software WebGL renderers from GPUs', () => {
    for (const name of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
    ])
      expect(isSoftwareRenderer(name), name).toBe(true);
    for (const name of [
      'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 (0x00002504) Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)',
      'ANGLE (Apple, ANGLE Metal Renderer: Apple M1, Unspecified Version)',
    ])
      expect(isSoftwareRenderer(name), name).toBe(false);
  });

  it('finds software compositing in the test browser (Chromium with --disable-gpu)', () => {
    expect(composedInSoftware()).toBe(true);
  });

  it('creates a desynchronized 2D context that later plain getContext calls share', () => {
    const [canvas] = canvases(1) as [HTMLCanvasElement];
    const ctx = liveContext(canvas);
    expect(ctx?.getContextAttributes().desynchronized).toBe(true);
    expect(canvas.getContext('2d')).toBe(ctx);
  });

  it('sets every canvas under a host before a library asks for their contexts, and cannot change one that has one', () => {
    const [early, ...rest] = canvases(3) as [HTMLCanvasElement, ...HTMLCanvasElement[]];
    early.getContext('2d');
    desynchronizeInSoftware(host as HTMLElement);
    expect(rest.map((c) => c.getContext('2d')?.getContextAttributes().desynchronized)).toEqual([true, true]);
    // The first getContext call fixes a canvas's settings: hence the call right after createChart.
    expect(early.getContext('2d')?.getContextAttributes().desynchronized).toBe(false);
  });
});
