import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startStack, type Stack } from '../support/stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

describe('public tracking lookup', () => {
  it('answers the stages of the exact number and nothing else', async () => {
    const res = await call(stack.url, '/api/rastreio/987654321');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['number', 'stageTimes', 'stages']);
    expect(res.body.number).toBe('987654321');
    expect(res.body.stages).toEqual([1, 2, 3]);
    expect(Object.keys(res.body.stageTimes)).toEqual(['1', '2', '3']);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it.each(['98765432', '9876543210', '1', '000987654321'])(
    'does not match a near number (%s)',
    async (n) => {
      expect((await call(stack.url, `/api/rastreio/${n}`)).status).toBe(404);
    },
  );

  it('says a shipment number with a wrong last digit was mistyped', async () => {
    // 100000000007 ends in its own mod-11 digit; one digit changed makes the check fail.
    expect((await call(stack.url, '/api/rastreio/100000000007')).status).toBe(404);
    const typo = await call(stack.url, '/api/rastreio/100000000017');
    expect(typo.status).toBe(400);
    // PocketBase ends every error message with a full stop.
    expect(typo.body.message).toBe('Confira o número: o dígito final não confere.');
  });

  it('refuses anything but digits', async () => {
    expect((await call(stack.url, `/api/rastreio/${encodeURIComponent('98765432*')}`)).status).toBe(
      400,
    );
    expect((await call(stack.url, `/api/rastreio/${encodeURIComponent('" || 1=1')}`)).status).toBe(
      400,
    );
  });
});

describe('every response', () => {
  it('carries the security headers and the right cache lifetime', async () => {
    const page = await fetch(`${stack.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // The camera and the position for our own pages (scanner, photos, 'Não entregue'), no
    // microphone, and nothing for anything embedded.
    expect(page.headers.get('permissions-policy')).toBe(
      'camera=(self), microphone=(), geolocation=(self), payment=(), usb=()',
    );
    expect(page.headers.get('cache-control')).toBe('no-cache');

    const html = await page.text();
    const asset = html.match(/\/assets\/[^"]+\.js/)![0];
    const js = await fetch(`${stack.url}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('content-encoding')).toBe('gzip');
  });

  it('sends pages and scripts as the build compressed them (brotli), gzip to a browser without brotli', async () => {
    const dist = join(import.meta.dirname, '../../dist');
    const assets = readdirSync(join(dist, 'assets'))
      .filter((name) => name.endsWith('.js') || name.endsWith('.wasm'))
      .map((name) => ({
        path: `/assets/${name}`,
        original: readFileSync(join(dist, 'assets', name)),
      }))
      .sort((a, b) => b.original.length - a.original.length);
    // A page, the largest script, the barcode reader's wasm, and one too small to be worth it.
    const page = { path: '/cotacao', original: readFileSync(join(dist, 'cotacao.html')) };
    const chosen = [
      page,
      assets[0]!,
      assets.find((a) => a.path.endsWith('.wasm'))!,
      assets.at(-1)!,
    ];
    const TYPES = {
      html: 'text/html; charset=utf-8',
      js: 'text/javascript; charset=utf-8',
      wasm: 'application/wasm',
    };
    for (const { path, original } of chosen) {
      const br = await raw(`${stack.url}${path}`, 'gzip, deflate, br, zstd');
      expect(br.headers['cache-control']).toBe(
        path === page.path ? 'no-cache' : 'public, max-age=31536000, immutable',
      );
      expect(br.headers.vary).toMatch(/Accept-Encoding/);
      if (original.length < 1024) {
        // Compressed per request as before (the build leaves it as it is).
        expect(br.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(br.body).equals(original)).toBe(true);
        continue;
      }
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe(
        path === page.path ? TYPES.html : path.endsWith('.js') ? TYPES.js : TYPES.wasm,
      );
      expect(brotliDecompressSync(br.body).equals(original)).toBe(true);

      const gzip = await raw(`${stack.url}${path}`, 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(original)).toBe(true);
      // A phone on a weak signal gets fewer bytes.
      expect(br.body.length).toBeLessThan(gzip.body.length);

      const refused = await raw(`${stack.url}${path}`, 'gzip, br;q=0');
      expect(refused.headers['content-encoding']).toBe('gzip');

      const plain = await raw(`${stack.url}${path}`, 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(original)).toBe(true);
    }
  });

  it('sends a page by its file name and the not-found page compressed too, and redirects plainly', async () => {
    const dist = join(import.meta.dirname, '../../dist');
    const ACCEPT = 'gzip, deflate, br, zstd';
    // The service worker keeps the pages by their file's name.
    const byName = await raw(`${stack.url}/cotacao.html`, ACCEPT);
    expect(byName.status).toBe(200);
    expect(byName.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(byName.body).equals(readFileSync(join(dist, 'cotacao.html')))).toBe(
      true,
    );

    const missing = await raw(`${stack.url}/nao-existe`, ACCEPT);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBe('br');
    expect(missing.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(missing.body).toString()).toBe(
      readFileSync(join(dist, '404.html'), 'utf8'),
    );
    const missingPlain = await raw(`${stack.url}/nao-existe`, 'identity');
    expect(missingPlain.status).toBe(404);
    expect(missingPlain.headers['content-encoding']).toBeUndefined();
    expect(missingPlain.body.toString()).toMatch(/<html/);

    // An address with a trailing slash is only redirected: nothing claims an encoding there.
    const slash = await raw(`${stack.url}/cotacao/`, ACCEPT);
    expect(slash.status).toBe(301);
    expect(slash.headers.location).toBe('/cotacao');
    expect(slash.headers['content-encoding']).toBeUndefined();
  });

  it('sends an address people guess for the tracking page there, with its number', async () => {
    for (const guess of ['/rastreamento', '/Rastreio/', '/rastreios']) {
      const res = await fetch(`${stack.url}${guess}?numero=987654321`, { redirect: 'manual' });
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe('/rastrear?numero=987654321');
    }
    const bare = await fetch(`${stack.url}/rastreamento`, { redirect: 'manual' });
    expect(bare.headers.get('location')).toBe('/rastrear');
    // Anything else unknown is still 'page not found'.
    expect((await fetch(`${stack.url}/rastreamento-x`, { redirect: 'manual' })).status).toBe(404);
  });

  it('serves a real robots.txt', async () => {
    const res = await fetch(`${stack.url}/robots.txt`);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    expect(await res.text()).toMatch(/User-agent: \*[\s\S]*Disallow: \/admin\//);
  });
});

/** A response as it travels (fetch would decode it): its status, headers and encoded body. */
function raw(url: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: Record<string, string | undefined>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers as Record<string, string | undefined>,
            body: Buffer.concat(chunks),
          }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}
