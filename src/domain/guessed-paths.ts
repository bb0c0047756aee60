/**
 * Addresses people guess for a page that has another one (the tracking page is /rastrear): sent
 * there, query kept, instead of 'page not found'. One list for the server (a permanent redirect)
 * and the service worker (which answers an installed app's navigations itself, offline too).
 */
const GUESSED_PATHS: Readonly<Record<string, string>> = {
  '/rastreamento': '/rastrear',
  '/rastreamentos': '/rastrear',
  '/rastreio': '/rastrear',
  '/rastreios': '/rastrear',
};

/** Where a guessed address leads (the path only), or null for any other address. */
export function guessedPath(pathname: string): string | null {
  return GUESSED_PATHS[pathname.replace(/\/+$/, '').toLowerCase()] ?? null;
}
