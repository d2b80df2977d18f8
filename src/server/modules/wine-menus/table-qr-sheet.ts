/**
 * Sheets of QR codes for tables 1..N: each code opens the menu with `?mesa=N` (so a visit can be counted per
 * table), with the establishment, the menu and the table under it. An SVG/PNG grid to cut out, and an A4 PDF
 * (3 × 4 cards a page, dashed cut lines) for printing.
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { type GuestLanguage, guestMessages } from '../../../shared/guest-i18n/catalogue.js';
import { pdfFonts } from '../../pdf/fonts.js';
import { printableText, withoutControls } from '../../pdf/printable-text.js';
import { drawQr, pdfBuffer } from '../../pdf/qr-vector.js';

export interface TableSheet {
  /** The menu's public address, without a query. */
  menuUrl: string;
  establishmentName: string;
  /** The menu's name in the sheet's language. */
  menuName: string;
  tables: number;
  /** The language the codes open the menu in and the cards are written in ("QR para turistas"). */
  lang: GuestLanguage;
}

/** The address the code of table `n` encodes: the table, and the language when it is not pt-BR. */
export const tableUrl = (sheet: Pick<TableSheet, 'menuUrl' | 'lang'>, n: number) =>
  `${sheet.menuUrl}?mesa=${n}${sheet.lang === 'pt-BR' ? '' : `&lang=${sheet.lang}`}`;

/** SVG/PNG grid geometry, in SVG units (the PNG has one pixel per unit). */
export const SHEET_GRID = { columns: 4, cardWidth: 250, cardHeight: 320, qrSize: 200, qrTop: 20 } as const;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
/** Shrinks the font so a long name still fits the card (average glyph ≈ 0.55 em). */
const fitFontSize = (text: string, max: number, width: number) => Math.max(9, Math.min(max, Math.floor(width / (0.55 * text.length))));

/**
 * The SVG is drawn by whoever opens it, with their fonts: only what could reorder or hide text goes. The PNG is drawn
 * here, where emoji or CJK fonts may be missing: it keeps what the PDF keeps (`clean: printableText`).
 */
export async function tableQrSheetSvg(sheet: TableSheet, clean: (text: string) => string = withoutControls): Promise<string> {
  const establishmentName = clean(sheet.establishmentName);
  const menuName = clean(sheet.menuName);
  const { columns, cardWidth, cardHeight, qrSize, qrTop } = SHEET_GRID;
  const rows = Math.ceil(sheet.tables / columns);
  const width = columns * cardWidth;
  const height = rows * cardHeight;
  const textWidth = cardWidth - 24;
  const messages = guestMessages(sheet.lang);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
  ];
  for (let n = 1; n <= sheet.tables; n++) {
    const x = ((n - 1) % columns) * cardWidth;
    const y = Math.floor((n - 1) / columns) * cardHeight;
    const code = await QRCode.toString(tableUrl(sheet, n), { errorCorrectionLevel: 'M', margin: 0, type: 'svg' });
    const qrX = x + (cardWidth - qrSize) / 2;
    const table = messages.t('qr.table', { n });
    parts.push(
      `<g>`,
      `<rect x="${x + 0.5}" y="${y + 0.5}" width="${cardWidth - 1}" height="${cardHeight - 1}" fill="none" stroke="#cccccc" stroke-dasharray="4 4"/>`,
      code.trim().replace('<svg ', `<svg x="${qrX}" y="${y + qrTop}" width="${qrSize}" height="${qrSize}" `),
      `<text x="${x + cardWidth / 2}" y="${y + qrTop + qrSize + 28}" font-size="${fitFontSize(table, 22, textWidth)}" text-anchor="middle" font-family="Arial, 'DejaVu Sans', sans-serif" font-weight="bold" fill="#2b0d16">${table}</text>`,
      `<text x="${x + cardWidth / 2}" y="${y + qrTop + qrSize + 50}" font-size="${fitFontSize(establishmentName, 15, textWidth)}" text-anchor="middle" font-family="Georgia, 'DejaVu Serif', serif" fill="#2b0d16">${escapeXml(establishmentName)}</text>`,
      `<text x="${x + cardWidth / 2}" y="${y + qrTop + qrSize + 70}" font-size="${fitFontSize(menuName, 13, textWidth)}" text-anchor="middle" font-family="Arial, 'DejaVu Sans', sans-serif" fill="#5c1a2b">${escapeXml(menuName)}</text>`,
      `</g>`,
    );
  }
  parts.push('</svg>');
  return parts.join('\n');
}

export async function tableQrSheetPng(sheet: TableSheet): Promise<Buffer> {
  // librsvg reads SVG at 72 dpi: density 72 renders one pixel per SVG unit.
  return sharp(Buffer.from(await tableQrSheetSvg(sheet, printableText)), { density: 72, limitInputPixels: false })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}

const PAGE_MARGIN = 36;
const PDF_COLUMNS = 3;
const PDF_ROWS = 4;
const PDF_QR = 118;

export async function tableQrSheetPdf(sheet: TableSheet): Promise<Buffer> {
  const establishmentName = printableText(sheet.establishmentName);
  const menuName = printableText(sheet.menuName);
  const fonts = pdfFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    autoFirstPage: false,
    lang: sheet.lang,
    info: { Title: `QR codes por mesa — ${menuName} — ${establishmentName}`, Creator: 'Adega', Producer: 'Adega' },
  });
  doc.registerFont('serif', fonts.serif);
  doc.registerFont('sans', fonts.sans);
  doc.registerFont('sans-bold', fonts.sansBold);
  const messages = guestMessages(sheet.lang);
  const perPage = PDF_COLUMNS * PDF_ROWS;
  let cellWidth = 0;
  let cellHeight = 0;
  for (let n = 1; n <= sheet.tables; n++) {
    const slot = (n - 1) % perPage;
    if (slot === 0) {
      doc.addPage();
      cellWidth = (doc.page.width - 2 * PAGE_MARGIN) / PDF_COLUMNS;
      cellHeight = (doc.page.height - 2 * PAGE_MARGIN) / PDF_ROWS;
      const onPage = Math.min(perPage, sheet.tables - n + 1);
      const rows = Math.ceil(onPage / PDF_COLUMNS);
      // Cut lines between cards.
      doc.save().lineWidth(0.5).strokeColor('#bbbbbb').dash(3, { space: 3 });
      for (let r = 0; r < rows; r++) {
        const cols = Math.min(PDF_COLUMNS, onPage - r * PDF_COLUMNS);
        for (let c = 0; c < cols; c++) doc.rect(PAGE_MARGIN + c * cellWidth, PAGE_MARGIN + r * cellHeight, cellWidth, cellHeight).stroke();
      }
      doc.undash().restore();
    }
    const x = PAGE_MARGIN + (slot % PDF_COLUMNS) * cellWidth;
    const y = PAGE_MARGIN + Math.floor(slot / PDF_COLUMNS) * cellHeight;
    drawQr(doc, tableUrl(sheet, n), x + (cellWidth - PDF_QR) / 2, y + 12, PDF_QR);
    const textX = x + 8;
    const textWidth = cellWidth - 16;
    const options = { width: textWidth, align: 'center' as const, lineBreak: false, ellipsis: true, height: 16 };
    doc
      .font('sans-bold')
      .fontSize(14)
      .fillColor('#2b0d16')
      .text(messages.t('qr.table', { n }), textX, y + 12 + PDF_QR + 6, options);
    doc
      .font('serif')
      .fontSize(9.5)
      .fillColor('#2b0d16')
      .text(establishmentName, textX, y + 12 + PDF_QR + 25, options);
    doc
      .font('sans')
      .fontSize(8.5)
      .fillColor('#5c1a2b')
      .text(menuName, textX, y + 12 + PDF_QR + 39, options);
  }
  return pdfBuffer(doc);
}
