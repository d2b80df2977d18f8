import sharp from 'sharp';
import { appError } from '../../core/app-error.js';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_DIMENSION = 2000;
/** Decoded pixels (25 MP covers 24 MP cameras): a small file can hold a huge 16-bit image, whose decoding would take seconds and hundreds of MB (figures: decision 0075). */
export const MAX_INPUT_PIXELS = 25_000_000;
export const IMAGE_TOO_MANY_PIXELS = 'Imagem com resolução grande demais. Máximo: 25 megapixels (por exemplo, 5000 x 5000).';

type ImageKind = 'jpeg' | 'png' | 'webp';

/** Trusts the bytes, never the file name or the declared content type. */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * The header alone says how big the decoded image would be: refuse before decoding anything. The header is read
 * with no pixel limit, since sharp's default one (268 MP) makes metadata() itself throw on a 50,000 x 50,000
 * header, which used to end as a 415 "Imagem inválida" instead of this 413.
 */
export async function assertPixelBudget(bytes: Buffer): Promise<void> {
  const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (width * height > MAX_INPUT_PIXELS) throw appError('too_many_pixels', IMAGE_TOO_MANY_PIXELS);
}

export const UNSUPPORTED_IMAGE = 'Formato de imagem não suportado. Envie JPEG, PNG ou WebP.';

/** Re-encodes the image: bounded size, orientation applied, every piece of metadata (EXIF, GPS) dropped. */
export async function normalizeImage(bytes: Buffer): Promise<{ bytes: Buffer; extension: string }> {
  const kind = detectImageKind(bytes);
  if (!kind) throw appError('unsupported_media_type', UNSUPPORTED_IMAGE);
  await assertPixelBudget(bytes);
  try {
    const pipeline = sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: 'inside', withoutEnlargement: true });
    const output =
      kind === 'jpeg'
        ? pipeline.jpeg({ quality: 85, mozjpeg: true })
        : kind === 'png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 85 });
    return { bytes: await output.toBuffer(), extension: kind === 'jpeg' ? 'jpg' : kind };
  } catch {
    throw appError('invalid_image', 'Imagem inválida ou corrompida. Envie outro arquivo JPEG, PNG ou WebP.');
  }
}
