/**
 * The menu as an A4 PDF, for guests who want it in hand and for printing: the same wines, categories and prices
 * as the public page (available wines, menu order inside the page's category order), with the menu's QR code.
 */
import PDFDocument from 'pdfkit';
import { DEFAULT_GUEST_LANGUAGE, type GuestLanguage, type GuestMessages, guestMessages } from '../../shared/guest-i18n/catalogue.js';
import { guestPriceParts, type PublicMenuResponse, type PublicMenuWine } from '../../shared/public-menu.js';
import { pdfFonts } from '../pdf/fonts.js';
import { printableText } from '../pdf/printable-text.js';
import { drawQr, pdfBuffer } from '../pdf/qr-vector.js';
import { originParts, stockText } from './components.js';
import { isAvailable } from './filters.js';
import { formatVolume, groupByCategory } from './format.js';
import { localizeMenu } from './localize.js';

const MARGIN = 50;
const INK = '#1f1416';
const WINE = '#7a2338';
const MUTED = '#5f5a57';
const RULE = '#d9cfc6';
const QR_SIZE = 92;
/** Room under the price for the stock word ("Esgotado", "Última garrafa"). */
const STOCK_LINE = 12;

/** Origin and bottle size; each name cleaned on its own, so what one drops cannot join its neighbours. */
function wineDetails(wine: PublicMenuWine, m: GuestMessages): string {
  const country = wine.country;
  return [...originParts(wine).map((part) => (part === country ? m.country(part) : part)), formatVolume(wine.volume)]
    .map((part) => (part ? printableText(part) : ''))
    .filter(Boolean)
    .join(' · ');
}

/** The price column, as the page says it (shared guestPriceParts): one price per thing to buy, one per line. */
function priceLines(wine: PublicMenuWine, m: GuestMessages): string {
  return guestPriceParts(wine, { glass: m.t('wine.glass'), bottle: m.t('wine.bottle') }).join('\n');
}

/**
 * A4 PDF of a menu; `menuUrl` is the public address the QR code encodes and the header prints. In `lang` when the
 * menu offers it (issue 28), else pt-BR.
 */
export async function renderMenuPdf(
  data: PublicMenuResponse,
  menuUrl: string,
  lang: GuestLanguage = DEFAULT_GUEST_LANGUAGE,
): Promise<Buffer> {
  const shownIn = (data.menu.languages ?? []).includes(lang) ? lang : DEFAULT_GUEST_LANGUAGE;
  const m = guestMessages(shownIn);
  const { menu, categoryLabels } = localizeMenu(data, shownIn);
  const establishmentName = printableText(data.establishment.name);
  const menuName = printableText(menu.name);
  const description = menu.description ? printableText(menu.description) : '';
  const fonts = pdfFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: shownIn,
    displayTitle: true,
    info: { Title: `${menuName} — ${establishmentName}`, Author: establishmentName, Creator: 'Adega', Producer: 'Adega' },
  });
  doc.registerFont('serif', fonts.serif);
  doc.registerFont('serif-italic', fonts.serifItalic);
  doc.registerFont('sans', fonts.sans);
  doc.registerFont('sans-bold', fonts.sansBold);

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 14;

  // Header: establishment, menu, description on the left; the QR code on the right.
  const qrX = left + width - QR_SIZE;
  drawQr(doc, menuUrl, qrX, MARGIN, QR_SIZE);
  doc
    .font('sans')
    .fontSize(7)
    .fillColor(MUTED)
    .text(m.t('pdf.pointCamera'), qrX - 10, MARGIN + QR_SIZE + 4, {
      width: QR_SIZE + 20,
      align: 'center',
    });
  const headWidth = width - QR_SIZE - 24;
  doc.font('serif').fontSize(24).fillColor(INK).text(establishmentName, left, MARGIN, { width: headWidth });
  doc.font('serif-italic').fontSize(15).fillColor(WINE).text(menuName, { width: headWidth });
  if (description) doc.moveDown(0.3).font('sans').fontSize(10).fillColor(MUTED).text(description, { width: headWidth });
  doc.moveDown(0.3).font('sans').fontSize(9).fillColor(MUTED).text(printableText(menuUrl), { width: headWidth, link: menuUrl });
  if (shownIn !== DEFAULT_GUEST_LANGUAGE) doc.moveDown(0.2).text(m.t('menu.pricesNote'), { width: headWidth });
  doc.y = Math.max(doc.y, MARGIN + QR_SIZE + 18) + 12;

  const available = (Array.isArray(menu.wines) ? menu.wines : []).filter(isAvailable);
  if (available.length === 0) {
    doc.font('serif').fontSize(14).fillColor(INK).text(m.t('menu.unavailable.title'), left, doc.y, { width });
    doc.font('sans').fontSize(10).fillColor(MUTED).text(m.t('pdf.unavailable'), { width });
  }

  const priceWidth = 120;
  const nameWidth = width - priceWidth - 10;
  for (const group of groupByCategory(available, m, categoryLabels)) {
    // A heading never ends a page alone: keep room for it and its first wine.
    if (doc.y + 70 > bottom()) doc.addPage();
    doc.moveDown(0.6);
    doc.font('serif').fontSize(15).fillColor(WINE).text(printableText(group.label), left, doc.y, { width });
    const ruleY = doc.y + 2;
    doc
      .moveTo(left, ruleY)
      .lineTo(left + width, ruleY)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
    doc.y = ruleY + 6;

    for (const wine of group.wines) {
      const soldOut = wine.stock?.state === 'sold_out';
      const name = printableText(wine.name);
      const details = wineDetails(wine, m);
      const stock = stockText(wine.stock, m);
      doc.font('serif').fontSize(11);
      const nameHeight = doc.heightOfString(name, { width: nameWidth });
      doc.font('sans').fontSize(9);
      const detailsHeight = details ? doc.heightOfString(details, { width: nameWidth }) : 0;
      const price = priceLines(wine, m);
      doc.font('sans-bold').fontSize(11);
      const priceHeight = doc.heightOfString(price, { width: priceWidth }) + (stock ? STOCK_LINE : 0);
      if (doc.y + Math.max(nameHeight + detailsHeight, priceHeight) + 8 > bottom()) doc.addPage();
      const top = doc.y;
      // Sold out reads so at a glance: the price muted and struck through, "Esgotado" in bold under it.
      doc.fillColor(soldOut ? MUTED : INK).text(price, left + nameWidth + 10, top, { width: priceWidth, align: 'right', strike: soldOut });
      if (stock) doc.font('sans-bold').fontSize(9).fillColor(WINE).text(stock, { width: priceWidth, align: 'right' });
      const priceBottom = doc.y;
      doc
        .font('serif')
        .fontSize(11)
        .fillColor(soldOut ? MUTED : INK)
        .text(name, left, top, { width: nameWidth });
      if (details) doc.font('sans').fontSize(9).fillColor(MUTED).text(details, left, doc.y, { width: nameWidth });
      doc.y = Math.max(doc.y, priceBottom) + 6;
    }
  }

  // Footer on every page: where the live menu is, and the page count.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const y = doc.page.height - MARGIN + 6;
    doc.page.margins.bottom = 0;
    doc.font('sans').fontSize(8).fillColor(MUTED);
    doc.text(`${establishmentName} · ${menuName}`, left, y, { width: width - 80, lineBreak: false });
    doc.text(m.t('pdf.page', { n: i + 1, total: range.count }), left + width - 80, y, { width: 80, align: 'right', lineBreak: false });
  }
  return pdfBuffer(doc);
}
