/**
 * The file structure of PDF 1.7 (ISO 32000-1 §7.5): header with a binary comment, numbered indirect objects, a
 * cross-reference table of their byte offsets, the trailer and startxref. Strings here are byte strings: every
 * char code is below 256 and is written as one byte.
 */

/** One indirect object's body: any object, or a stream with its dictionary's other entries (no /Length). */
export type PdfObject = string | { entries: string; stream: string };

/** The header: version and a comment of four bytes above 127, so transfer tools treat the file as binary (§7.5.2). */
const HEADER = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';

function bytesOf(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0xff) throw new RangeError(`PDF byte string holds U+${code.toString(16)}`);
    bytes[i] = code;
  }
  return bytes;
}

function body(number: number, object: PdfObject): string {
  if (typeof object === 'string') return `${number} 0 obj\n${object}\nendobj\n`;
  // The stream's /Length counts its bytes; the EOL before `endstream` is not part of the data (§7.3.8.1).
  const dict = `<< ${object.entries ? `${object.entries} ` : ''}/Length ${object.stream.length} >>`;
  return `${number} 0 obj\n${dict}\nstream\n${object.stream}\nendstream\nendobj\n`;
}

/**
 * The file of `objects`, numbered from 1 in order; `root` and `info` are the numbers of the catalog and the
 * document information dictionary. Each cross-reference entry is exactly 20 bytes (§7.5.4).
 */
export function pdfFile(objects: readonly PdfObject[], root: number, info: number): Uint8Array<ArrayBuffer> {
  let file = HEADER;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(file.length);
    file += body(i + 1, object);
  });
  const xref = file.length;
  file += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) file += `${String(offset).padStart(10, '0')} 00000 n \n`;
  file += `trailer\n<< /Size ${objects.length + 1} /Root ${root} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return bytesOf(file);
}

/** A date as a PDF date string in UTC (§7.9.4): `(D:20261126080000Z)`. */
export function pdfDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `(D:${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z)`;
}
