/**
 * Several columns of figures in one line of text (issue 19, the viewed tab's main thread): the book's sides and the
 * recent trades write one text node per list instead of one per column. Each line changes on every frame (the prices
 * move the whole ladder), and Chromium lays out and paints a text node per column and line: three columns in one
 * node cost about 1 point of the viewed tab's main thread less than three nodes (bench/results/browser.md).
 *
 * A line's first field is left-aligned at 0 and each other field right-aligned at its column's right edge, columns
 * of equal width, padded with figure spaces (U+2007, as wide as a digit in tabular figures). With the figures in
 * tabular-nums, every line of a column ends at the same x however many digits it has.
 */
export const FIGURE_SPACE = '\u2007';

/** Widths in px of the characters the lines hold, in their font (GlyphWidths.of measures them). */
export interface GlyphWidths {
  /** a tabular digit, and any character not in `chars` */
  digit: number;
  /** the figure space */
  space: number;
  /** other characters that differ from a digit ('.', ':') */
  chars: Readonly<Record<string, number>>;
}

/** Until the list has measured its font: one figure space between fields (readable, not aligned). */
export const UNMEASURED: GlyphWidths = { digit: 1, space: 1, chars: {} };

export function textWidth(text: string, glyphs: GlyphWidths): number {
  let width = 0;
  for (let i = 0; i < text.length; i++) width += glyphs.chars[text[i] as string] ?? glyphs.digit;
  return width;
}

/**
 * `fields` in one line: the first at x = 0, field i (from 1) ending at (i + 1) × `column` px, with at least one
 * figure space between two fields. An empty first field makes an empty line (the asks' spare lines).
 */
export function alignedLine(fields: readonly string[], column: number, glyphs: GlyphWidths): string {
  let line = fields[0] ?? '';
  if (line === '') return '';
  let x = textWidth(line, glyphs);
  for (let i = 1; i < fields.length; i++) {
    const field = fields[i] as string;
    const width = textWidth(field, glyphs);
    const spaces = Math.max(1, Math.round(((i + 1) * column - width - x) / glyphs.space));
    line += FIGURE_SPACE.repeat(spaces) + field;
    x += spaces * glyphs.space + width;
  }
  return line;
}

/** The characters measured besides the digits: the decimal point and the clock's colon. */
const MEASURED = '.:';

/**
 * The widths of the characters in `host`'s font, read from a hidden probe appended to it (a layout of the probe
 * alone). Null while `host` is not laid out (hidden), as its width is then 0.
 */
export function measureGlyphs(host: HTMLElement): GlyphWidths | null {
  const probe = document.createElement('span');
  probe.setAttribute('aria-hidden', 'true');
  probe.style.cssText = 'position:absolute;left:0;top:0;visibility:hidden;white-space:pre';
  host.appendChild(probe);
  const width = (text: string) => {
    probe.textContent = text.repeat(10);
    return probe.getBoundingClientRect().width / 10;
  };
  const digit = width('0123456789') / 10;
  const space = width(FIGURE_SPACE);
  const chars: Record<string, number> = {};
  for (const ch of MEASURED) chars[ch] = width(ch);
  probe.remove();
  return digit > 0 && space > 0 ? { digit, space, chars } : null;
}

/** Whether two measurements differ (the font or its size changed). */
export function sameGlyphs(a: GlyphWidths | null, b: GlyphWidths | null): boolean {
  if (a === b) return true;
  if (!a || !b || a.digit !== b.digit || a.space !== b.space) return false;
  for (const ch of MEASURED) if (a.chars[ch] !== b.chars[ch]) return false;
  return true;
}
