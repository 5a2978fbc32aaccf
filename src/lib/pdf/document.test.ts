import { describe, expect, it } from 'vitest';
import { type PdfLine, pdfDocument } from './index.ts';
import { winAnsiCode } from './text.ts';

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');
const createdAt = new Date('2026-11-26T08:00:05.000Z');
const doc = (lines: readonly PdfLine[], footer?: string) =>
  pdfDocument({ title: '交易台 — 電費支付收據', language: 'zh-HK', createdAt, lines, ...(footer === undefined ? {} : { footer }) });

/** The cross-reference table's in-use entries, by object number, as written after `startxref`. */
function xrefOf(file: string): { start: number; offsets: Map<number, number>; size: number } {
  const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(file)![1]);
  const table = /^xref\n0 (\d+)\n((?:\d{10} \d{5} [nf] \n)+)trailer/.exec(file.slice(start))!;
  const offsets = new Map<number, number>();
  table[2]!.match(/[^]{20}/g)!.forEach((entry, n) => {
    if (entry.endsWith('n \n')) offsets.set(n, Number(entry.slice(0, 10)));
  });
  return { start, offsets, size: Number(table[1]) };
}

// The inverse of the writer's string forms: a literal of WinAnsi bytes, or UTF-16BE hex of the CID font.
const fromWinAnsi = new Map(Array.from({ length: 0x2123 }, (_, cp) => [winAnsiCode(cp), String.fromCodePoint(cp)] as const).filter(([code]) => code !== null));
function unliteral(body: string): string {
  return body.replace(/\\([0-7]{3}|[()\\])/g, (_, e: string) => (e.length === 3 ? String.fromCharCode(parseInt(e, 8)) : e)).replace(/[\x80-\xff]/g, (c) => fromWinAnsi.get(c.charCodeAt(0)) ?? '?');
}
const unhex = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));

/** Each page's text objects as the strings they show, in order, read from the content streams. */
function shownText(file: string): string[][] {
  return [...file.matchAll(/stream\n([\s\S]*?)\nendstream/g)].map((stream) =>
    [...stream[1]!.matchAll(/BT ([\s\S]*?) ET/g)].map((bt) =>
      [...bt[1]!.matchAll(/\/(F1|F2) [\d.]+ Tf (?:\(((?:\\.|[^\\)])*)\)|<([0-9A-F]*)>) Tj/g)].map((m) => (m[1] === 'F1' ? unliteral(m[2]!) : unhex(m[3]!))).join(''),
    ),
  );
}

describe('pdf writer', () => {
  const lines: PdfLine[] = [
    { kind: 'title', text: '交易台 — 電費支付收據' },
    { kind: 'gap' },
    { kind: 'row', label: '收據編號', value: 'EP20261126000007' },
    { kind: 'row', label: '礦場', value: 'Café (Texas) \\ C – “north”' },
    { kind: 'row', label: '期間', value: '2026-10-01 至 2026-10-31' },
    { kind: 'text', text: 'Paid with 3,003.0030 USDT' },
  ];

  it('writes a PDF 1.7 header with a binary comment, and ends in %%EOF', () => {
    const bytes = doc(lines);
    expect(latin1(bytes.subarray(0, 9))).toBe('%PDF-1.7\n');
    expect(bytes[9]).toBe(0x25);
    expect(Array.from(bytes.subarray(10, 14)).every((b) => b > 127)).toBe(true);
    expect(latin1(bytes.subarray(-6))).toBe('%%EOF\n');
  });

  it('points startxref at the xref table and every xref entry at its `n 0 obj`', () => {
    const file = latin1(doc(lines, 'footer'));
    const { start, offsets, size } = xrefOf(file);
    expect(file.slice(start, start + 5)).toBe('xref\n');
    expect(offsets.size).toBe(size - 1);
    for (const [n, offset] of offsets) expect(file.slice(offset, offset + `${n} 0 obj\n`.length)).toBe(`${n} 0 obj\n`);
    expect(file).toContain(`trailer\n<< /Size ${size} /Root 1 0 R /Info 2 0 R >>`);
    // Every object in the file is in the table.
    expect([...file.matchAll(/^(\d+) 0 obj$/gm)].length).toBe(size - 1);
  });

  it('gives each stream its length in bytes', () => {
    const file = latin1(doc(lines, 'Zürich'));
    const streams = [...file.matchAll(/<< \/Length (\d+) >>\nstream\n/g)];
    expect(streams.length).toBeGreaterThan(0);
    for (const m of streams) {
      const from = m.index + m[0].length;
      expect(file.slice(from + Number(m[1]), from + Number(m[1]) + '\nendstream'.length)).toBe('\nendstream');
    }
  });

  it('round-trips the text: Latin in Helvetica, Chinese as UTF-16BE in MSung-Light', () => {
    const file = latin1(doc(lines, '本收據由系統發出，毋須簽署。'));
    expect(shownText(file)).toEqual([
      ['交易台 — 電費支付收據', '收據編號', 'EP20261126000007', '礦場', 'Café (Texas) \\ C – “north”', '期間', '2026-10-01 至 2026-10-31', 'Paid with 3,003.0030 USDT', '本收據由系統發出，毋須簽署。', '1 / 1'],
    ]);
    expect(file).toContain('/F2 10 Tf <671F9593> Tj');
    expect(file).toContain('(Caf\\351 \\(Texas\\) \\\\ C \\226 \\223north\\224) Tj');
    expect(file).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    expect(file).toContain('/Subtype /Type0 /BaseFont /MSung-Light-UniCNS-UTF16-H /Encoding /UniCNS-UTF16-H');
    expect(file).toContain('/CIDSystemInfo << /Registry (Adobe) /Ordering (CNS1)');
    expect(file).not.toContain('/FontFile');
  });

  it('writes /Info with the title as UTF-16BE and the creation date, and /Lang', () => {
    const file = latin1(doc(lines));
    expect(file).toContain('<< /Title <FEFF4EA4661353F000202014002096FB8CBB652F4ED8653664DA> /Producer (Trading Desk) /CreationDate (D:20261126080005Z) >>');
    expect(file).toContain('/Lang (zh-HK)');
  });

  it('gives the same bytes for the same document', () => {
    expect(doc(lines, 'f')).toEqual(doc(lines, 'f'));
  });

  it('breaks long lines and flows onto further A4 pages, each with its footer and number', () => {
    const rows: PdfLine[] = Array.from({ length: 120 }, (_, i) => ({ kind: 'row', label: `行 ${i}`, value: `value ${i}` }));
    const long = 'word '.repeat(60).trim();
    const file = latin1(doc([{ kind: 'title', text: 'T' }, { kind: 'text', text: long }, ...rows], 'foot'));
    const pages = shownText(file);
    const count = Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(file)![1]);
    expect(count).toBe(pages.length);
    expect(count).toBeGreaterThan(2);
    expect([...file.matchAll(/\/MediaBox \[0 0 595\.28 841\.89\]/g)].length).toBe(count);
    pages.forEach((page, i) => expect(page.slice(-2)).toEqual(['foot', `${i + 1} / ${count}`]));
    const body = pages.flatMap((page) => page.slice(0, -2));
    // The paragraph wrapped into lines that together are the paragraph; each row once, in order.
    const wrapped = body.slice(1, body.indexOf('行 0'));
    expect(wrapped.length).toBeGreaterThan(1);
    expect(wrapped.join(' ')).toBe(long);
    expect(body.filter((s) => s.startsWith('行 '))).toEqual(rows.map((_, i) => `行 ${i}`));
  });
});
