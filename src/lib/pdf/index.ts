/**
 * A small PDF 1.7 writer for text documents — receipts and the like (spec §1: the electricity payment's receipt):
 * one or more A4 pages of a title, label/value rows, paragraphs and a footer, as a pure function returning the
 * file's bytes.
 *
 * No font is embedded. Latin text is set in Helvetica, one of the standard 14 fonts; Chinese in the Type0 font
 * `MSung-Light` (Adobe-CNS1, CMap `UniCNS-UTF16-H`, text as UTF-16BE), which every PDF reader provides through its
 * Adobe-CNS1 fallback — the way ReportLab's UnicodeCIDFont does it. The file stays a few kilobytes.
 *
 * Why not pdf-lib, jsPDF or pdfkit: to show Chinese they need a TrueType font embedded in the file (and shipped
 * to the browser), megabytes for a CJK font; none of them writes a non-embedded CID font.
 *
 * Load it with a dynamic import: it is not part of the initial JavaScript.
 */
export { pdfDocument, type PdfLine, type PdfTextDocument } from './document.ts';
