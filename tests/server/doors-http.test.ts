// Doors at the HTTP level, tried as an attacker would: mail bombing through password resets, file
// probing through encoded paths, unthrottled 'Avise-me' links, and answers that fall back to
// PocketBase's English (or leak an internal name).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotePayload } from '../support/payloads';
import { call, STAFF, signIn, startStack, type Stack } from '../support/stack';
import { useStack } from '../support/use-stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

/** A GET with the path exactly as written: fetch would resolve the '..' before sending it. */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(stack.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('password-reset and verification e-mails', () => {
  it('one address gets only a few, however often they are asked for; the answer never says so', async () => {
    const resets = () =>
      stack.sink.messages.filter(
        (m) =>
          JSON.stringify(m.to).includes(STAFF.email) && /Redefinir a senha/.test(m.subject ?? ''),
      ).length;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(stack.url, '/api/collections/staff/request-password-reset', {
          method: 'POST',
          body: { email: STAFF.email },
        }).then((r) => r.status),
      ),
    );
    // The first few as usual, then silence: past the limit it answers like a success (204), or
    // the connection's own limit (429) speaks first.
    expect(answers.filter((s) => s !== 204 && s !== 429)).toEqual([]);
    await expect.poll(resets, { timeout: 10_000 }).toBeGreaterThan(0);
    await stack.admin('/api/crons/mail-queue', { method: 'POST' }); // anything else queued
    expect(resets()).toBeLessThanOrEqual(3);
  });

  it('a burst from one connection meets a Portuguese 429', async () => {
    for (const path of ['request-password-reset', 'request-verification']) {
      const statuses: { status: number; message?: string }[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await call(stack.url, `/api/collections/clients/${path}`, {
          method: 'POST',
          body: { email: `ninguem${i}@teste.example` },
        });
        statuses.push({ status: res.status, message: res.body?.message });
      }
      const limited = statuses.find((s) => s.status === 429);
      expect(limited, path).toBeDefined();
      expect(limited!.message).toBe(
        'Muitas tentativas seguidas. Aguarde um pouco e tente de novo.',
      );
    }
  });
});

describe('the files of the site', () => {
  it.each([
    '/assets/..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/assets/..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fhosts',
    '/assets/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/assets/..%5c..%5c..%5cetc%5cpasswd',
    '/assets/x%00.js',
  ])('%s is not found, like any file that is not ours', async (path) => {
    const res = await rawGet(path);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('root:');
  });

  it('a real asset still answers', async () => {
    const html = await (await fetch(`${stack.url}/`)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1];
    expect((await rawGet(asset)).status).toBe(200);
  });
});

describe("'Avise-me' links", () => {
  it('confirming and cancelling are rate limited like asking', async () => {
    for (const [method, path, body] of [
      ['POST', '/api/avisos/confirmar', { token: 'x'.repeat(40) }],
      ['POST', `/api/avisos/cancelar/${'y'.repeat(40)}`, {}],
    ] as const) {
      const answers = await Promise.all(
        Array.from({ length: 45 }, () => call(stack.url, path, { method, body })),
      );
      const limited = answers.find((a) => a.status === 429);
      expect(limited, path).toBeDefined();
      expect(limited!.body.message).toBe(
        'Muitas tentativas seguidas. Aguarde um pouco e tente de novo.',
      );
    }
  });
});

describe('every answer a person or the app can meet is Portuguese', () => {
  // A server of its own: the limits reached above would answer 429 first.
  const own = useStack();
  const ENGLISH =
    /\b(the|must|failed|invalid|missing|unsupported|request entity|something went wrong|cannot be blank|character\(s\)|json)\b/i;

  /** The status, and every message of the answer (its own and each field's). */
  async function answer(path: string, init: RequestInit) {
    const res = await fetch(`${own().url}${path}`, init);
    const text = await res.text();
    let body: { message?: string; data?: Record<string, { message?: string }> } = {};
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the test below fails on the text itself
    }
    const messages = [
      body.message ?? text,
      ...Object.values(body.data ?? {}).map((f) => f.message ?? ''),
    ];
    return { status: res.status, messages, text };
  }

  const json = (body: string, token?: string): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body,
  });
  const nested = '['.repeat(20_000) + ']'.repeat(20_000);

  it('for bodies that cannot be read, bad ids, wrong types and sizes, sign-ins and realtime', async () => {
    const token = await signIn(own().url, 'staff', STAFF);
    const photo = new FormData();
    for (const [k, v] of Object.entries({
      op: 'stage',
      record: 'rotaerrada00001',
      number: '987654321',
      stage: '4',
      set: 'true',
      at: new Date().toISOString(),
      receiverName: 'Ana Lima',
    })) {
      photo.set(k, v);
    }
    // Named like a photo, so only the server's look at its content finds it is not one.
    photo.set('photo', new Blob(['isto não é uma imagem'], { type: 'image/jpeg' }), 'nota.jpg');
    const seeded = (
      await own().admin('/api/collections/tracking/records?filter=number%3D%22987654321%22')
    ).items[0].id as string;
    photo.set('record', seeded);

    const cases: [string, string, RequestInit, number][] = [
      ['malformed JSON on /api/avisos', '/api/avisos', json('{"email": '), 400],
      ['nested JSON on /api/avisos', '/api/avisos', json(nested), 400],
      ['malformed JSON on the confirmation', '/api/avisos/confirmar', json('{"token"'), 400],
      ['nested JSON on the confirmation', '/api/avisos/confirmar', json(nested), 400],
      ['malformed JSON on a staff change', '/api/equipe/rastreios', json('{"op":', token), 400],
      ['nested JSON on a staff change', '/api/equipe/rastreios', json(nested, token), 400],
      [
        'a bad record id',
        '/api/collections/quotes/records',
        json(JSON.stringify(quotePayload({ id: 'abc' }))),
        400,
      ],
      [
        'an unsupported content type',
        '/api/collections/quotes/records',
        { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<a/>' },
        400,
      ],
      [
        'a body too large',
        '/api/collections/quotes/records',
        json(JSON.stringify({ senderName: 'x'.repeat(40 * 1024 * 1024) })),
        413,
      ],
      [
        'a sign-in with nothing in it',
        '/api/collections/staff/auth-with-password',
        json('{"identity": "", "password": ""}'),
        400,
      ],
      [
        'a sign-in with the wrong types',
        '/api/collections/clients/auth-with-password',
        json('{"identity": 5, "password": true}'),
        400,
      ],
      [
        'realtime with a client id that does not exist',
        '/api/realtime',
        json('{"clientId": "nao-existe", "subscriptions": ["quotes"]}'),
        404,
      ],
      [
        'a delivery photo that is not an image',
        '/api/equipe/rastreios',
        { method: 'POST', headers: { Authorization: token }, body: photo },
        400,
      ],
    ];
    for (const [what, path, init, status] of cases) {
      const res = await answer(path, init);
      expect(res.status, what).toBe(status);
      if (path === '/api/equipe/rastreios' && init.body === photo) {
        expect(res.messages, what).toContain('A foto precisa ser uma imagem (JPEG, PNG ou WebP).');
      }
      if (/JSON/.test(what)) {
        expect(res.messages[0], what).toBe(
          'Os dados enviados não puderam ser lidos. Confira e envie de novo.',
        );
      }
      for (const message of res.messages) {
        expect(message, what).not.toMatch(ENGLISH);
        expect(message.length, what).toBeGreaterThan(0);
      }
      // No internal name: neither the stored file's name nor a Go error's text.
      expect(res.text, what).not.toMatch(/nota|\.jpg|GoError|goja|sql:|\/work\//);
    }
  });
});
