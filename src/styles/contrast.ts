// WCAG 2.1 contrast arithmetic over the theme tokens (theme.css), for what axe cannot measure: text drawn on a
// canvas over translucent fills (the order book's depth bars and flashes), box-shadow halos, fixed text colours.

export type Rgb = readonly [r: number, g: number, b: number];

/** `#rrggbb` → its channels (0–255). */
export function parseHex(hex: string): Rgb {
  const m = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = parseInt(m[1] as string, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `colour` at `alpha` painted over the opaque `below` (source-over, as canvas and CSS compose). */
export function over(colour: Rgb, alpha: number, below: Rgb): Rgb {
  return [0, 1, 2].map((i) => (colour[i] as number) * alpha + (below[i] as number) * (1 - alpha)) as unknown as Rgb;
}

/** WCAG 2.1 relative luminance. */
export function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2.1 contrast ratio (1–21). */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The custom properties each theme block of a stylesheet sets (`:root, [data-theme='dark'] { … }` and
 * `[data-theme='light'] { … }`): theme → token → value. The dark block is also the default (`:root`).
 */
export function themeTokens(css: string): Record<'dark' | 'light', Record<string, string>> {
  const out = { dark: {}, light: {} } as Record<'dark' | 'light', Record<string, string>>;
  for (const block of css.matchAll(/([^{}]*)\{([^{}]*)\}/g)) {
    const selector = block[1] ?? '';
    const theme = /data-theme='light'/.test(selector) ? 'light' : /data-theme='dark'/.test(selector) ? 'dark' : null;
    if (!theme) continue;
    for (const decl of (block[2] ?? '').matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) out[theme][decl[1] as string] = (decl[2] as string).trim();
  }
  return out;
}
