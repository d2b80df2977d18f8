import QRCode from 'qrcode';

/** Draws a QR code as vector squares (sharp at any print size) with its top-left corner at (x, y). */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const cell = size / count;
  doc.save().fillColor('#000000');
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell + 0.01, cell + 0.01);
    }
  }
  doc.fill().restore();
}

/** Collects a finished PDFKit document into one buffer. */
export function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
