import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MENU_MAX_BYTES, MENU_TOO_LARGE, MENU_TYPE_NOT_ALLOWED } from '../../../shared/onboarding.js';
import { appError } from '../../core/app-error.js';
import { assertPixelBudget, createWorkQueue, MAX_INPUT_PIXELS } from '../uploads/index.js';

export type MenuFileType = 'application/pdf' | 'image/jpeg' | 'image/png';
export interface MenuFile {
  bytes: Buffer;
  type: MenuFileType;
  extension: 'pdf' | 'jpg' | 'png';
}

const EXTENSIONS: Record<MenuFileType, MenuFile['extension']> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };
/** Menu photos must stay readable: larger than the 2000 px of logos and wine pictures. */
const MAX_DIMENSION = 4000;

export const menuTooLarge = () => appError('too_large', MENU_TOO_LARGE);
export const menuTypeNotAllowed = () => appError('unsupported_media_type', MENU_TYPE_NOT_ALLOWED);

/** At most two menu photos decode at once, four wait, the rest get 503 (docs/decisions/0005). */
const imageWork = createWorkQueue(2, 4);

/**
 * The type comes from the bytes (file-type), never from the name or the declared content type: a script renamed
 * .pdf is refused. PDFs are kept as sent; photos are re-encoded (orientation applied, metadata dropped, bounded).
 */
export async function prepareMenuFile(bytes: Buffer): Promise<MenuFile> {
  if (bytes.length > MENU_MAX_BYTES) throw menuTooLarge();
  const detected = await fileTypeFromBuffer(bytes);
  const type = detected?.mime as MenuFileType | undefined;
  if (!type || !(type in EXTENSIONS)) throw menuTypeNotAllowed();
  if (type === 'application/pdf') return { bytes, type, extension: 'pdf' };
  await assertPixelBudget(bytes);
  return { bytes: await imageWork(() => reencode(bytes, type)), type, extension: EXTENSIONS[type] };
}

async function reencode(bytes: Buffer, type: 'image/jpeg' | 'image/png'): Promise<Buffer> {
  try {
    const pipeline = sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: 'inside', withoutEnlargement: true });
    return await (type === 'image/jpeg' ? pipeline.jpeg({ quality: 85, mozjpeg: true }) : pipeline.png({ compressionLevel: 9 })).toBuffer();
  } catch {
    throw appError('invalid_image', 'Imagem inválida ou corrompida. Envie outro arquivo PDF, JPG ou PNG.');
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters on purpose
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
/** The name endings that already agree with each detected type. */
const ENDINGS: Record<MenuFile['extension'], readonly string[]> = { pdf: ['pdf'], jpg: ['jpg', 'jpeg'], png: ['png'] };
const MAX_NAME = 200;

/**
 * A file name safe to keep and show: no path, no control characters, at most 200 characters, and an ending that
 * says what the bytes are ("menu.jpg" holding a PDF becomes "menu.pdf", so it downloads and opens as one).
 */
export function cleanFileName(name: string | undefined, extension: MenuFile['extension']): string {
  const base = (name ?? '').split(/[\\/]/).pop()?.replace(CONTROL_CHARACTERS, '').trim() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base).trim() || 'cardapio';
  const ending = dot > 0 ? base.slice(dot + 1) : '';
  const kept = ENDINGS[extension].includes(ending.toLowerCase()) ? ending : extension;
  return `${stem.slice(0, MAX_NAME - kept.length - 1)}.${kept}`;
}
