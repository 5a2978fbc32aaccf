import { withAlpha, type ChartColors } from '../../lib/chart/index.ts';

/** The depth bar's tint: the side's colour at this alpha over the panel. */
export const BAR_ALPHA = 0.14;
/** A changed level's flash: the side's colour at this alpha, under the bar. */
export const FLASH_ALPHA = 0.12;

/** The theme tokens of the prices a side draws over its bars (theme.css `--td-book-up` / `--td-book-down`). */
export const BOOK_PRICE_TOKEN = { bid: '--td-book-up', ask: '--td-book-down' } as const;

/**
 * A book side's canvas colours. The bars and flashes are tinted with the side's colour; the price is drawn in the
 * side's book token, which holds 4.5:1 (WCAG 1.4.3, 12 px text) on the panel, the bar, flash + bar and hover + bar
 * (src/styles/contrast.test.ts computes each from theme.css).
 */
export function bookColours(side: 'bid' | 'ask', colors: ChartColors, style: CSSStyleDeclaration) {
  const tone = side === 'bid' ? colors.up : colors.down;
  const price = style.getPropertyValue(BOOK_PRICE_TOKEN[side]).trim() || tone;
  return { hover: colors.surface2, flash: withAlpha(tone, FLASH_ALPHA), bar: withAlpha(tone, BAR_ALPHA), price, text: colors.text, own: colors.accent };
}
