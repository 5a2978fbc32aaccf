/**
 * Text of a PDF page in the two fonts of the writer (see index.ts): Latin in the standard Helvetica with
 * WinAnsiEncoding (PDF 1.7 Annex D.2), everything else — Chinese, full-width punctuation — in the Type0 font
 * `MSung-Light` with the predefined CMap `UniCNS-UTF16-H` (PDF 1.7 §9.7.5.2), whose codes are UTF-16BE.
 */

/** Resource names of the two fonts on every page. */
export const LATIN_FONT = 'F1';
export const CJK_FONT = 'F2';

/** The WinAnsi codes 0x80–0x9F that are not Latin-1 (PDF 1.7 Annex D.2), by Unicode code point. */
const WIN_ANSI_EXTRA: ReadonlyMap<number, number> = new Map([
  [0x20ac, 0x80], [0x201a, 0x82], [0x0192, 0x83], [0x201e, 0x84], [0x2026, 0x85], [0x2020, 0x86], [0x2021, 0x87],
  [0x02c6, 0x88], [0x2030, 0x89], [0x0160, 0x8a], [0x2039, 0x8b], [0x0152, 0x8c], [0x017d, 0x8e], [0x2018, 0x91],
  [0x2019, 0x92], [0x201c, 0x93], [0x201d, 0x94], [0x2022, 0x95], [0x2013, 0x96], [0x2014, 0x97], [0x02dc, 0x98],
  [0x2122, 0x99], [0x0161, 0x9a], [0x203a, 0x9b], [0x0153, 0x9c], [0x017e, 0x9e], [0x0178, 0x9f],
]);

/** The WinAnsi code of a character, or null when Helvetica cannot show it (it goes to the CJK font). */
export function winAnsiCode(codePoint: number): number | null {
  if (codePoint >= 0x20 && codePoint <= 0x7e) return codePoint;
  if (codePoint >= 0xa0 && codePoint <= 0xff) return codePoint;
  return WIN_ANSI_EXTRA.get(codePoint) ?? null;
}

/** A run of text in one font. */
export interface Run {
  font: typeof LATIN_FONT | typeof CJK_FONT;
  text: string;
}

/** Splits a line into runs of one font each, in order. Control characters are dropped. */
export function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
    const font = winAnsiCode(cp) === null ? CJK_FONT : LATIN_FONT;
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}

/** A literal string for Helvetica: WinAnsi bytes, `\ ( )` escaped, bytes above 0x7E as octal (PDF 1.7 §7.3.4.2). */
export function latinString(text: string): string {
  let out = '(';
  for (const char of text) {
    const code = winAnsiCode(char.codePointAt(0)!) ?? 0x3f;
    if (code === 0x5c || code === 0x28 || code === 0x29) out += `\\${String.fromCharCode(code)}`;
    else if (code > 0x7e) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(code);
  }
  return `${out})`;
}

/** A hex string of UTF-16BE code units: the codes of `UniCNS-UTF16-H`, and a text string's form after a BOM. */
export function utf16Hex(text: string): string {
  let hex = '';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return hex;
}

/** A PDF text string (PDF 1.7 §7.9.2.2): ASCII as a literal, anything else UTF-16BE with its BOM. */
export function textString(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? latinString(text) : `<FEFF${utf16Hex(text)}>`;
}

/** Helvetica's advance widths (AFM, 1/1000 em) of ASCII 0x20–0x7E. */
const HELVETICA_ASCII = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556,
  556, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/**
 * Width of a line in points at `size`, for wrapping: Helvetica's widths for ASCII, 556 for its other characters
 * (an average; Latin-1 letters are close to it), 1000 for the CJK font (its /DW, full-width).
 */
export function textWidth(text: string, size: number): number {
  let units = 0;
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (cp >= 0x20 && cp <= 0x7e) units += HELVETICA_ASCII[cp - 0x20]!;
    else units += winAnsiCode(cp) === null ? 1000 : 556;
  }
  return (units * size) / 1000;
}

/** Breaks a line into pieces no wider than `width`: at a space where there is one, else between characters. */
export function wrap(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let rest = text;
  while (textWidth(rest, size) > width) {
    const chars = Array.from(rest);
    let fit = 1;
    while (fit < chars.length && textWidth(chars.slice(0, fit + 1).join(''), size) <= width) fit++;
    const head = chars.slice(0, fit).join('');
    const space = head.lastIndexOf(' ');
    const cut = space > 0 ? space : head.length;
    lines.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  lines.push(rest);
  return lines;
}
