import { type PdfObject, pdfDate, pdfFile } from './objects.ts';
import { CJK_FONT, LATIN_FONT, latinString, runsOf, textString, textWidth, utf16Hex, wrap } from './text.ts';

/** One line of a document: its title, a label and its value side by side, a paragraph, or some space. */
export type PdfLine =
  | { kind: 'title'; text: string }
  | { kind: 'row'; label: string; value: string }
  | { kind: 'text'; text: string }
  | { kind: 'gap' };

export interface PdfTextDocument {
  /** The /Info Title, shown by readers in place of the file name. */
  title: string;
  /** BCP 47 tag of the text (the catalog's /Lang, PDF 1.7 §14.9.2), e.g. `zh-HK`. */
  language: string;
  /** The /Info CreationDate; passed in so the same input gives the same bytes. */
  createdAt: Date;
  lines: readonly PdfLine[];
  /** Printed at the foot of every page, with the page number. */
  footer?: string;
}

// A4 in points (ISO 216: 210 × 297 mm), and the page's margins.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const LEFT = 56;
const RIGHT = PAGE_WIDTH - 56;
const TOP = PAGE_HEIGHT - 64;
const BOTTOM = 80;
const FOOTER_Y = 40;
const LABEL_WIDTH = 168;
const VALUE_X = LEFT + LABEL_WIDTH + 12;

const TITLE = { size: 16, leading: 26 };
const BODY = { size: 10, leading: 16 };
const FOOTER_SIZE = 8;
const GAP = 10;

const num = (n: number) => String(Math.round(n * 100) / 100);

/** One positioned line of text: its runs, each in its font, one text object (PDF 1.7 §9.4). */
function show(text: string, x: number, y: number, size: number, gray: number): string {
  const parts = runsOf(text).map((run) =>
    run.font === LATIN_FONT ? `/${LATIN_FONT} ${size} Tf ${latinString(run.text)} Tj` : `/${CJK_FONT} ${size} Tf <${utf16Hex(run.text)}> Tj`,
  );
  if (parts.length === 0) return '';
  return `BT ${gray} g ${num(x)} ${num(y)} Td ${parts.join(' ')} ET\n`;
}

/** A block that must not be split across pages: its height and how to draw it with its top at `y`. */
interface Block {
  height: number;
  draw: (y: number) => string;
}

function blockOf(line: PdfLine): Block {
  switch (line.kind) {
    case 'gap':
      return { height: GAP, draw: () => '' };
    case 'title': {
      const pieces = wrap(line.text, TITLE.size, RIGHT - LEFT);
      const height = pieces.length * TITLE.leading + 6;
      return {
        height,
        draw: (y) =>
          pieces.map((piece, i) => show(piece, LEFT, y - TITLE.size - i * TITLE.leading, TITLE.size, 0)).join('') +
          `0.75 G 0.5 w ${LEFT} ${num(y - height + 2)} m ${num(RIGHT)} ${num(y - height + 2)} l S\n`,
      };
    }
    case 'text': {
      const pieces = wrap(line.text, BODY.size, RIGHT - LEFT);
      return { height: pieces.length * BODY.leading, draw: (y) => pieces.map((piece, i) => show(piece, LEFT, y - BODY.size - i * BODY.leading, BODY.size, 0)).join('') };
    }
    case 'row': {
      const labels = wrap(line.label, BODY.size, LABEL_WIDTH);
      const values = wrap(line.value, BODY.size, RIGHT - VALUE_X);
      return {
        height: Math.max(labels.length, values.length) * BODY.leading,
        draw: (y) =>
          labels.map((piece, i) => show(piece, LEFT, y - BODY.size - i * BODY.leading, BODY.size, 0.35)).join('') +
          values.map((piece, i) => show(piece, VALUE_X, y - BODY.size - i * BODY.leading, BODY.size, 0)).join(''),
      };
    }
  }
}

/** The lines laid out on as many A4 pages as they take: one content stream per page. */
function layout(lines: readonly PdfLine[]): string[] {
  const pages: string[] = [];
  let content = '';
  let y = TOP;
  for (const line of lines) {
    const block = blockOf(line);
    if (y - block.height < BOTTOM && content !== '') {
      pages.push(content);
      content = '';
      y = TOP;
    }
    if (line.kind === 'gap' && y === TOP) continue;
    content += block.draw(y);
    y -= block.height;
  }
  pages.push(content);
  return pages;
}

function footer(text: string | undefined, page: number, pages: number): string {
  const number = `${page} / ${pages}`;
  const width = textWidth(number, FOOTER_SIZE);
  const room = RIGHT - LEFT - width - 24;
  const note = text ? show(wrap(text, FOOTER_SIZE, room)[0] ?? '', LEFT, FOOTER_Y, FOOTER_SIZE, 0.45) : '';
  return note + show(number, RIGHT - width, FOOTER_Y, FOOTER_SIZE, 0.45);
}

/**
 * The PDF of a text document: catalog, info, page tree, the two fonts (Helvetica and MSung-Light, neither
 * embedded) and one page object and content stream per A4 page.
 */
export function pdfDocument(doc: PdfTextDocument): Uint8Array<ArrayBuffer> {
  const contents = layout(doc.lines);
  // 1 catalog, 2 info, 3 page tree, 4 Helvetica, 5 the Type0 font, 6 its CIDFont, 7 its descriptor, then per page
  // its page object and its content stream.
  const pageObject = (i: number) => 8 + i * 2;
  const objects: PdfObject[] = [
    `<< /Type /Catalog /Pages 3 0 R /Lang ${textString(doc.language)} /ViewerPreferences << /DisplayDocTitle true >> >>`,
    `<< /Title ${textString(doc.title)} /Producer (Trading Desk) /CreationDate ${pdfDate(doc.createdAt)} >>`,
    `<< /Type /Pages /Kids [${contents.map((_, i) => `${pageObject(i)} 0 R`).join(' ')}] /Count ${contents.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type0 /BaseFont /MSung-Light-UniCNS-UTF16-H /Encoding /UniCNS-UTF16-H /DescendantFonts [6 0 R] >>',
    // Adobe's metrics of MSung-Light, as ReportLab's UnicodeCIDFont writes them; every glyph used is full-width.
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /MSung-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (CNS1) /Supplement 0 >> /FontDescriptor 7 0 R /DW 1000 >>',
    '<< /Type /FontDescriptor /FontName /MSung-Light /Flags 6 /FontBBox [-160 -249 1015 888] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
  ];
  const resources = `<< /Font << /${LATIN_FONT} 4 0 R /${CJK_FONT} 5 0 R >> >>`;
  contents.forEach((content, i) => {
    objects.push(`<< /Type /Page /Parent 3 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources ${resources} /Contents ${pageObject(i) + 1} 0 R >>`);
    objects.push({ entries: '', stream: content + footer(doc.footer, i + 1, contents.length) });
  });
  return pdfFile(objects, 1, 2);
}
