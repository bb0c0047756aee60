/**
 * The client area's printable sheets ('Comprovante de entrega', 'Extrato'), A4 portrait with
 * numbered pages, as the office's romaneio prints: on paper only the element marked
 * `data-print-sheet` shows (the site's header, menus, footer, toasts and the page's own buttons
 * stay off it). On screen a sheet looks like the paper; on a phone a wide table scrolls sideways
 * inside it rather than squeezing its columns unreadable.
 */
export const SHEET_PRINT_CSS = `
@page {
  size: A4 portrait; margin: 12mm 12mm 14mm 12mm;
  @bottom-right {
    content: "Página " counter(page) " de " counter(pages);
    font-family: Arial, Helvetica, sans-serif; font-size: 8pt;
  }
}
.cs-sheet {
  box-sizing: border-box; width: 100%; max-width: 210mm; margin: 0 auto; padding: 10mm;
  background: #fff; color: #000; border: 1px solid #d4d4d8;
  font-family: Arial, Helvetica, sans-serif; font-size: 10pt; line-height: 1.35;
  /* Its width is its column's: a wide table scrolls inside it instead of widening the page. */
  contain: inline-size;
}
.cs-sheet a { color: #0b3d91; text-decoration: underline; }
.cs-sheet .cs-head {
  display: flex; justify-content: space-between; align-items: flex-start; gap: 4mm; flex-wrap: wrap;
  border-bottom: 0.5mm solid #000; padding-bottom: 2mm; margin-bottom: 4mm;
}
.cs-sheet .cs-company { font-size: 12pt; font-weight: bold; }
.cs-sheet .cs-small { font-size: 8pt; }
.cs-sheet .cs-title { font-size: 14pt; font-weight: bold; text-transform: uppercase; margin: 0; }
.cs-sheet dl { display: grid; grid-template-columns: minmax(32mm, max-content) 1fr; gap: 1.5mm 4mm; margin: 0 0 4mm; }
.cs-sheet dt { font-weight: bold; }
.cs-sheet dd { margin: 0; overflow-wrap: anywhere; }
.cs-sheet .cs-figures { display: flex; flex-wrap: wrap; gap: 4mm; break-inside: avoid; }
.cs-sheet figure { margin: 0; flex: 1 1 70mm; break-inside: avoid; }
.cs-sheet figcaption { font-weight: bold; margin-bottom: 1mm; }
.cs-sheet figure img {
  display: block; box-sizing: border-box; max-width: 100%; max-height: 110mm; border: 0.3mm solid #999;
}
.cs-sheet .cs-note { font-size: 8pt; margin: 3mm 0 0; }
.cs-sheet .cs-scroll { overflow-x: auto; }
.cs-sheet table { width: 100%; min-width: 175mm; border-collapse: collapse; font-size: 8pt; }
.cs-sheet thead { display: table-header-group; }
.cs-sheet th, .cs-sheet td { border: 0.3mm solid #000; padding: 1mm 1.2mm; text-align: left; vertical-align: top; }
.cs-sheet th { background: #eee; font-weight: bold; }
.cs-sheet tr { break-inside: avoid; page-break-inside: avoid; }
.cs-sheet .cs-num { white-space: nowrap; }
.cs-sheet .cs-right { text-align: right; white-space: nowrap; }
.cs-sheet tfoot td { font-weight: bold; background: #f6f6f6; }
@media screen and (max-width: 600px) { .cs-sheet { padding: 4mm; } }
@media print {
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body *:not(:has([data-print-sheet])):not([data-print-sheet]):not([data-print-sheet] *) { display: none !important; }
  *:has([data-print-sheet]) {
    margin: 0 !important; padding: 0 !important; border: 0 !important; gap: 0 !important;
    min-height: 0 !important; max-width: none !important; box-shadow: none !important;
  }
  .cs-sheet { max-width: none; margin: 0; padding: 0; border: none; }
  .cs-sheet .cs-scroll { overflow: visible; }
  .cs-sheet table { min-width: 0; }
  .cs-sheet th, .cs-sheet tfoot td { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .cs-sheet .cs-screen-only { display: none; }
}
`;

/** A Blob saved as a file by the browser ('Baixar'). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
