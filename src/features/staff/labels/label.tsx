import { code128, drawingSVG } from 'bwip-js/browser';
import { create as createQr } from 'qrcode';
import { memo } from 'react';
import { company } from '../../../config/company';
import {
  addressLine,
  formatCep,
  formatDay,
  formatKg,
  type Party,
  type ShipmentDetails,
} from '../../../domain';

/**
 * One page per label, 10×15 cm with no browser margins; on screen the labels sit one under the
 * other. Everything but the labels (the site's header, menus, toasts) stays off the paper.
 */
export const LABEL_PRINT_CSS = `
@page { size: 100mm 150mm; margin: 0; }
.rv-label {
  width: 100mm; height: 150mm; box-sizing: border-box; padding: 4mm; margin: 0 auto 6mm;
  border: 1px solid #000; background: #fff; color: #000; font-family: Arial, Helvetica, sans-serif;
  display: flex; flex-direction: column; gap: 2mm; overflow: hidden; break-inside: avoid;
}
.rv-label svg { display: block; }
.rv-label .rv-row { display: flex; justify-content: space-between; align-items: center; gap: 2mm; }
.rv-label .rv-block { border-top: 0.4mm solid #000; padding-top: 1.5mm; font-size: 9pt; line-height: 1.25; }
.rv-label .rv-title { font-size: 7pt; font-weight: bold; letter-spacing: 0.05em; }
.rv-label .rv-name { font-size: 11pt; font-weight: bold; }
.rv-label .rv-cep { font-size: 20pt; font-weight: bold; letter-spacing: 0.03em; }
.rv-label .rv-number { font-size: 15pt; font-weight: bold; text-align: center; letter-spacing: 0.08em; }
@media screen and (max-width: 440px) { .rv-label { zoom: 0.85; } }
@media print {
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body *:not(:has([data-labels])):not([data-labels]):not([data-labels] *) { display: none !important; }
  *:has([data-labels]) {
    margin: 0 !important; padding: 0 !important; border: 0 !important; gap: 0 !important;
    min-height: 0 !important; max-width: none !important; box-shadow: none !important;
  }
  .rv-label { margin: 0; border: none; break-after: page; }
  .rv-label:last-child { break-after: auto; }
}
`;

/**
 * A barcode as SVG markup: the Code 128 for scanners drawn by bwip-js; the QR for phones from the
 * modules `qrcode` encodes, as one path of runs of dark modules per row. bwip-js draws QR codes
 * too, but ~10 ms each (its encoder runs as emulated PostScript): a hundred labels waited a
 * second on them; `qrcode` encodes the same link in under 1 ms.
 */
function svgOf(kind: 'code128' | 'qrcode', text: string): string {
  if (kind === 'code128') {
    return code128(
      { bcid: 'code128', text, height: 16, scale: 3, includetext: false },
      drawingSVG(),
    );
  }
  const { modules } = createQr(text, { errorCorrectionLevel: 'M' });
  const { size } = modules;
  let path = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!modules.get(y, x)) continue;
      let run = 1;
      while (x + run < size && modules.get(y, x + run)) run++;
      path += `M${x} ${y}h${run}v1h-${run}z`;
      x += run;
    }
  }
  return `<svg viewBox="0 0 ${size} ${size}" xmlns="http://www.w3.org/2000/svg" shape-rendering="crispEdges"><path d="${path}" fill="#000"/></svg>`;
}

function Barcode({
  kind,
  text,
  width,
}: {
  kind: 'code128' | 'qrcode';
  text: string;
  width: string;
}) {
  return (
    <div
      role="img"
      aria-label={kind === 'code128' ? `Código de barras ${text}` : `QR code ${text}`}
      style={{ width }}
      // bwip-js draws the symbol; its markup is made from the number and our own link only.
      dangerouslySetInnerHTML={{ __html: svgOf(kind, text).replace('<svg ', '<svg width="100%" ') }}
    />
  );
}

function PartyBlock({ details, party }: { details: ShipmentDetails; party: Party }) {
  const get = (name: string) => String(details[`${party}${name}`] ?? '');
  const place = [get('City'), get('State')].filter(Boolean).join(' - ');
  const recipient = party === 'recipient';
  return (
    <div className="rv-block" style={recipient ? undefined : { fontSize: '8pt' }}>
      <div className="rv-title">{recipient ? 'DESTINATÁRIO' : 'REMETENTE'}</div>
      <div
        className={recipient ? 'rv-name' : undefined}
        style={recipient ? undefined : { fontWeight: 'bold' }}
      >
        {get('Name')}
      </div>
      <div>{addressLine(details, party)}</div>
      <div className="rv-row">
        <span>{place}</span>
        <span
          className={recipient ? 'rv-cep' : undefined}
          style={recipient ? undefined : { fontWeight: 'bold' }}
        >
          CEP {formatCep(get('Zip'))}
        </span>
      </div>
    </div>
  );
}

/** One shipment's label: company, service, barcode and number, both parties, weight, promise, QR. */
export const Label = memo(function Label({
  number,
  details,
}: {
  number: string;
  details: ShipmentDetails;
}) {
  const link = `${window.location.origin}/rastrear?numero=${number}`;
  const weight = Number(details.weightKg) || 0;
  return (
    <section className="rv-label" aria-label={`Etiqueta ${number}`}>
      <div className="rv-row">
        <strong style={{ fontSize: '11pt' }}>{company.shortName}</strong>
        <strong style={{ fontSize: '14pt', border: '0.5mm solid #000', padding: '0.5mm 2mm' }}>
          {String(details.service).toUpperCase()}
        </strong>
      </div>
      <Barcode kind="code128" text={number} width="100%" />
      <div className="rv-number">{number}</div>
      <PartyBlock details={details} party="recipient" />
      <PartyBlock details={details} party="sender" />
      <div className="rv-block rv-row" style={{ marginTop: 'auto', alignItems: 'flex-end' }}>
        <div>
          <div>
            <b>Peso:</b> {weight ? formatKg(weight) : '—'}
          </div>
          <div>
            <b>Previsão de entrega:</b> {formatDay(String(details.promisedDate)) || '—'}
          </div>
          <div style={{ fontSize: '7pt', marginTop: '1mm' }}>
            Rastreie em {link.replace(/^https?:\/\//, '')}
          </div>
        </div>
        <Barcode kind="qrcode" text={link} width="24mm" />
      </div>
    </section>
  );
});
