import { useLayoutEffect, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from '../../components/testing/act-environment.ts';
import { shoot, themeRgb } from '../../components/testing/pixels.ts';
import { applyTheme, setTheme } from '../../lib/theme/index.ts';
import '../../styles/theme.css';
import { usePaintedRows, type PaintedRows } from './painted-rows.ts';
import { COPY_MS } from './row-painter.ts';

/** What the probe's rows show: a bar across row 0 or not, and a line of text for the copy. */
interface Shown {
  bar: boolean;
  text: string;
}

const WIDTH = 200;
const calls = { palette: 0, copies: [] as string[] };
let handle: PaintedRows<Shown> | null = null;

/** A list of two rows drawn through usePaintedRows: row 0's bar in the theme's up colour. */
function Probe({ first }: { first: Shown }) {
  const copy = useRef<HTMLDivElement>(null);
  const painted = usePaintedRows<{ up: string; font: string }, Shown>(
    {
      name: 'probe',
      palette: (colors, _style, font) => {
        calls.palette++;
        return { up: colors.up, font };
      },
      frame: (shown, palette) => ({ width: WIDTH, rows: 2, rowHeight: 20, font: palette.font, bars: { pct: [shown.bar ? 1 : 0, 0], barColor: palette.up }, columns: [] }),
      copy: (shown) => {
        calls.copies.push(shown.text);
        if (copy.current) copy.current.textContent = shown.text;
      },
    },
    first,
  );
  const { canvasRef } = painted;
  useLayoutEffect(() => {
    handle = painted;
    painted.show(first);
  });
  return (
    <div style={{ position: 'relative', width: WIDTH, height: 40 }}>
      <canvas ref={canvasRef} data-testid="probe-canvas" style={{ position: 'absolute', inset: 0, width: WIDTH, height: 40 }} />
      <div ref={copy} data-testid="probe-copy" />
    </div>
  );
}

const near = (a: readonly number[], b: readonly number[]) => a.every((v, i) => Math.abs(v - (b[i] as number)) <= 2);

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  setTheme('dark');
  calls.palette = 0;
  calls.copies = [];
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  setTheme('dark');
  applyTheme();
});

const canvas = () => host.querySelector('[data-testid="probe-canvas"]') as HTMLCanvasElement;

describe('usePaintedRows', () => {
  it('reads the palette once per theme: ticks reuse it, a new theme draws in its colours', async () => {
    act(() => root.render(<Probe first={{ bar: true, text: 'a' }} />));
    await expect.poll(async () => near((await shoot(canvas())).rgb(100, 10), themeRgb('--td-up'))).toBe(true);
    for (let i = 0; i < 5; i++) act(() => handle?.tick({ bar: true, text: `t${i}` }));
    expect(calls.palette).toBe(1);

    const dark = themeRgb('--td-up');
    act(() => setTheme('light'));
    expect(themeRgb('--td-up')).not.toEqual(dark);
    await expect.poll(async () => near((await shoot(canvas())).rgb(100, 10), themeRgb('--td-up'))).toBe(true);
    expect(calls.palette).toBe(2);
    // Row 1 has no bar.
    expect(near((await shoot(canvas())).rgb(100, 30), themeRgb('--td-up'))).toBe(false);
  });

  it('draws a tick at once and writes its copy at most once every COPY_MS, with the latest tick', async () => {
    act(() => root.render(<Probe first={{ bar: false, text: 'first' }} />));
    const copies = calls.copies.length;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      act(() => handle?.tick({ bar: true, text: 'one' }));
      act(() => handle?.tick({ bar: true, text: 'two' }));
      expect(handle?.shown.current.text).toBe('two');
      expect(calls.copies.length).toBe(copies);
      vi.advanceTimersByTime(COPY_MS - 1);
      expect(calls.copies.length).toBe(copies);
      vi.advanceTimersByTime(1);
      expect(calls.copies.slice(copies)).toEqual(['two']);
      expect(host.querySelector('[data-testid="probe-copy"]')?.textContent).toBe('two');
    } finally {
      vi.useRealTimers();
    }
    await expect.poll(async () => near((await shoot(canvas())).rgb(100, 10), themeRgb('--td-up'))).toBe(true);
    // `copy` writes at once.
    act(() => handle?.show({ bar: false, text: 'now' }));
    handle?.copy();
    expect(calls.copies.at(-1)).toBe('now');
  });
});
