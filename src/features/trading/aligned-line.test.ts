import { describe, expect, it } from 'vitest';
import { alignedLine, FIGURE_SPACE, textWidth, UNMEASURED, type GlyphWidths } from './aligned-line.ts';

// Digits and figure spaces 7 px, the point 3 px, the colon 4 px.
const glyphs: GlyphWidths = { digit: 7, space: 7, chars: { '.': 3, ':': 4 } };
/** Where each field ends, in px, measured with the same widths. */
function ends(line: string): number[] {
  return [...line.matchAll(/[^\u2007]+/g)].map((m) => textWidth(line.slice(0, m.index + m[0].length), glyphs));
}

describe('alignedLine', () => {
  it('ends every field but the first on its column’s right edge, whatever the lengths', () => {
    const a = alignedLine(['65001.30', '0.024', '0.024'], 100, glyphs);
    const b = alignedLine(['65001.30', '12345.678', '54321.000'], 100, glyphs);
    // field 2 ends near 200 px and field 3 near 300 px, to within half a figure space, and identically in both lines
    expect(ends(a).slice(1)).toEqual(ends(b).slice(1));
    expect(Math.abs((ends(a)[1] as number) - 200)).toBeLessThanOrEqual(3.5);
    expect(Math.abs((ends(a)[2] as number) - 300)).toBeLessThanOrEqual(3.5);
    expect(a.startsWith('65001.30')).toBe(true);
    expect(a.split(/\u2007+/)).toEqual(['65001.30', '0.024', '0.024']);
  });

  it('measures the clock’s colons and the point by their own widths', () => {
    expect(textWidth('12:30:05', glyphs)).toBe(6 * 7 + 2 * 4);
    expect(textWidth('1.5', glyphs)).toBe(2 * 7 + 3);
  });

  it('keeps one figure space between fields that do not fit their column, and leaves a spare line empty', () => {
    expect(alignedLine(['65001.30', '12345.678', '54321.000'], 20, glyphs)).toBe(['65001.30', '12345.678', '54321.000'].join(FIGURE_SPACE));
    expect(alignedLine(['', '', ''], 100, glyphs)).toBe('');
    // before the font is measured: one space, readable
    expect(alignedLine(['1.00', '2.00'], 0, UNMEASURED)).toBe(`1.00${FIGURE_SPACE}2.00`);
  });
});
