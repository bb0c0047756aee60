import { defineConfig, type Plugin } from 'vite';
import { masksOnDemand } from './vite.masks.ts';

/**
 * The barcode encoders (bwip-js's Code 128 and QR, ~300 KB), evaluated only when the API draws a
 * label (server/api/label.ts): like the mask library (below), not held by every JS machine for
 * every request.
 */
function barcodesOnDemand(): Plugin {
  const importLine = "import { code128Bars, qrAreas } from './barcodes';";
  return {
    name: 'barcodes-on-demand',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('/server/api/label.ts')) return null;
      if (!code.includes(importLine)) throw new Error(`label.ts no longer has ${importLine}`);
      return code.replace(
        importLine,
        "const code128Bars = (...args) => require('./barcodes').code128Bars(...args);\n" +
          "const qrAreas = (...args) => require('./barcodes').qrAreas(...args);",
      );
    },
  };
}

/**
 * The server (server/index.ts, with the shared domain it imports) as one CommonJS file for
 * PocketBase's JS hooks: pb_hooks/*.pb.js require it inside each handler.
 */
export default defineConfig({
  publicDir: false,
  plugins: [
    // The server formats whole values (written straight into their pattern, src/domain/masks.ts),
    // and PocketBase evaluates this bundle in each of its JS machines: evaluated there, the mask
    // library held some 200 KB in each, ~23 MB in all that every garbage collection marks. It is
    // required (a lazy `require` of the bundled module) on the first partial value.
    masksOnDemand("const IMask = { pipe: (...args) => require('imask').default.pipe(...args) };"),
    barcodesOnDemand(),
  ],
  build: {
    target: 'es2017',
    outDir: 'pb_hooks/lib/generated',
    emptyOutDir: true,
    minify: false,
    lib: { entry: 'server/index.ts', formats: ['cjs'], fileName: () => 'server.cjs' },
  },
});
