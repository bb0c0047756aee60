import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appSystem } from '../../src/app/theme';
import { pageFile, PRERENDERED } from '../../src/config/pages';

// Reads the production build (npm test builds it before Vitest).
const dist = join(import.meta.dirname, '../../dist');
const SNAPSHOT = /<script type="application\/json" id="chakra-tokens">([^<]*)<\/script>/g;

describe('the prerendered pages', () => {
  const pages = PRERENDERED.map((path) => (path === '/404' ? '404.html' : pageFile(path)));

  it("each carry the same snapshot of Chakra's tokens, as data after the content", () => {
    expect(pages.length).toBeGreaterThanOrEqual(11);
    const snapshots = pages.map((file) => {
      const html = readFileSync(join(dist, file), 'utf8');
      const found = [...html.matchAll(SNAPSHOT)];
      expect(found, file).toHaveLength(1);
      // After the page's content, so it never delays the first paint.
      expect(html.indexOf(found[0][0]), file).toBeGreaterThan(html.indexOf('<div id="root">'));
      return found[0][1];
    });
    const tokens = JSON.parse(snapshots[0]) as { p: string[] }[];
    expect(tokens.map((t) => t.p.join('.'))).toEqual(
      expect.arrayContaining(['colors.brand.600', 'spacing.4', 'colors.fg.error']),
    );
    expect(new Set(snapshots).size).toBe(1);
  });

  it('the shell for addresses without a page has none (the browser builds the tokens)', () => {
    expect(readFileSync(join(dist, 'app-shell.html'), 'utf8')).not.toMatch(SNAPSHOT);
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
