import type { Plugin } from 'vite';

const SYSTEM = '/@chakra-ui/react/dist/esm/styled-system/system.js';
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const FIELD = '    _global,\n';

/**
 * Chakra's createSystem writes the page's global CSS (reset, every token as a CSS variable) as
 * soon as the system is made: a third of its time, on a phone's busiest second. A prerendered
 * page already has that CSS (src/app/theme.ts adoptingSystem), so in the browser it is written
 * only if asked for (a page without prerendered HTML). Fails the build if Chakra changes the code
 * this relies on, rather than silently doing nothing.
 */
export function chakraLazyGlobalCss(): Plugin {
  return {
    name: 'chakra-lazy-global-css',
    apply: 'build',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith(SYSTEM)) return null;
      if (!code.includes(EAGER) || !code.includes(FIELD)) {
        this.error(`${SYSTEM} changed: update vite.chakra.ts (or remove it)`);
      }
      return code
        .replace(EAGER, 'let _global;')
        .replace(
          FIELD,
          '    get _global() {\n      return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);\n    },\n',
        );
    },
  };
}
