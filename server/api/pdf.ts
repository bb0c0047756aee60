// A one-page PDF of text and filled shapes, written by hand: what a shipping label needs and no
// more. PDF libraries do not fit PocketBase's JS machines (pdf-lib's API is asynchronous, jsPDF
// and PDFKit expect a browser or Node), and this is some 150 lines. Text uses two of PDF's own
// base fonts (Helvetica and Helvetica-Bold, nothing embedded: every reader and printer has them)
// in WinAnsiEncoding, which covers Portuguese. The file is 7-bit ASCII (other bytes are written
// as octal escapes), so it travels as a JS string with its byte offsets right.
// Units: millimetres from the page's top left corner; font sizes in points.

const PT_PER_MM = 72 / 25.4;

/** Helvetica's and Helvetica-Bold's advance widths (1/1000 em) for codes 32–126 (Adobe's AFM). */
// prettier-ignore
const WIDTHS = {
  regular: [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
    611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
    222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
  ],
  bold: [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667,
    611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556,
    278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
  ],
};

/** Typographic signs WinAnsi writes otherwise (or not at all), as plain ones. */
const PLAIN: Record<string, string> = {
  '\u2013': '-',
  '\u2014': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2022': '-',
  '\u2026': '...',
};

/** The text as WinAnsi codes: Latin-1 as it is, a few signs made plain, anything else '?'. */
function winAnsi(text: string): number[] {
  const codes: number[] = [];
  for (const char of text.normalize('NFC')) {
    const plain = PLAIN[char];
    if (plain) {
      for (let i = 0; i < plain.length; i++) codes.push(plain.charCodeAt(i));
      continue;
    }
    const code = char.charCodeAt(0);
    if (code >= 32 && code <= 126) codes.push(code);
    else if (code >= 0xa0 && code <= 0xff) codes.push(code === 0xa0 ? 32 : code);
    else codes.push(code < 32 ? 32 : 63);
  }
  return codes;
}

/** A code's width: Latin-1 letters as their letter without the accent ('ã' as 'a'). */
function widthOf(code: number, bold: boolean): number {
  const table = bold ? WIDTHS.bold : WIDTHS.regular;
  if (code >= 32 && code <= 126) return table[code - 32]!;
  const base = String.fromCharCode(code).normalize('NFD').charCodeAt(0);
  return base >= 32 && base <= 126 ? table[base - 32]! : 556;
}

/** A PDF literal string: ASCII as it is, other bytes as octal escapes. */
function literal(codes: number[]): string {
  let out = '(';
  for (const code of codes) {
    if (code === 40 || code === 41 || code === 92) out += '\\' + String.fromCharCode(code);
    else if (code >= 32 && code <= 126) out += String.fromCharCode(code);
    else out += '\\' + code.toString(8).padStart(3, '0');
  }
  return out + ')';
}

const num = (n: number) => String(Math.round(n * 100) / 100);

export class PdfPage {
  private ops: string[] = [];

  constructor(
    readonly widthMm: number,
    readonly heightMm: number,
  ) {}

  private x = (mm: number) => num(mm * PT_PER_MM);
  private y = (mm: number) => num((this.heightMm - mm) * PT_PER_MM);

  /** The width of a line of text, in millimetres. */
  textWidth(text: string, sizePt: number, bold = false): number {
    let units = 0;
    for (const code of winAnsi(text)) units += widthOf(code, bold);
    return ((units / 1000) * sizePt) / PT_PER_MM;
  }

  /** One line of text whose baseline is at `y`; `align` 'right' ends it at `x`, 'center' centres it. */
  text(
    x: number,
    y: number,
    text: string,
    sizePt: number,
    { bold = false, align = 'left' }: { bold?: boolean; align?: 'left' | 'right' | 'center' } = {},
  ): void {
    const width = this.textWidth(text, sizePt, bold);
    const left = align === 'right' ? x - width : align === 'center' ? x - width / 2 : x;
    this.ops.push(
      `BT /${bold ? 'F2' : 'F1'} ${num(sizePt)} Tf ${this.x(left)} ${this.y(y)} Td ${literal(winAnsi(text))} Tj ET`,
    );
  }

  /**
   * Text broken into lines of at most `width` (by words; a word longer than a line is cut), at
   * most `maxLines` (the last one ends with '...' when text is left). The lines, for the caller to
   * place.
   */
  wrap(text: string, width: number, sizePt: number, maxLines: number, bold = false): string[] {
    const fits = (line: string) => this.textWidth(line, sizePt, bold) <= width;
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (fits(next)) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (!fits(line)) {
        let cut = line.length - 1;
        while (cut > 1 && !fits(line.slice(0, cut))) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    if (line) lines.push(line);
    if (lines.length <= maxLines) return lines;
    const kept = lines.slice(0, maxLines);
    let last = kept[maxLines - 1]!;
    while (last && !fits(`${last}...`)) last = last.slice(0, -1);
    kept[maxLines - 1] = `${last}...`;
    return kept;
  }

  /** A filled rectangle. */
  rect(x: number, y: number, width: number, height: number): void {
    this.ops.push(
      `${this.x(x)} ${this.y(y + height)} ${num(width * PT_PER_MM)} ${num(height * PT_PER_MM)} re f`,
    );
  }

  /** An outlined rectangle, its line `lineMm` thick. */
  frame(x: number, y: number, width: number, height: number, lineMm: number): void {
    this.ops.push(
      `${num(lineMm * PT_PER_MM)} w ${this.x(x)} ${this.y(y + height)} ${num(width * PT_PER_MM)} ${num(height * PT_PER_MM)} re S`,
    );
  }

  /** Closed polygons filled together by the even-odd rule (a QR code's areas and their holes). */
  polygons(shapes: [number, number][][]): void {
    if (!shapes.length) return;
    const path = shapes
      .map((points) =>
        points.map(([px, py], i) => `${this.x(px)} ${this.y(py)} ${i === 0 ? 'm' : 'l'}`).join(' '),
      )
      .join(' h ');
    this.ops.push(`${path} h f*`);
  }

  /** The whole file. `title` names the document in a reader's window. */
  toPdf(title: string): string {
    const content = this.ops.join('\n');
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(this.widthMm * PT_PER_MM)} ${num(this.heightMm * PT_PER_MM)}] ` +
        '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      `<< /Title ${literal(winAnsi(title))} >>`,
    ];
    let out = '%PDF-1.4\n';
    const offsets: number[] = [];
    objects.forEach((body, i) => {
      offsets.push(out.length);
      out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    });
    const xref = out.length;
    out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
    for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
    out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return out;
  }
}
