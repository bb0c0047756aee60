import { defineConfig } from 'vite';

/** The domain as one CommonJS file for PocketBase's JS hooks, so the server checks with the same rules. */
export default defineConfig({
  build: {
    target: 'es2017',
    outDir: 'pb_hooks/lib/generated',
    emptyOutDir: true,
    minify: false,
    lib: { entry: 'src/domain/server.ts', formats: ['cjs'], fileName: () => 'domain.cjs' },
  },
});
