import { defineConfig } from 'vite';
import { barcodesOnDemand, masksOnDemand } from './vite.on-demand.ts';

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
