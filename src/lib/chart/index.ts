// Entry of the chart helpers: the theme's colours for canvas drawing. The lightweight-charts hook is its own
// file (themed-chart.ts), so the pages that only paint canvases (book, ladder) do not load the chart library.

/** Theme colours for canvas drawing (lightweight-charts and the depth chart cannot read CSS variables). */
export interface ChartColors {
  text: string;
  muted: string;
  border: string;
  surface: string;
  surface2: string;
  up: string;
  down: string;
  accent: string;
}

export function chartColors(element: Element): ChartColors {
  const style = getComputedStyle(element);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: v('--td-text', '#eaecef'),
    muted: v('--td-text-muted', '#848e9c'),
    border: v('--td-border', '#2b3139'),
    surface: v('--td-surface', '#161a1e'),
    surface2: v('--td-surface-2', '#1e2329'),
    up: v('--td-up', '#0ecb81'),
    down: v('--td-down', '#f6465d'),
    accent: v('--td-accent', '#f0b90b'),
  };
}

/** A colour with an alpha, for hex colours (#rrggbb) as the theme defines them. */
export function withAlpha(hex: string, alpha: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return hex;
  const n = parseInt(m[1] as string, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}
