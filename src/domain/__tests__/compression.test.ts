import { describe, expect, it } from 'vitest';
import { acceptsBrotli, precompressedType } from '../compression';

describe('brotli for the browsers that take it', () => {
  it.each([
    ['gzip, deflate, br, zstd', true], // Chromium
    ['br', true],
    ['BR', true],
    ['gzip, br;q=0.5', true],
    ['br ; q=0', false],
    ['gzip, br;q=0.0', false],
    ['gzip, deflate', false],
    ['*', false], // a wildcard gets gzip made on the way, as before
    ['', false],
    [null, false],
  ])('Accept-Encoding %j -> %s', (header, expected) =>
    expect(acceptsBrotli(header)).toBe(expected),
  );

  it('knows the kinds of file the build compresses, by their last extension only', () => {
    expect(precompressedType('assets/app-1a2b.js')).toBe('text/javascript; charset=utf-8');
    expect(precompressedType('admin/tracking.html')).toBe('text/html; charset=utf-8');
    expect(precompressedType('assets/zxing_reader-9z.wasm')).toBe('application/wasm');
    expect(precompressedType('icons/icon-192.png')).toBeUndefined();
    expect(precompressedType('assets/app.js.br')).toBeUndefined();
    expect(precompressedType('admin.v2/page')).toBeUndefined();
  });
});
