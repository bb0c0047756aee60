// A shipment's label as a PDF page of 10×15 cm (`GET /api/v1/remessas/{number}/etiqueta`): what the
// office's label page prints (src/features/staff/labels; the words are src/domain/labels.ts), laid
// out for a thermal label printer or any PDF reader. The Code 128 and the QR code are vector
// shapes, sharp at any printer's resolution.
import type { LabelParty, LabelText } from '../../src/domain/labels';
import type { BarcodeShape } from './barcodes';
// Evaluated when a label is first drawn, not as the server loads (vite.on-demand.ts).
import { code128Bars, qrAreas } from './barcodes';
import { PdfPage } from './pdf';

const PAGE = { width: 100, height: 150, margin: 4 };
const INNER = PAGE.width - 2 * PAGE.margin;
/** Points to millimetres, for line heights. */
const MM = 25.4 / 72;

/** The Code 128 across the label, leaving the quiet zone scanners need on both sides. */
function drawBars(page: PdfPage, bars: BarcodeShape, top: number, height: number): void {
  const width = 72;
  const left = (PAGE.width - width) / 2;
  const unit = width / bars.width;
  for (const [from, to] of bars.bars)
    page.rect(left + from * unit, top, (to - from) * unit, height);
}

function drawQr(page: PdfPage, qr: BarcodeShape, left: number, top: number, size: number): void {
  const sx = size / qr.width;
  const sy = size / qr.height;
  page.polygons(qr.areas.map((points) => points.map(([x, y]) => [left + x * sx, top + y * sy])));
}

function rule(page: PdfPage, y: number): void {
  page.rect(PAGE.margin, y, INNER, 0.4);
}

/** A party's block from `top`; where the next one may start. */
function drawParty(page: PdfPage, party: LabelParty, top: number, main: boolean): number {
  const x = PAGE.margin;
  let y = top + 1.5 + 7 * MM;
  page.text(x, y, party.title, 7, { bold: true });
  const nameSize = main ? 11 : 8;
  for (const line of page.wrap(party.name, INNER, nameSize, 2, true)) {
    y += nameSize * MM * 1.2;
    page.text(x, y, line, nameSize, { bold: true });
  }
  const size = main ? 9 : 8;
  for (const line of page.wrap(party.address, INNER, size, main ? 3 : 2)) {
    y += size * MM * 1.25;
    page.text(x, y, line, size);
  }
  const cepSize = main ? 20 : 8;
  const cepWidth = page.textWidth(party.cep, cepSize, true);
  const placeFits = page.textWidth(party.place, size) + cepWidth + 3 <= INNER;
  if (!placeFits) {
    y += size * MM * 1.25;
    page.text(x, y, page.wrap(party.place, INNER, size, 1)[0] ?? '', size);
  }
  y += cepSize * MM * (main ? 1.05 : 1.25);
  if (placeFits) page.text(x, y, party.place, size);
  page.text(PAGE.width - PAGE.margin, y, party.cep, cepSize, { bold: true, align: 'right' });
  return y + 2;
}

/** The label's PDF file (as a string of 7-bit ASCII). */
export function labelPdf(label: LabelText): string {
  const page = new PdfPage(PAGE.width, PAGE.height);
  const x = PAGE.margin;
  const right = PAGE.width - PAGE.margin;

  // The company, and the service in a box.
  page.text(x, 10, label.company, 11, { bold: true });
  const serviceWidth = page.textWidth(label.service, 14, true);
  page.frame(right - serviceWidth - 4, 4, serviceWidth + 4, 8, 0.5);
  page.text(right - 2, 10.4, label.service, 14, { bold: true, align: 'right' });

  // The number, for scanners and for people.
  drawBars(page, code128Bars(label.number), 15, 20);
  page.text(PAGE.width / 2, 42, label.number, 15, { bold: true, align: 'center' });

  rule(page, 45);
  const afterRecipient = drawParty(page, label.recipient, 45.4, true);
  rule(page, afterRecipient);
  drawParty(page, label.sender, afterRecipient + 0.4, false);

  // Weight, promise and the tracking link, beside its QR code at the foot.
  const qrSize = 24;
  const foot = PAGE.height - PAGE.margin - qrSize;
  rule(page, foot - 2);
  page.text(x, foot + 4, `Peso: ${label.weight}`, 9, { bold: true });
  page.text(x, foot + 9, `Previsão de entrega: ${label.promise}`, 9, { bold: true });
  const linkLines = page.wrap(label.linkText, INNER - qrSize - 3, 7, 3);
  linkLines.forEach((line, i) => page.text(x, foot + 15 + i * 3, line, 7));
  drawQr(page, qrAreas(label.link), right - qrSize, foot, qrSize);

  return page.toPdf(`Etiqueta ${label.number}`);
}
