import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';

// Reads a PDF with Mozilla's pdf.js (pdfjs-dist, Apache-2.0), a reader nobody here wrote: the text a person would
// copy out of it, line by line, and its document information. The CNS1 CMaps it ships turn the CID font's
// UTF-16 codes back into Chinese characters; file paths, as pdf.js in Node reads them with fs.
const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const cMapUrl = `${join(root, 'cmaps')}/`;
const standardFontDataUrl = `${join(root, 'standard_fonts')}/`;

export interface PdfText {
  /** The version in the header, `/Info` Title and CreationDate, and the catalog's /Lang. */
  info: { version: string; title: string; creationDate: string; language: string | null };
  /** Per page, its lines top to bottom: the strings of one baseline joined, runs of white space as one space. */
  pages: string[][];
}

async function pageLines(doc: PDFDocumentProxy, number: number): Promise<string[]> {
  const page = await doc.getPage(number);
  const content = await page.getTextContent();
  const rows = new Map<number, string[]>();
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const { str, transform } = item as TextItem;
    const y = Math.round(Number(transform[5]) * 100) / 100;
    const row = rows.get(y) ?? [];
    row.push(str);
    rows.set(y, row);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, row]) => row.join('').replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
}

export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const doc = await getDocument({ data: bytes.slice(), cMapUrl, cMapPacked: true, standardFontDataUrl, verbosity: 0 }).promise;
  try {
    const meta = await doc.getMetadata();
    const info = meta.info as { PDFFormatVersion?: string; Title?: string; CreationDate?: string; Language?: string | null };
    const pages: string[][] = [];
    for (let n = 1; n <= doc.numPages; n++) pages.push(await pageLines(doc, n));
    return {
      info: { version: info.PDFFormatVersion ?? '', title: info.Title ?? '', creationDate: info.CreationDate ?? '', language: info.Language ?? null },
      pages,
    };
  } finally {
    await doc.destroy();
  }
}
