import type { Plugin } from 'vite';

/**
 * A module whose import of a large library is replaced, in a build, by `replacement`: code that
 * defines the same names but loads the library only when (or after) they are first used. The
 * module keeps its plain import for the tests and the prerender. Fails the build when the module
 * no longer has the exact import line, rather than silently bundling the library again.
 */
function onDemand(name: string, file: string, importLine: string, replacement: string): Plugin {
  return {
    name,
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith(file)) return null;
      if (!code.includes(importLine)) throw new Error(`${file} no longer has ${importLine}`);
      return code.replace(importLine, replacement);
    },
  };
}

/**
 * src/domain/masks.ts with the mask library (imask) loaded apart: `replacement` defines `IMask`
 * with the one method the module calls, `pipe`, which formats a partial value. Whole values never
 * reach it (they are written straight into their pattern), so most callers never need the
 * library. The server's bundle and the browser's load it differently (vite.hooks.config.ts,
 * vite.config.ts).
 */
export const masksOnDemand = (replacement: string) =>
  onDemand('masks-on-demand', '/src/domain/masks.ts', "import IMask from 'imask';", replacement);

/**
 * server/api/label.ts with the barcode encoders (bwip-js's Code 128 and QR, ~300 KB) required
 * when the API first draws a label: like the mask library, not held by every JS machine of the
 * server for every request.
 */
export const barcodesOnDemand = () =>
  onDemand(
    'barcodes-on-demand',
    '/server/api/label.ts',
    "import { code128Bars, qrAreas } from './barcodes';",
    "const code128Bars = (...args) => require('./barcodes').code128Bars(...args);\n" +
      "const qrAreas = (...args) => require('./barcodes').qrAreas(...args);",
  );
