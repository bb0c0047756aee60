// Webhooks on the real server, posted to a real HTTP receiver on 127.0.0.1: what a company's
// address receives verifies with the standardwebhooks library; a shipment's events arrive in the
// order they happened; a receiver answering 500 gets the event again after the backoff, and one
// that was down loses nothing; another company's shipment never reaches this company; only a
// company's administrator and the office manage them.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_COMPANY_ID, fixedSiteOf } from '../../src/domain/companies';
import { draftFromRequest, todayInBrazil } from '../../src/domain/shipments';
import { pickupPayload, recordIds } from '../support/payloads';
import { call, CLIENT, DRIVER, signIn, STAFF, startStack, type Stack } from '../support/stack';

/** One request as the receiver got it. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A receiver on a free loopback port. `answer` chooses each reply (200 by default); `down()`
 * closes the port (connections refused) until `up()` opens it again on the same port.
 */
class Receiver {
  received: Received[] = [];
  answer: (r: Received) => number = () => 200;
  private server: Server | undefined;
  port = 0;

  async start(port = 0): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const got = { path: req.url ?? '', headers: req.headers, body, at: Date.now() };
        this.received.push(got);
        const status = this.answer(got);
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(status < 300 ? 'recebido, obrigado' : 'erro interno do receptor');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async down(): Promise<void> {
    const server = this.server!;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  up(): Promise<void> {
    return this.start(this.port);
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }
}

let stack: Stack;
let office = '';
const receiver = new Receiver();
const newId = recordIds('wh');
let serial = 0;

/** Every sender started now (cron starts them at the next whole minute, then every minute). */
async function startSenders(): Promise<void> {
  for (let n = 1; n <= 6; n++) {
    await stack.admin(`/api/crons/webhooks-${n}`, { method: 'POST' });
  }
}

beforeAll(async () => {
  await receiver.start();
  stack = await startStack({
    WEBHOOKS_ALLOW_HTTP_LOOPBACK: '1',
    WEBHOOK_RETRY_BASE_SECONDS: '1',
    WEBHOOK_RETRY_MAX_SECONDS: '2',
    WEBHOOK_TIMEOUT_SECONDS: '2',
    // Every test signs in from 127.0.0.1: more than the ten a minute the server allows by default.
    AUTH_PER_MINUTE: '120',
  });
  office = await signIn(stack.url, 'staff', STAFF);
  await startSenders();
});
afterAll(async () => {
  await stack?.stop();
  await receiver.down().catch(() => undefined);
});

const post = (path: string, body: unknown, token = office) =>
  call(stack.url, path, { method: 'POST', token, body });

/** A valid CNPJ from any twelve digits (check digits by mod 11). */
function cnpjFrom(base: string): string {
  const digits = base.split('').map(Number);
  for (const weights of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const sum = weights.reduce((s, w, i) => s + w * digits[i]!, 0);
    const rest = sum % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join('');
}

async function newCompany(name: string): Promise<string> {
  serial += 1;
  const made = await post('/api/clientes', {
    name,
    taxId: cnpjFrom(`${String(Date.now()).slice(-6)}${String(serial).padStart(2, '0')}0001`),
    street: 'Rua das Flores, 100 - Centro',
    town: 'Goiânia - GO',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.id as string;
}

/** A client account of `company` made directly (a superuser's write), signed in. */
async function clientOf(company: string, kind: 'administrador' | 'pessoa') {
  serial += 1;
  const email = `wh${Date.now()}${serial}@empresa.example`;
  const password = 'senha-do-cliente-123';
  await stack.admin('/api/collections/clients/records', {
    method: 'POST',
    body: JSON.stringify({
      email,
      password,
      passwordConfirm: password,
      name: kind === 'administrador' ? 'Ana Administradora' : 'Paulo Pessoa',
      company,
      kind,
      verified: true,
    }),
    headers: { 'content-type': 'application/json' },
  });
  return signIn(stack.url, 'clients', { email, password });
}

/** A webhook made by `admin` for its company; answers its id and secret. */
async function webhook(admin: string, path: string) {
  const made = await post('/api/cliente/webhooks', { url: receiver.url(path) }, admin);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return { id: made.body.webhook.id as string, secret: made.body.secret as string };
}

/** A shipment of the admin's company: a pickup it asked for, made a shipment by the office. */
async function companyShipment(client: string) {
  const pickup = newId();
  const made = await call(stack.url, '/api/collections/pickup_requests/records', {
    method: 'POST',
    token: client,
    body: { id: pickup, ...pickupPayload() },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return shipmentOf(pickup);
}

/** The office makes the shipment of a company's pickup. */
async function shipmentOf(pickup: string) {
  const request = (
    await call(stack.url, `/api/collections/pickup_requests/records/${pickup}`, { token: office })
  ).body;
  const company = (await stack.admin(`/api/collections/companies/records/${request.company}`)) as {
    name: string;
    taxId: string;
    stateRegistration: string;
    street: string;
    town: string;
  };
  const fields = {
    ...draftFromRequest('pickup', request, fixedSiteOf(company), todayInBrazil()),
    senderZip: '75500-000',
    senderStreetNumber: 'S/N',
    recipientZip: '74000-000',
    recipientStreetNumber: '10',
    recipientState: 'GO',
  };
  const record = newId();
  const shipment = await change({
    op: 'shipment',
    record,
    number: '',
    fields,
    request: `pickup:${pickup}`,
  });
  return { id: record, number: shipment.record.number as string, pickup: request.number as number };
}

let clock = Date.now();
/** One change as the office's screen sends it, each a moment after the one before. */
async function change(body: Record<string, unknown>, token = office) {
  clock = Math.max(clock + 1000, Date.now());
  const res = await post(
    '/api/equipe/rastreios',
    { at: new Date(clock).toISOString(), ...body },
    token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const stage = (s: { id: string; number: string }, n: number, extra: object = {}) =>
  change({ op: 'stage', record: s.id, number: s.number, stage: n, set: true, ...extra });

/** Wait until `check` holds, or fail with what the server logged meanwhile. */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out; server said: ${await stack.serverErrors()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What a receiver verified with the library: the event, or the verification's error. */
function verified(secret: string, got: Received): { type: string; data: Record<string, unknown> } {
  return new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as never;
}

describe('webhooks', () => {
  it('post every stage, failed attempt, delivery and return of the company’s shipments, signed as Standard Webhooks says', async () => {
    const company = await newCompany('Transportes Webhook Ltda');
    const admin = await clientOf(company, 'administrador');
    const hook = await webhook(admin, '/eventos');
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    const one = await companyShipment(admin);
    const changedAt = Date.now();
    await stage(one, 1);
    await until(() => receiver.at('/eventos').length >= 1);
    const first = receiver.at('/eventos')[0]!;
    // Within a second or two of the change (the senders look every half second).
    expect(first.at - changedAt).toBeLessThan(3000);
    expect(first.headers['webhook-id']).toMatch(/^msg_/);
    expect(first.headers['content-type']).toBe('application/json');
    const event = verified(hook.secret, first);
    expect(event.type).toBe('shipment.stage');
    expect(event.data).toMatchObject({
      number: one.number,
      stage: 1,
      stageLabel: 'Encomenda coletada no ponto de coleta',
      changed: { stage: 1, set: true },
      pickupNumber: one.pickup,
    });
    // A signature made with another secret, or over another body, is refused by the library.
    expect(() =>
      verified('whsec_' + Buffer.from('x'.repeat(24)).toString('base64'), first),
    ).toThrow();
    expect(() =>
      verified(hook.secret, { ...first, body: first.body.replace('"stage":1', '"stage":2') }),
    ).toThrow();

    await change({
      op: 'attempt',
      record: one.id,
      number: one.number,
      attempt: newId(),
      reason: 'ausente',
    });
    await stage(one, 4, { receiverName: 'José da Conceição', receiverCpf: '111.444.777-35' });
    const two = await companyShipment(admin);
    for (let a = 0; a < 3; a++) {
      await change({
        op: 'attempt',
        record: two.id,
        number: two.number,
        attempt: newId(),
        reason: 'fechado',
      });
    }
    await change({ op: 'decision', record: two.id, number: two.number, decision: 'return' });
    await until(() => receiver.at('/eventos').length >= 7);
    const events = receiver.at('/eventos').map((r) => verified(hook.secret, r));
    expect(events.map((e) => `${e.type} ${e.data.number}`)).toEqual([
      `shipment.stage ${one.number}`,
      `shipment.attempt_failed ${one.number}`,
      `shipment.delivered ${one.number}`,
      `shipment.attempt_failed ${two.number}`,
      `shipment.attempt_failed ${two.number}`,
      `shipment.attempt_failed ${two.number}`,
      `shipment.returned ${two.number}`,
    ]);
    expect(events[1]!.data.attempt).toMatchObject({
      reason: 'ausente',
      reasonLabel: 'Destinatário ausente',
      count: 1,
      pending: false,
    });
    expect(events[2]!.data).toMatchObject({
      stage: 4,
      stageLabel: 'Encomenda entregue',
      receiverName: 'José da Conceição',
    });
    expect(events[2]!.data.deliveredAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(events[5]!.data.attempt).toMatchObject({ count: 3, pending: true });
    expect(events[6]!.data.returnedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    // The company reads each delivery's last answer.
    const list = await call(stack.url, '/api/cliente/webhooks', { token: admin });
    expect(list.status).toBe(200);
    const [mine] = list.body.webhooks;
    expect(mine.url).toBe(receiver.url('/eventos'));
    expect(mine).not.toHaveProperty('secret');
    expect(mine.deliveries[0]).toMatchObject({
      event: 'shipment.returned',
      status: 'sent',
      lastStatus: 200,
      lastAnswer: 'recebido, obrigado',
    });
    expect(mine.deliveries[0].lastAt).not.toBe('');
  });

  it("keep a shipment's events in order while its receiver fails, and send one again after the backoff", async () => {
    const company = await newCompany('Ordem Garantida Ltda');
    const admin = await clientOf(company, 'administrador');
    const hook = await webhook(admin, '/ordem');
    const s = await companyShipment(admin);
    // The first post of the first event fails (500), the next ones are answered.
    let failed = 0;
    receiver.answer = (r) => (r.path === '/ordem' && failed++ === 0 ? 500 : 200);
    await stage(s, 1);
    await stage(s, 2);
    await stage(s, 3);
    await until(() => receiver.at('/ordem').length >= 4);
    receiver.answer = () => 200;
    const got = receiver.at('/ordem');
    const stages = got.map(
      (r) => (verified(hook.secret, r).data.changed as { stage: number }).stage,
    );
    // Stage 1 twice (the 500, then again), and 2 and 3 only after it got through.
    expect(stages).toEqual([1, 1, 2, 3]);
    expect(got[0]!.headers['webhook-id']).toBe(got[1]!.headers['webhook-id']);
    // The retry came after the backoff (1 s here), with a timestamp of its own.
    expect(got[1]!.at - got[0]!.at).toBeGreaterThanOrEqual(900);

    const list = await call(stack.url, '/api/cliente/webhooks', { token: admin });
    const first = list.body.webhooks[0].deliveries.at(-1);
    expect(first).toMatchObject({ status: 'sent', attempts: 2, lastStatus: 200 });
  });

  it('lose nothing while the receiving server is down, and go in order once it is back', async () => {
    const company = await newCompany('Servidor Fora do Ar Ltda');
    const admin = await clientOf(company, 'administrador');
    const hook = await webhook(admin, '/fora');
    const a = await companyShipment(admin);
    const b = await companyShipment(admin);
    await receiver.down();
    try {
      await stage(a, 1);
      await stage(b, 1);
      await stage(a, 2);
      await stage(b, 2);
      // Refused connections, retried (the address pauses between tries).
      await new Promise((r) => setTimeout(r, 3000));
      const list = await call(stack.url, '/api/cliente/webhooks', { token: admin });
      const deliveries = list.body.webhooks[0].deliveries as {
        status: string;
        lastAnswer: string;
      }[];
      expect(deliveries.some((d) => d.lastAnswer === 'Conexão recusada')).toBe(true);
      expect(deliveries.every((d) => d.status !== 'sent')).toBe(true);
    } finally {
      await receiver.up();
    }
    await until(() => receiver.at('/fora').length >= 4);
    const events = receiver.at('/fora').map((r) => verified(hook.secret, r));
    const of = (number: string) =>
      events
        .filter((e) => e.data.number === number)
        .map((e) => (e.data.changed as { stage: number }).stage);
    expect(of(a.number)).toEqual([1, 2]);
    expect(of(b.number)).toEqual([1, 2]);
  });

  it("never send another company's shipment to this company's address", async () => {
    const mine = await newCompany('Minha Empresa Ltda');
    const theirs = await newCompany('Outra Empresa Ltda');
    const admin = await clientOf(mine, 'administrador');
    const other = await clientOf(theirs, 'administrador');
    const hook = await webhook(admin, '/so-minha');
    const otherHook = await webhook(other, '/so-deles');
    const ours = await companyShipment(admin);
    const theirShipment = await companyShipment(other);
    await stage(theirShipment, 1);
    await stage(ours, 1);
    await until(() => receiver.at('/so-minha').length >= 1 && receiver.at('/so-deles').length >= 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.at('/so-minha').map((r) => verified(hook.secret, r).data.number)).toEqual([
      ours.number,
    ]);
    expect(receiver.at('/so-deles').map((r) => verified(otherHook.secret, r).data.number)).toEqual([
      theirShipment.number,
    ]);
    // Nor does either see, delete or resend the other's.
    const seen = await call(stack.url, '/api/cliente/webhooks', { token: other });
    expect(seen.body.webhooks.map((w: { id: string }) => w.id)).toEqual([otherHook.id]);
    const removed = await call(stack.url, `/api/cliente/webhooks/${hook.id}`, {
      method: 'DELETE',
      token: other,
    });
    expect(removed.status).toBe(404);
    const delivery = (await call(stack.url, '/api/cliente/webhooks', { token: admin })).body
      .webhooks[0].deliveries[0].id;
    const resent = await post(`/api/cliente/webhooks/entregas/${delivery}/reenviar`, {}, other);
    expect(resent.status).toBe(404);
  });

  it("'Enviar teste' and 'Enviar de novo' post at once, the same message again", async () => {
    const company = await newCompany('Teste e Reenvio Ltda');
    const admin = await clientOf(company, 'administrador');
    const hook = await webhook(admin, '/teste');
    const test = await post(`/api/cliente/webhooks/${hook.id}/teste`, {}, admin);
    expect(test.status, JSON.stringify(test.body)).toBe(200);
    await until(() => receiver.at('/teste').length >= 1);
    const event = verified(hook.secret, receiver.at('/teste')[0]!);
    expect(event).toMatchObject({ type: 'webhook.test', data: { message: expect.any(String) } });
    // The receiver has the message a moment before the sender writes down its answer; until then
    // 'Enviar de novo' is refused as "being sent now", as a person clicking at once would see.
    const recorded = async () =>
      (await call(stack.url, `/api/cliente/webhooks/${hook.id}/entregas`, { token: admin })).body
        .items[0]?.status;
    await until(async () => (await recorded()) === 'sent');

    const again = await post(
      `/api/cliente/webhooks/entregas/${test.body.delivery.id}/reenviar`,
      {},
      admin,
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await until(() => receiver.at('/teste').length >= 2);
    expect(receiver.at('/teste')[1]!.headers['webhook-id']).toBe(
      receiver.at('/teste')[0]!.headers['webhook-id'],
    );

    const pages = await call(stack.url, `/api/cliente/webhooks/${hook.id}/entregas`, {
      token: admin,
    });
    expect(pages.body.items).toHaveLength(1);
    expect(pages.body.items[0]).toMatchObject({ status: 'sent', attempts: 2, lastStatus: 200 });

    const removed = await call(stack.url, `/api/cliente/webhooks/${hook.id}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(removed.status).toBe(200);
    const list = await call(stack.url, '/api/cliente/webhooks', { token: admin });
    expect(list.body.webhooks).toEqual([]);
  });

  it('take only an https:// address (http:// to this machine in tests), and say why in Portuguese', async () => {
    const admin = await clientOf(FIRST_COMPANY_ID, 'administrador');
    for (const [url, message] of [
      ['http://api.cliente.example/hook', 'Use um endereço https://'],
      ['https://10.0.0.5/hook', 'Use o endereço público do seu servidor, não um endereço interno'],
      ['https://usuario:senha@api.cliente.example/', 'Não ponha usuário e senha no endereço'],
      ['', 'Informe o endereço que vai receber os avisos'],
    ]) {
      const res = await post('/api/cliente/webhooks', { url }, admin);
      expect(res.status).toBe(400);
      expect(res.body.data.url.message).toContain(message);
    }
    const ok = await post(
      '/api/cliente/webhooks',
      { url: 'https://API.Cliente.example/rv' },
      admin,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.webhook.url).toBe('https://api.cliente.example/rv');
    const twice = await post(
      '/api/cliente/webhooks',
      { url: 'https://api.cliente.example/rv' },
      admin,
    );
    expect(twice.body.data.url.message).toContain('Este endereço já está cadastrado');
  });

  it('are managed by a company’s administrator and the office only', async () => {
    const company = await newCompany('Quem Pode Ltda');
    const admin = await clientOf(company, 'administrador');
    const person = await clientOf(company, 'pessoa');
    const shared = await signIn(stack.url, 'clients', CLIENT);
    const driver = await signIn(stack.url, 'staff', DRIVER);
    const hook = await webhook(admin, '/quem');
    for (const token of [person, shared, driver]) {
      for (const [method, path] of [
        ['GET', '/api/cliente/webhooks'],
        ['POST', '/api/cliente/webhooks'],
        ['DELETE', `/api/cliente/webhooks/${hook.id}`],
        ['POST', `/api/cliente/webhooks/${hook.id}/teste`],
        ['GET', `/api/cliente/webhooks/${hook.id}/entregas`],
      ] as const) {
        const res = await call(stack.url, path, {
          method,
          token,
          body: method === 'GET' ? undefined : { url: receiver.url('/intruso') },
        });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    }
    // The office names the company it manages.
    const unnamed = await call(stack.url, '/api/cliente/webhooks', { token: office });
    expect(unnamed.status).toBe(400);
    const listed = await call(stack.url, `/api/cliente/webhooks?empresa=${company}`, {
      token: office,
    });
    expect(listed.body.webhooks.map((w: { id: string }) => w.id)).toEqual([hook.id]);
    const made = await post('/api/cliente/webhooks', {
      url: receiver.url('/pelo-escritorio'),
      empresa: company,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.webhook.createdBy).not.toBe('');
    // Nobody reads the collections themselves, nor the secret.
    for (const token of [admin, office]) {
      const raw = await call(stack.url, '/api/collections/webhooks/records', { token });
      expect(raw.status).toBe(403);
    }
    const collection = await stack.admin('/api/collections/webhooks');
    expect(collection.fields.find((f: { name: string }) => f.name === 'secret').hidden).toBe(true);
  });
});

describe('erasing a shipment (LGPD)', () => {
  it('deletes what its webhooks carried', async () => {
    const company = await newCompany('Apagamento Ltda');
    const admin = await clientOf(company, 'administrador');
    await webhook(admin, '/apagar');
    // Its pickup names a person of its own, found by e-mail.
    const email = `titular${Date.now()}@cliente.example`;
    const pickup = newId();
    const made = await call(stack.url, '/api/collections/pickup_requests/records', {
      method: 'POST',
      token: admin,
      body: { id: pickup, ...pickupPayload({ email }) },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const s = await shipmentOf(pickup);
    await stage(s, 4, { receiverName: 'Titular da Silva' });
    await until(() => receiver.at('/apagar').length >= 1);
    const mine = `filter=${encodeURIComponent(`tracking = '${s.id}'`)}`;
    const before = await stack.admin(`/api/collections/webhook_deliveries/records?${mine}`);
    expect(before.totalItems).toBe(1);
    await stack.admin('/api/lgpd/apagar', {
      method: 'POST',
      body: JSON.stringify({ titular: email, por: 'Encarregada LGPD' }),
    });
    const after = await stack.admin(`/api/collections/webhook_deliveries/records?${mine}`);
    expect(after.totalItems).toBe(0);
  });
});

describe('a delivery that keeps failing', () => {
  let short: Stack;
  beforeAll(async () => {
    // Given up after 3 s here (three days in production).
    short = await startStack({
      WEBHOOKS_ALLOW_HTTP_LOOPBACK: '1',
      WEBHOOK_RETRY_BASE_SECONDS: '1',
      WEBHOOK_RETRY_MAX_SECONDS: '1',
      WEBHOOK_GIVE_UP_SECONDS: '3',
      AUTH_PER_MINUTE: '120',
    });
    for (let n = 1; n <= 6; n++) await short.admin(`/api/crons/webhooks-${n}`, { method: 'POST' });
  });
  afterAll(() => short?.stop());

  it('is given up after its time, and the shipment’s next event goes', async () => {
    const main = stack;
    stack = short;
    try {
      office = await signIn(stack.url, 'staff', STAFF);
      const company = await newCompany('Desistência Ltda');
      const admin = await clientOf(company, 'administrador');
      const hook = await webhook(admin, '/desisto');
      const s = await companyShipment(admin);
      receiver.answer = (r) => (r.path === '/desisto' ? 503 : 200);
      await stage(s, 1);
      await until(() => receiver.at('/desisto').length >= 2);
      const deliveries = async () =>
        (await call(stack.url, '/api/cliente/webhooks', { token: admin })).body.webhooks[0]
          .deliveries as { status: string; lastStatus: number; attempts: number }[];
      const end = Date.now() + 15_000;
      while ((await deliveries())[0]!.status !== 'gaveup' && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 200));
      }
      const [given] = await deliveries();
      expect(given).toMatchObject({ status: 'gaveup', lastStatus: 503 });
      expect(given!.attempts).toBeGreaterThanOrEqual(2);

      receiver.answer = () => 200;
      await stage(s, 2);
      await until(() =>
        receiver
          .at('/desisto')
          .some((r) => (verified(hook.secret, r).data.changed as { stage: number }).stage === 2),
      );
      expect((await deliveries())[0]).toMatchObject({ status: 'sent', lastStatus: 200 });
    } finally {
      stack = main;
      office = await signIn(stack.url, 'staff', STAFF);
    }
  });
});
