import QRCode from 'qrcode';
import sharp from 'sharp';
import { type GuestLanguage, guestMessages } from '../../../shared/guest-i18n/catalogue.js';
import { printableText, withoutControls } from '../../pdf/printable-text.js';

const QR_OPTIONS = { errorCorrectionLevel: 'M' } as const;

const WIDTH = 600;
const PADDING = 60;
const QR_SIZE = WIDTH - 2 * PADDING;
const HEIGHT = PADDING + QR_SIZE + 200;
/** SVG units are CSS pixels at 96 dpi; PNG at twice that is sharp enough for a table tent. */
const PNG_DENSITY = 192;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);

/** Shrinks the font so a long name still fits the card (average glyph ≈ 0.55 em). */
const fitFont = (text: string, max: number) => Math.max(14, Math.min(max, Math.floor((WIDTH - 2 * PADDING) / (0.55 * text.length))));

function line(text: string, y: number, size: number, attrs: string): string {
  return `<text x="${WIDTH / 2}" y="${y}" font-size="${fitFont(text, size)}" text-anchor="middle" ${attrs}>${escapeXml(text)}</text>`;
}

/** The plain QR code as a base64-free PNG for screens. */
export function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { ...QR_OPTIONS, margin: 2, type: 'png', width: 512 });
}

/**
 * A print card: the code, then the establishment and the menu name under it, and how to use it. Bidi overrides and
 * invisible characters are dropped from the names, so nothing after them turns round; the PNG, drawn here where emoji
 * or CJK fonts may be missing, keeps what the PDF keeps (`clean: printableText`).
 */
export async function printableQrSvg(
  url: string,
  userEstablishmentName: string,
  userMenuName: string,
  lang: GuestLanguage = 'pt-BR',
  clean: (text: string) => string = withoutControls,
): Promise<string> {
  const [establishmentName, menuName] = [clean(userEstablishmentName), clean(userMenuName)];
  const code = await QRCode.toString(url, { ...QR_OPTIONS, margin: 0, type: 'svg' });
  const placed = code.replace('<svg ', `<svg x="${PADDING}" y="${PADDING}" width="${QR_SIZE}" height="${QR_SIZE}" `);
  const textTop = PADDING + QR_SIZE;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    placed.trim(),
    line(establishmentName, textTop + 64, 36, 'font-family="Georgia, \'DejaVu Serif\', serif" font-weight="bold" fill="#2b0d16"'),
    line(menuName, textTop + 110, 26, 'font-family="Arial, \'DejaVu Sans\', sans-serif" fill="#5c1a2b"'),
    line(guestMessages(lang).t('qr.scan'), textTop + 156, 18, 'font-family="Arial, \'DejaVu Sans\', sans-serif" fill="#5f6670"'),
    '</svg>',
  ].join('\n');
}

export async function printableQrPng(url: string, establishmentName: string, menuName: string, lang: GuestLanguage): Promise<Buffer> {
  const svg = await printableQrSvg(url, establishmentName, menuName, lang, printableText);
  return sharp(Buffer.from(svg), { density: PNG_DENSITY }).png().toBuffer();
}
