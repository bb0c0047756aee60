/**
 * XLSX, read on the page's own thread: imported only by src/lib/spreadsheet.ts when an XLSX is
 * picked, so this and its libraries are a chunk of their own, never in a page's first load.
 */
import { unzipSync, zipSync } from 'fflate';
// The universal build: the browser build starts Web Workers from blob: addresses, which the site's
// CSP (worker-src 'self') blocks.
import { readSheet } from 'read-excel-file/universal';
import type { Cell } from '../domain/pickup-import';

/**
 * The parts of an XLSX file its reader needs, unzipped here and zipped again uncompressed. The
 * reader's unzipper (fflate) hands any part of 512 KB or more to a worker from a blob: address
 * too, which the CSP blocks without an error: the read never ended (a workbook with a long second
 * sheet of addresses, say). Stored parts it copies on this thread.
 */
function withoutCompression(bytes: Uint8Array): ArrayBuffer {
  const parts = unzipSync(bytes, { filter: (file) => /\.(xml|rels)$/.test(file.name) });
  const stored = zipSync(parts, { level: 0 });
  return stored.buffer.slice(
    stored.byteOffset,
    stored.byteOffset + stored.byteLength,
  ) as ArrayBuffer;
}

/** The first sheet's rows of cells (throws on a file that is not a readable workbook). */
export async function readXlsx(bytes: Uint8Array): Promise<Cell[][]> {
  return (await readSheet(withoutCompression(bytes))) as Cell[][];
}
