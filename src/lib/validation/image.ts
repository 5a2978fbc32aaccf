import { IMAGE_MAX_BYTES, IMAGE_MIN_BYTES } from '../../../contract/rules.ts';
import { invalid, type ValidationResult } from './types.ts';

/** spec §5, §9: image upload larger than 10 KB and under 10 MB (contract/rules.ts). */
export { IMAGE_MAX_BYTES, IMAGE_MIN_BYTES };

export type ImageFormat = 'jpeg' | 'png';

// Declared MIME types per format ('image/jpg' and 'image/pjpeg' are sent by some older browsers).
const TYPES: Readonly<Record<string, ImageFormat>> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/** The format told by the file's first bytes (its magic number), or null for anything else. */
export function sniffImageFormat(head: Uint8Array): ImageFormat | null {
  const starts = (sig: number[]): boolean => sig.every((b, i) => head[i] === b);
  if (starts(PNG_SIGNATURE)) return 'png';
  if (starts(JPEG_SIGNATURE)) return 'jpeg';
  return null;
}

/**
 * spec §5: JPG or PNG, larger than 10 KB and under 10 MB. The declared type AND the file's magic bytes
 * must both say the same format (a renamed PDF or a PNG labelled image/jpeg is refused).
 * The too-large key carries the catalogue wording of spec §8 ('Image is too large, please re-upload').
 */
export async function validateImage(file: Blob | null | undefined): Promise<ValidationResult> {
  if (!file) return invalid('errors.imageRequired');
  const declared = TYPES[file.type.toLowerCase()];
  if (declared === undefined) return invalid('errors.imageType');
  if (file.size <= IMAGE_MIN_BYTES) return invalid('errors.imageTooSmall', { min: '10KB' });
  if (file.size >= IMAGE_MAX_BYTES) return invalid('errors.imageTooLarge', { max: '10MB' });
  const head = new Uint8Array(await file.slice(0, PNG_SIGNATURE.length).arrayBuffer());
  return sniffImageFormat(head) === declared ? null : invalid('errors.imageType');
}
