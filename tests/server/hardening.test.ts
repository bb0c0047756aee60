// Doors closed on the server: each test shows the door is shut, against a real PocketBase.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, CLIENT, signIn, STAFF, startStack, type Stack } from '../support/stack';
import { quotePayload, urgentPayload } from '../support/payloads';
import { useStack } from '../support/use-stack';

describe('with the defaults', () => {
  let stack: Stack;
  beforeAll(async () => {
    // No mail clock: its calls every 200 ms would keep the request log's batch from being written.
    stack = await startStack({}, { mailClock: false });
  });
  afterAll(() => stack?.stop());

  it('HEAD on the public lookup is rate limited like GET', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(`${stack.url}/api/rastreio/987654321`, { method: 'HEAD' }).then((r) => r.status),
      ),
    );
    expect(answers).toContain(429);
  });

  it('CORS allows only the site itself', async () => {
    const res = await fetch(`${stack.url}/api/collections/staff/auth-with-password`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://outro-site.example',
        'Access-Control-Request-Method': 'POST',
      },
    });
    expect(res.headers.get('access-control-allow-origin')).not.toBe('*');
    expect(res.headers.get('access-control-allow-origin')).not.toBe('https://outro-site.example');
    const own = await fetch(`${stack.url}/api/health`, { headers: { Origin: stack.url } });
    expect(own.headers.get('access-control-allow-origin')).toBe(stack.url);
  });

  it('shared accounts cannot be moved to another e-mail address', async () => {
    for (const [collection, who] of [
      ['staff', STAFF],
      ['clients', CLIENT],
    ] as const) {
      const token = await signIn(stack.url, collection, who);
      const res = await call(stack.url, `/api/collections/${collection}/request-email-change`, {
        method: 'POST',
        token,
        body: { newEmail: 'ladrao@fora.example' },
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toContain('não pode ser alterado');
    }
  });

  it('system e-mails are in Portuguese', async () => {
    const staff = await stack.admin('/api/collections/staff');
    expect(staff.resetPasswordTemplate.subject).toContain('Redefinir a senha');
    expect(staff.authAlert.emailTemplate.subject).toContain('Novo acesso');
  });

  it('a looked-up number (often a CPF) does not reach the request log', async () => {
    await new Promise((r) => setTimeout(r, 1100)); // past the rate-limit window of the test above
    expect((await call(stack.url, '/api/rastreio/52998224725')).status).toBe(200);
    const logs = async () =>
      (await stack.admin('/api/logs?perPage=500&sort=-created')).items as {
        data: { url?: string; status?: number };
      }[];
    // An answered lookup leaves no row at all (no number, no IP); refusals below are logged.
    expect((await call(stack.url, '/api/rastreio/99999999999')).status).toBe(404);
    await expect
      .poll(async () => (await logs()).filter((l) => l.data.status === 404).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    const answered = (await logs()).filter(
      (l) => (l.data.url ?? '').startsWith('/api/rastreio/') && l.data.status === 200,
    );
    expect(answered).toEqual([]);
    expect(JSON.stringify(await logs())).not.toContain('52998224725');
    expect(JSON.stringify(await logs())).not.toContain('99999999999');

    // Refused by the rate limit: the answer is Portuguese, and the refusals are logged without
    // the number either (PocketBase logs every error).
    await new Promise((r) => setTimeout(r, 1100));
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => call(stack.url, '/api/rastreio/11144477735')),
    );
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.body.message).toBe(
      'Muitas tentativas seguidas. Aguarde um pouco e tente de novo.',
    );
    await expect
      .poll(async () => (await logs()).filter((l) => l.data.status === 429).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    expect(JSON.stringify(await logs())).not.toContain('11144477735');
    const settings = await stack.admin('/api/settings');
    expect(settings.logs.maxDays).toBeLessThanOrEqual(7);
  });

  it("a stored request leaves no row with the requester's address in the request log", async () => {
    const logs = async () =>
      (await stack.admin('/api/logs?perPage=500&sort=-created')).items as {
        data: { url?: string; method?: string; status?: number };
      }[];
    const creates = async (status: number) =>
      (await logs()).filter(
        (l) =>
          l.data.method === 'POST' &&
          l.data.url === '/api/collections/quotes/records' &&
          l.data.status === status,
      ).length;
    const stored = await call(stack.url, '/api/collections/quotes/records', {
      method: 'POST',
      body: quotePayload(),
    });
    expect(stored.status).toBe(200);
    const refused = await call(stack.url, '/api/collections/quotes/records', {
      method: 'POST',
      body: quotePayload({ senderZip: '1' }),
    });
    expect(refused.status).toBe(400);
    // An unknown address is logged (PocketBase logs every error): once it shows, the batch that
    // would hold the two creates has been written too.
    const marker = `/api/nada-${Date.now()}`;
    expect((await call(stack.url, marker)).status).toBe(404);
    await expect
      .poll(async () => (await logs()).some((l) => l.data.url === marker), { timeout: 15_000 })
      .toBe(true);
    expect(await creates(200)).toBe(0);
    expect(await creates(400)).toBe(0);
  });

  it('the manifest is served as a web app manifest', async () => {
    const res = await fetch(`${stack.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
  });
});

describe('behind an HTTPS proxy (TRUSTED_PROXY_HEADERS)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ TRUSTED_PROXY_HEADERS: 'X-Forwarded-For' });
  });
  afterAll(() => stack?.stop());

  const wrongPassword = (ip: string, identity = STAFF.email) =>
    fetch(`${stack.url}/api/collections/staff/auth-with-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Forwarded-For': ip },
      body: JSON.stringify({ identity, password: 'errada' }),
    }).then((r) => r.status);

  it("one address's creates are limited per kind, and nobody else's are held up", async () => {
    const create = (collection: string, ip: string) =>
      call(stack.url, `/api/collections/${collection}/records`, {
        method: 'POST',
        headers: { 'X-Forwarded-For': ip },
        body: quotePayload(),
      });
    // The counts go in windows of ten seconds: all of this happens within one.
    const intoWindow = Date.now() % 10_000;
    if (intoWindow > 4_000) await new Promise((r) => setTimeout(r, 10_050 - intoWindow));
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await create('quotes', '203.0.113.9')).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await create('quotes', '203.0.113.9');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'Muitas tentativas seguidas. Aguarde um pouco e tente de novo.',
    );
    // The collection named another way is the same collection, and the same count.
    expect((await create('QUOTES', '203.0.113.9')).status).toBe(429);
    expect((await create('quotes', '198.51.100.21')).status).toBe(200);
    const urgent = await call(stack.url, '/api/collections/urgent_requests/records', {
      method: 'POST',
      headers: { 'X-Forwarded-For': '203.0.113.9' },
      body: urgentPayload(),
    });
    expect(urgent.status).toBe(200);
  });

  it("one visitor's wrong passwords do not lock everyone out", async () => {
    const statuses: number[] = [];
    // Each for another e-mail, so that only this address's limit speaks (one account's own
    // limit is sign-in-limits.test.ts's).
    for (let i = 0; i < 12; i++) {
      statuses.push(await wrongPassword('203.0.113.7', `ninguem-${i}@teste.example`));
    }
    expect(statuses).toContain(429);
    expect(await wrongPassword('198.51.100.20')).toBe(400);
  });
});

describe('errors a person can trigger', () => {
  const stackOf = useStack();

  it('a request larger than any form sends, or of no stated length, is not read', async () => {
    const before = await stackOf().admin('/api/collections/quotes/records?perPage=1');
    const large = await call(stackOf().url, '/api/collections/quotes/records', {
      method: 'POST',
      body: quotePayload({ itemDescription: 'x'.repeat(100_000) }),
    });
    expect(large.status).toBe(413);
    expect(large.body.message).toBe('A solicitação é grande demais para ser enviada.');
    // Sent in chunks, its length unknown until it ends.
    const body = JSON.stringify(quotePayload());
    const chunked = await fetch(`${stackOf().url}/api/collections/quotes/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(body));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    const after = await stackOf().admin('/api/collections/quotes/records?perPage=1');
    expect(after.totalItems).toBe(before.totalItems);
  });

  it('answer in Portuguese JSON', async () => {
    const broken = await fetch(`${stackOf().url}/api/collections/quotes/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"senderName": ',
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toBe(
      'Os dados enviados não puderam ser lidos. Confira e envie de novo.',
    );

    const token = await signIn(stackOf().url, 'staff', STAFF);
    const missing = await call(stackOf().url, '/api/collections/quotes/records/naoexiste12345', {
      token,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Não encontrado.');

    const badStages = await call(stackOf().url, '/api/equipe/rastreios', {
      method: 'POST',
      token,
      body: { op: 'register', record: 'etapaerrada0001', number: '77001', stage: 9, at: 'ontem' },
    });
    expect(badStages.status).toBe(400);
    expect(JSON.stringify(badStages.body)).not.toMatch(/Failed|Invalid|must be/);

    const unknown = await fetch(`${stackOf().url}/api/nao-existe`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/json');
    expect((await unknown.json()).message).toBe('Endereço da API não encontrado.');
  });

  it('and our own Portuguese messages stay as they were', async () => {
    const res = await call(stackOf().url, '/api/collections/quotes/records', {
      method: 'POST',
      body: { senderName: 'Só o nome' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Confira os campos destacados.');
    expect(res.body.data.senderEmail.message).toBe('Este campo é obrigatório.');
  });
});

describe('the configured accounts', () => {
  it('are found by a fixed id at every start and set back to the configured e-mail', async () => {
    const stack = await startStack();
    try {
      // Someone with database access (or an old bug) moved the staff account to another address.
      await stack.admin('/api/collections/staff/records/equipeprincipal', {
        method: 'PATCH',
        body: JSON.stringify({ email: 'outro@fora.example' }),
      });
      await stack.stopServer();
      await stack.startServer();
      const staff = await stack.admin('/api/collections/staff/records/equipeprincipal');
      expect(staff.email).toBe(STAFF.email);
      await signIn(stack.url, 'staff', STAFF);
    } finally {
      await stack.stop();
    }
  });
});
