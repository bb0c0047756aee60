import type { Plugin } from 'vite';

const IMPORT_LINE = "import IMask from 'imask';";

/**
 * src/domain/masks.ts with the mask library (imask) loaded apart from the module: `replacement`
 * takes the place of its import line and defines `IMask` with the one method the module calls,
 * `pipe`, which formats a partial value. Whole values never reach it (they are written straight
 * into their pattern), so most callers never load the library at all. The server's bundle and the
 * browser's load it differently (vite.hooks.config.ts, vite.config.ts); tests and the prerender
 * use the module as written.
 */
export function masksOnDemand(replacement: string): Plugin {
  return {
    name: 'masks-on-demand',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('/src/domain/masks.ts')) return null;
      if (!code.includes(IMPORT_LINE)) throw new Error(`masks.ts no longer has ${IMPORT_LINE}`);
      return code.replace(IMPORT_LINE, replacement);
    },
  };
}
