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
