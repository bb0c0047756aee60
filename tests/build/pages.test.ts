import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appSystem } from '../../src/app/theme';
import { pageFile, PRERENDERED } from '../../src/config/pages';

// Reads the production build (npm test builds it before Vitest).
const dist = join(import.meta.dirname, '../../dist');
const SNAPSHOT =
  /<meta name="chakra-tokens" content="\/(assets\/chakra-tokens-[0-9a-f]{8}\.json)" \/>/g;
// A TCP connection's first round trip carries ten packets (some 14 KB, headers included): a page
// longer than that waits a round trip more for its first paint on a slow link.
const FIRST_ROUND_TRIP_BYTES = 14_600 - 1_000;

describe('the prerendered pages', () => {
  const pages = PRERENDERED.map((path) => (path === '/404' ? '404.html' : pageFile(path)));
  const snapshotsOf = (file: string) => [
    ...readFileSync(join(dist, file), 'utf8').matchAll(SNAPSHOT),
  ];

  it("each name the same snapshot of Chakra's tokens, a file written beside them", () => {
    expect(pages.length).toBeGreaterThanOrEqual(11);
    const files = pages.map((file) => {
      const found = snapshotsOf(file);
      expect(found, file).toHaveLength(1);
      return found[0][1];
    });
    expect(new Set(files).size).toBe(1);
    const tokens = JSON.parse(readFileSync(join(dist, files[0]), 'utf8')) as { p: string[] }[];
    expect(tokens.map((t) => t.p.join('.'))).toEqual(
      expect.arrayContaining(['colors.brand.600', 'spacing.4', 'colors.fg.error']),
    );
    // The shell for addresses without a page adopts it too.
    expect(snapshotsOf('app-shell.html').map((m) => m[1])).toEqual([files[0]]);
  });

  it('each reach a phone in its first round trip, as the server sends it (brotli)', () => {
    for (const file of pages) {
      expect(statSync(join(dist, `${file}.br`)).size, file).toBeLessThan(FIRST_ROUND_TRIP_BYTES);
    }
  });
});

describe("the site's colours", () => {
  const css = JSON.stringify(appSystem().getTokenCss());

  it('are the light scheme only: no dark variant is written into any page', () => {
    expect(css).toContain('"--chakra-colors-bg":"var(--chakra-colors-white)"');
    expect(css).toContain('"--chakra-colors-fg":"var(--chakra-colors-black)"');
    expect(css).not.toContain('.dark');
  });

  it('keep the readable error red and the brand blue', () => {
    expect(css).toContain('"--chakra-colors-fg-error":"var(--chakra-colors-red-700)"');
    expect(css).toContain('"--chakra-colors-brand-solid":"var(--chakra-colors-brand-600)"');
  });
});
