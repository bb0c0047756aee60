// Reading barcodes as a scanner would: ZXing (compiled to WebAssembly) decodes a screenshot. The
// decoder's binary is read from node_modules: it never goes to the network.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);
let prepared = false;

/** Every Code 128 and QR code found in a PNG, as [format, text]. */
export async function barcodesIn(png: Buffer): Promise<[string, string][]> {
  if (!prepared) {
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    prepareZXingModule({ overrides: { wasmBinary: wasm.buffer as ArrayBuffer } });
    prepared = true;
  }
  const found = await readBarcodes(new Uint8Array(png), { formats: ['Code128', 'QRCode'] });
  return found.map((b) => [b.format, b.text]);
}
