/**
 * Reading our labels with the camera: the browser's own BarcodeDetector where it reads Code 128
 * and QR codes, else the barcode-detector ponyfill (ZXing compiled to WebAssembly). This module is
 * loaded only when the scanner first opens; the decoder's binary (about 1 MB) comes from our own
 * origin, never a CDN, and the service worker keeps it once fetched, so scanning works offline.
 */
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export interface BarcodeReader {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}

const FORMATS = ['code_128', 'qr_code'];

interface NativeDetector {
  new (options: { formats: string[] }): BarcodeReader;
  getSupportedFormats(): Promise<string[]>;
}

export async function createReader(): Promise<BarcodeReader> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (Native) {
    try {
      const supported = await Native.getSupportedFormats();
      if (FORMATS.every((f) => supported.includes(f))) return new Native({ formats: FORMATS });
    } catch {
      // A detector that cannot say what it reads: the ponyfill below.
    }
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  // Fetched and compiled now: a decoder that cannot load (never fetched, and no signal) fails
  // here, where the scanner can say so, not on every frame after.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? wasmUrl : prefix + path,
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: FORMATS as ['code_128', 'qr_code'] });
}
