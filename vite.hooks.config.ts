import { defineConfig } from 'vite';

/**
 * The server (server/index.ts, with the shared domain it imports) as one CommonJS file for
 * PocketBase's JS hooks: pb_hooks/*.pb.js require it inside each handler.
 */
export default defineConfig({
  publicDir: false,
  build: {
    target: 'es2017',
    outDir: 'pb_hooks/lib/generated',
    emptyOutDir: true,
    minify: false,
    lib: { entry: 'server/index.ts', formats: ['cjs'], fileName: () => 'server.cjs' },
  },
});
