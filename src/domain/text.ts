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

// An address as a mail server takes it (RFC 5321/5322 without the rarely used parts): a dot-atom
// local part, a domain of host-name labels ending in a letters-only top-level label. Quoted local
// parts, comments and address literals are refused: no customer needs them, and they are how
// markup gets into an address.
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LOCAL_PART = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`);
const HOST_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LABEL = /^[A-Za-z]{2,63}$/;

/** Whether a mail server would take this address (no blanks around it: trim first). */
export function isMailAddress(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at < 1) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  return (
    local.length <= 64 &&
    LOCAL_PART.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => HOST_LABEL.test(label)) &&
    TOP_LABEL.test(labels[labels.length - 1]!)
  );
}

// Characters a mail client may take as part of a host name: ASCII letters and digits, and any
// non-ASCII character but the ideographic and full-width dots, which clients read as dots. (The
// server's JS engine has no \p{L}: a wide range errs on the side of defanging.)
const HOST_CHARS = 'A-Za-z0-9\u00c0-\u3001\u3003-\uff0d\uff0f-\uff60\uff62-\uffff';
const DOT_CHARS = '.\u3002\uff0e\uff61';
/** A stretch of host-name characters and dots: where a domain could hide. */
const HOST_RUN = new RegExp(`[${HOST_CHARS}${DOT_CHARS}-]+`, 'g');
const SPLIT_DOTS = new RegExp(`([${DOT_CHARS}])`);
const HAS_HOST_CHAR = new RegExp(`[${HOST_CHARS}]`);
/** What a top-level label starts with: two letters ('com', 'example', 'Lima') or 'xn--'. */
const TOP_LIKE = new RegExp(
  '^(?:xn--|[A-Za-z\u00c0-\u3001\u3003-\uff0d\uff0f-\uff60\uff62-\uffff]{2})',
  'i',
);
// The scheme is bounded so that a long run of letters and dots costs linear time.
const SCHEME = /\b([a-z][a-z0-9+.-]{0,30}):\/\//gi;
const IPV4_LIKE = /(^|[^\d.])(\d{1,3}(?:\.\d{1,3}){3})(?!\d)/g;

/**
 * One stretch of host-name characters with every dot that joins two labels on the way to a
 * top-level-like label turned into '[.]'. Worked out right to left, in one pass: a regular
 * expression for it backtracks quadratically on text like 'a.a.a.a…', and this runs on the server.
 */
function defangRun(run: string): string {
  const parts = run.split(SPLIT_DOTS); // label, dot, label, dot, …, label
  const isLabel = (i: number) => HAS_HOST_CHAR.test(parts[i]!);
  // reaches[i]: from the label at parts[i], labels joined by dots lead to a top-level-like one.
  const reaches: boolean[] = [];
  for (let i = parts.length - 1; i >= 0; i -= 2) {
    reaches[i] =
      isLabel(i) && (TOP_LIKE.test(parts[i]!) || (i + 2 < parts.length && reaches[i + 2]!));
  }
  return parts
    .map((part, i) => (i % 2 === 1 && isLabel(i - 1) && reaches[i + 1] ? '[.]' : part))
    .join('');
}

/**
 * Text someone typed, made safe to show in an e-mail: mail clients turn URLs and bare domains in
 * plain text into links, so a form must not carry one of a visitor's. 'https://phish.example/login'
 * becomes 'hxxps[:]//phish[.]example/login' and 'phish.example' becomes 'phish[.]example': still
 * readable, no longer a link. Errs on the side of defanging ('R.Augusta' → 'R[.]Augusta').
 */
export function defang(value: string): string {
  return value
    .replace(SCHEME, (_, scheme: string) => `${scheme.replace(/^http/i, 'hxxp')}[:]//`)
    .replace(HOST_RUN, defangRun)
    .replace(IPV4_LIKE, (_, before: string, ip: string) => before + ip.replace(/\./g, '[.]'));
}

/**
 * A letter of any alphabet that has capitals (Latin with its accents, Greek, Cyrillic…), or of the
 * common scripts without them. Spelled out because the server's JS engine has no \p{L}.
 */
export function isLetter(char: string): boolean {
  if (char.toLowerCase() !== char.toUpperCase()) return true;
  const code = char.codePointAt(0) ?? 0;
  return (
    (code >= 0x05d0 && code <= 0x05ea) || // Hebrew
    (code >= 0x0620 && code <= 0x064a) || // Arabic
    (code >= 0x3041 && code <= 0x30ff) || // kana
    (code >= 0x4e00 && code <= 0x9fff) || // CJK ideographs
    (code >= 0xac00 && code <= 0xd7a3) // Hangul
  );
}

/** Lower case with no accents and single spaces: 'Goiânia' and ' goiania' compare equal. */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}
