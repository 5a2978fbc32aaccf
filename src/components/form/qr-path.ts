import { create } from 'qrcode';

/**
 * The dark modules of a QR code as one SVG path (a 1×1 square per module), plus its size in modules.
 * Drawn as SVG rather than a data-URL image: crisp at any zoom and nothing for the CSP to allow.
 */
export function qrPath(text: string): { size: number; d: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) parts.push(`M${col} ${row}h1v1h-1z`);
    }
  }
  return { size: modules.size, d: parts.join('') };
}
