import jsqrModule from 'jsqr';
import sharp from 'sharp';

// jsqr is CommonJS with a `default` export in its types: under NodeNext the default import is the module object.
const jsQR = (jsqrModule as unknown as { default: (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null })
  .default;

/** Decodes the QR code in an image (PNG, SVG…), or in a region of it; null when none is found. */
export async function decodeQr(
  image: Buffer,
  region?: { left: number; top: number; width: number; height: number },
): Promise<string | null> {
  let pipeline = sharp(image, { density: 144 }).flatten({ background: '#ffffff' });
  if (region) pipeline = pipeline.extract(region);
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}
