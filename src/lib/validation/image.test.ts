import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_MIN_BYTES, validateImage } from './image.ts';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];

function file(head: number[], size: number, type: string): Blob {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return new Blob([bytes], { type });
}

describe('validateImage (spec §5: JPG/PNG, > 10 KB, < 10 MB)', () => {
  it('accepts a PNG and a JPEG whose type and magic bytes agree', async () => {
    expect(await validateImage(file(PNG, 20_000, 'image/png'))).toBeNull();
    expect(await validateImage(file(JPEG, 20_000, 'image/jpeg'))).toBeNull();
  });

  it('checks the size bounds exclusively', async () => {
    expect(await validateImage(file(PNG, IMAGE_MIN_BYTES, 'image/png'))).toEqual({ key: 'errors.imageTooSmall', params: { min: '10KB' } });
    expect(await validateImage(file(PNG, IMAGE_MIN_BYTES + 1, 'image/png'))).toBeNull();
    expect(await validateImage(file(PNG, IMAGE_MAX_BYTES - 1, 'image/png'))).toBeNull();
    expect(await validateImage(file(PNG, IMAGE_MAX_BYTES, 'image/png'))).toEqual({ key: 'errors.imageTooLarge', params: { max: '10MB' } });
  });

  it('refuses other declared types', async () => {
    expect(await validateImage(file(PNG, 20_000, 'image/gif'))).toEqual({ key: 'errors.imageType' });
    expect(await validateImage(file(PNG, 20_000, ''))).toEqual({ key: 'errors.imageType' });
  });

  it('refuses content whose magic bytes do not match the declared type', async () => {
    const pdf = [0x25, 0x50, 0x44, 0x46]; // %PDF
    expect(await validateImage(file(pdf, 20_000, 'image/png'))).toEqual({ key: 'errors.imageType' });
    expect(await validateImage(file(PNG, 20_000, 'image/jpeg'))).toEqual({ key: 'errors.imageType' });
    expect(await validateImage(file(JPEG, 20_000, 'image/png'))).toEqual({ key: 'errors.imageType' });
  });

  it('requires a file', async () => {
    expect(await validateImage(null)).toEqual({ key: 'errors.imageRequired' });
  });
});
