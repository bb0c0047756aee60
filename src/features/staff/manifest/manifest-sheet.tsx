import { company } from '../../../config/company';
import type { ManifestSheet } from '../../../domain';

/**
 * A4 portrait, each page numbered (a long route takes several, and loose pages get mixed up). On
 * paper only the sheets show: the site's header, menus, footer, toasts and this
 * page's own controls stay off it. The table's head repeats on each page and a stop is never cut
 * between two pages (the driver and the receiver sign on its row). On screen a sheet looks like the
 * paper; on a phone its table scrolls sideways rather than squeezing the columns unreadable.
 */
export const MANIFEST_PRINT_CSS = `
@page {
  size: A4 portrait; margin: 12mm 10mm 12mm 10mm;
  @bottom-right {
    content: "Página " counter(page) " de " counter(pages);
    font-family: Arial, Helvetica, sans-serif; font-size: 8pt;
  }
}
.rv-sheet {
  box-sizing: border-box; max-width: 210mm; margin: 0 auto 8mm; padding: 10mm;
  background: #fff; color: #000; border: 1px solid #d4d4d8;
  font-family: Arial, Helvetica, sans-serif; font-size: 9pt; line-height: 1.3;
}
.rv-sheet + .rv-sheet { break-before: page; }
.rv-sheet .rv-head {
  display: flex; justify-content: space-between; align-items: flex-start; gap: 4mm;
  border-bottom: 0.5mm solid #000; padding-bottom: 2mm; margin-bottom: 2mm;
}
.rv-sheet .rv-company { font-size: 12pt; font-weight: bold; }
.rv-sheet .rv-title { font-size: 14pt; font-weight: bold; text-transform: uppercase; text-align: right; margin: 0; }
.rv-sheet .rv-meta { display: flex; flex-wrap: wrap; gap: 1mm 8mm; margin: 0 0 3mm; }
.rv-sheet .rv-meta b { font-weight: bold; }
.rv-sheet .rv-scroll { overflow-x: auto; }
.rv-sheet table { width: 100%; min-width: 180mm; border-collapse: collapse; table-layout: fixed; font-size: 8pt; }
.rv-sheet thead { display: table-header-group; }
.rv-sheet th, .rv-sheet td {
  border: 0.3mm solid #000; padding: 1mm 1.2mm; text-align: left; vertical-align: top;
  overflow-wrap: anywhere;
}
.rv-sheet th { background: #eee; font-weight: bold; }
.rv-sheet th:first-child { white-space: nowrap; }
.rv-sheet tr { break-inside: avoid; page-break-inside: avoid; }
.rv-sheet td { height: 12mm; }
.rv-sheet .rv-num { white-space: nowrap; }
.rv-sheet .rv-right { text-align: right; overflow-wrap: normal; }
.rv-sheet .rv-small { font-size: 7pt; }
.rv-sheet .rv-totals {
  display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 1mm 8mm;
  margin-top: 2mm; font-size: 10pt; break-inside: avoid;
}
.rv-sheet .rv-receipt { margin: 5mm 0 0; break-inside: avoid; }
.rv-sheet .rv-signatures {
  display: flex; gap: 12mm; margin-top: 14mm; break-inside: avoid;
}
.rv-sheet .rv-signature { flex: 1; border-top: 0.3mm solid #000; padding-top: 1mm; }
@media screen and (max-width: 600px) { .rv-sheet { padding: 4mm; } }
@media print {
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body *:not(:has([data-manifest])):not([data-manifest]):not([data-manifest] *) { display: none !important; }
  *:has([data-manifest]) {
    margin: 0 !important; padding: 0 !important; border: 0 !important; gap: 0 !important;
    min-height: 0 !important; max-width: none !important; box-shadow: none !important;
  }
  .rv-sheet { max-width: none; margin: 0; padding: 0; border: none; }
  .rv-sheet .rv-scroll { overflow: visible; }
  .rv-sheet table { min-width: 0; }
  .rv-sheet th { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`;

// The columns' widths, in millimetres of A4's 190 between the margins: the signature gets room for
// a signature, the rest just what it holds.
const COLUMNS = [
  ['Nº', 7],
  ['Número', 22],
  ['Recebedor', 23],
  ['Endereço', 33],
  ['CEP', 17],
  ['Conteúdo', 19],
  ['Peso (kg)', 11],
  ['Valor declarado', 20],
  ['Assinatura do recebedor', 38],
] as const;
const TOTAL_MM = COLUMNS.reduce((sum, [, mm]) => sum + mm, 0);

/** A line to write on by hand, where a name or a date is not known to the device. */
const BLANK = '______________________________';

/** One romaneio, as printed: who, when, the stops in order, the totals and both signatures. */
export function ManifestSheetView({
  sheet,
  driverName,
  day,
  printedAt,
}: {
  sheet: ManifestSheet;
  /** '' when unknown: the sheet leaves a line to write it. */
  driverName: string;
  /** 'dd/mm/aaaa'. */
  day: string;
  /** 'dd/mm/aaaa hh:mm'. */
  printedAt: string;
}) {
  return (
    <section className="rv-sheet" aria-label={`Romaneio de ${driverName || 'motorista a definir'}`}>
      <div className="rv-head">
        <div>
          <div className="rv-company">{company.name}</div>
          <div className="rv-small">
            {company.phone} · {company.email}
          </div>
        </div>
        <h2 className="rv-title">Romaneio de entrega</h2>
      </div>
      <div className="rv-meta">
        <span>
          Motorista: <b>{driverName || BLANK}</b>
        </span>
        <span>
          Data: <b>{day}</b>
        </span>
        <span>Impresso em {printedAt}</span>
      </div>
      {/* Focusable: on a phone the table scrolls sideways, by keyboard too. */}
      <div className="rv-scroll" role="group" aria-label="Paradas" tabIndex={0}>
        <table>
          <colgroup>
            {COLUMNS.map(([name, mm]) => (
              <col key={name} style={{ width: `${((mm / TOTAL_MM) * 100).toFixed(2)}%` }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {COLUMNS.map(([name]) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sheet.lines.map((line) => (
              <tr key={line.id}>
                <td className="rv-right">{line.place}</td>
                <td>
                  <span className="rv-num">{line.number || 'provisório'}</span>
                  {line.promised && <div className="rv-small">Previsão {line.promised}</div>}
                </td>
                <td>
                  {line.receiver}
                  {line.attention && <div className="rv-small">A/C {line.attention}</div>}
                </td>
                <td>
                  {line.address}
                  {line.city && <div>{line.city}</div>}
                </td>
                <td className="rv-num">{line.cep}</td>
                <td>{line.contents}</td>
                <td className="rv-right">{line.weight}</td>
                <td className="rv-right">{line.declared}</td>
                <td />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="rv-totals" role="group" aria-label="Totais">
        <span>
          Paradas: <b>{sheet.stops}</b>
        </span>
        <span>
          Peso total: <b>{sheet.totalWeight}</b>
        </span>
        <span>
          Valor declarado total: <b>{sheet.totalDeclared}</b>
        </span>
      </div>
      <p className="rv-receipt">
        {sheet.stops === 1
          ? 'Recebi a encomenda acima para entrega, em bom estado.'
          : `Recebi as ${sheet.stops} encomendas acima para entrega, em bom estado.`}
      </p>
      <div className="rv-signatures">
        <div className="rv-signature">
          <div>
            Motorista: <b>{driverName || BLANK}</b>
          </div>
          <div>Data: {day}</div>
        </div>
        <div className="rv-signature">
          <div>
            Expedição: <b>{company.shortName}</b>
          </div>
          <div>Data: {day}</div>
        </div>
      </div>
    </section>
  );
}
