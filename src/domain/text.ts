/** Rules on typed text that need no mask library (the server bundle uses them too). */

export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

/** Tracking numbers are digits only (waybill, CPF or CNPJ); spaces and anything else go. */
export function normalizeTrackingNumber(value: string): string {
  return digitsOnly(value);
}

// C0/C1 control characters (a line break survives in multi-line text) and the invisible marks that
// reorder or hide text: right-to-left overrides and isolates, zero-width characters, the BOM.
const CONTROLS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

// Anything cleanText would change inside the text: tested first, since nearly all text is clean
// and the server's JS engine runs one test far faster than the replacements below.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NEEDS_CLEANING = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

/** Text as it is stored: no control or direction-changing characters, no surrounding blanks. */
export function cleanText(value: string, multiline = false): string {
  if (!NEEDS_CLEANING.test(value)) return value.trim();
  const unified = value.replace(/\r\n?/g, '\n').replace(/\t/g, ' ');
  const text = unified.replace(CONTROLS, '');
  return (multiline ? text : text.replace(/\n+/g, ' ')).trim();
}
