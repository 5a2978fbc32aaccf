import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BAR_ALPHA, BOOK_PRICE_TOKEN, FLASH_ALPHA } from '../features/trading/book-palette.ts';
import { contrast, over, parseHex, themeTokens } from './contrast.ts';

// What axe cannot measure (issue "spec completeness and polish", accessibility): text drawn on a canvas over
// translucent fills, a box-shadow focus halo, a fixed text colour on a fill. Each ratio is computed from theme.css's
// tokens as the components compose them; WCAG 2.1 1.4.3 (4.5:1 for 12 px text) and 1.4.11 (3:1 for a focus indicator).
const css = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const themes = themeTokens(css('./theme.css'));
const THEMES = ['dark', 'light'] as const;
const token = (theme: (typeof THEMES)[number], name: string) => {
  const value = themes[theme][name];
  if (value === undefined) throw new Error(`${theme} theme has no ${name}`);
  return parseHex(value);
};

describe('theme contrast (WCAG 2.1 AA)', () => {
  describe.each(THEMES)('%s theme', (theme) => {
    it.each([
      ['bid', '--td-up'],
      ['ask', '--td-down'],
    ] as const)('%s prices on the order book canvas hold 4.5:1 on every fill they are drawn over', (side, tone) => {
      // As BookSideList draws a row (row-paint.ts): the panel (surface), the hovered row (surface 2) or a changed
      // level's flash, then the depth bar over it, then the price.
      const surface = token(theme, '--td-surface');
      const hovered = token(theme, '--td-surface-2');
      const tint = token(theme, tone);
      const price = token(theme, BOOK_PRICE_TOKEN[side]);
      const fills = {
        panel: surface,
        bar: over(tint, BAR_ALPHA, surface),
        flash: over(tint, FLASH_ALPHA, surface),
        'flash + bar': over(tint, BAR_ALPHA, over(tint, FLASH_ALPHA, surface)),
        hover: hovered,
        'hover + bar': over(tint, BAR_ALPHA, hovered),
      };
      const ratios = Object.fromEntries(Object.entries(fills).map(([name, fill]) => [name, Math.round(contrast(price, fill) * 100) / 100]));
      for (const [name, ratio] of Object.entries(ratios)) expect(ratio, `${name}: ${JSON.stringify(ratios)}`).toBeGreaterThanOrEqual(4.5);
    });

    it('the danger button (the freeze button) holds 4.5:1 for its text', () => {
      expect(css('../components/form/form.css')).toMatch(/\.td-button-danger \{\s*color: var\(--td-on-danger\);/);
      expect(contrast(token(theme, '--td-on-danger'), token(theme, '--td-danger'))).toBeGreaterThanOrEqual(4.5);
    });

    it("the slider thumb's focus halo is the opaque focus colour, 3:1 on the panels and the page", () => {
      const slider = css('../components/slider/PercentSlider.css');
      const halos = [...slider.matchAll(/:focus-visible::-(?:webkit-slider|moz-range)-thumb \{[^}]*box-shadow: ([^;]+);/g)].map((m) => m[1]);
      expect(halos).toEqual(['0 0 0 3px var(--td-focus)', '0 0 0 3px var(--td-focus)']);
      for (const bg of ['--td-bg', '--td-bg-page', '--td-surface', '--td-surface-2']) expect(contrast(token(theme, '--td-focus'), token(theme, bg)), bg).toBeGreaterThanOrEqual(3);
    });
  });
});
