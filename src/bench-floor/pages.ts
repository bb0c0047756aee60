/** The floor's one page, in place of src/config/pages.ts when the floor is built (vite.config.ts). */
export const PAGE_DESCRIPTIONS: Record<string, string> = {
  '/bench-floor': 'Página de referência do benchmark: um título, nada mais.',
};

export const PRERENDERED = Object.keys(PAGE_DESCRIPTIONS);

export const pageFile = (path: string) => `${path.slice(1)}.html`;
