/**
 * A spreadsheet file picked on the device, as a table of cells for src/domain/pickup-import.ts:
 * CSV (any delimiter the domain recognises, UTF-8 or the Windows encoding Excel in Portuguese
 * saves 'CSV' in) or XLSX. The XLSX reader loads only when an XLSX is picked, in a chunk of its own.
 */
import { csvTable, MAX_IMPORT_BYTES, type Cell } from '../domain/pickup-import';

export type SpreadsheetReading = { table: Cell[][]; problem?: string } | { refused: string };

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** An old Excel workbook (.xls, the Office 97 compound file). */
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/**
 * Text as Excel wrote it: UTF-8 ('CSV UTF-8', with its byte-order mark, or any other program), or
 * Windows-1252, what Excel in Portuguese writes for plain 'CSV' (an 'ã' there is one byte that is
 * not UTF-8).
 */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The first sheet of an XLSX file, or why it cannot be read. */
async function xlsxTable(bytes: Uint8Array): Promise<SpreadsheetReading> {
  const { readXlsx } = await import('./xlsx-reader');
  try {
    return { table: await readXlsx(bytes) };
  } catch {
    return {
      refused:
        'Não foi possível ler esta planilha. Salve-a de novo como .xlsx ou como CSV e tente outra vez.',
    };
  }
}

/** The file's cells, or why it cannot be read. */
export async function readSpreadsheet(file: Blob): Promise<SpreadsheetReading> {
  if (file.size > MAX_IMPORT_BYTES) {
    return { refused: 'O arquivo é grande demais para uma planilha de solicitações (até 5 MB).' };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (startsWith(bytes, ZIP)) return xlsxTable(bytes);
  if (startsWith(bytes, OLE)) {
    return {
      refused:
        'Este é o formato antigo do Excel (.xls). Salve a planilha como .xlsx ou como CSV e tente de novo.',
    };
  }
  return csvTable(decodeText(bytes));
}

/** SHA-256 with the device's WebCrypto: the rows' record ids are made from it. */
export async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}
