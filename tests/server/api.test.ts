// The API for client companies' systems, against a real server: a company's administrator makes and
// revokes keys; a key quotes, asks for pickups (the form's checks, numbers, retries and e-mails)
// and reads its own company's requests, shipments and labels, never another's; revoked keys and
// disabled companies are refused at once, and each key is held to its requests a minute. The
// OpenAPI document the server serves is checked against the server itself.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  API_PICKUP_EXAMPLE,
  API_REQUESTS_PER_MINUTE,
  apiQuote,
} from '../../src/domain/api';
import { draftFromRequest, todayInBrazil } from '../../src/domain/shipments';
import company from '../../pb_hooks/lib/company.json';
import { barcodesIn } from '../support/barcodes';
import { invitedPerson, newCompany } from '../support/companies';
import { schemaProblems } from '../support/json-schema';
import { pickupPayload, recordIds } from '../support/payloads';
import { labelImage } from '../support/pdf-label';
import { call, CLIENT, signIn, STAFF, startStack, type Stack } from '../support/stack';

let stack: Stack;
let office = '';
/** Two companies, each with its administrator, and a key of each. */
let mine: { id: string; admin: string; key: string };
let theirs: { id: string; admin: string; key: string };
const newId = recordIds('ap');

/** A call with an API key (as a Bearer token unless `header` says otherwise). */
async function api(
  key: string,
  path: string,
  init: { method?: string; body?: unknown; header?: 'bearer' | 'x-api-key' } = {},
) {
  const res = await fetch(`${stack.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.header === 'x-api-key' ? { 'X-Api-Key': key } : { Authorization: `Bearer ${key}` }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const type = res.headers.get('content-type') ?? '';
  const bytes = Buffer.from(await res.arrayBuffer());
  const body = type.includes('json') && bytes.length ? JSON.parse(bytes.toString('utf8')) : null;
  return { status: res.status, body, headers: res.headers, bytes, type };
}

async function newKey(admin: string, name = 'ERP da loja') {
  const made = await call(stack.url, '/api/cliente/chaves', {
    method: 'POST',
    token: admin,
    body: { name },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body as { key: { id: string; name: string; shown: string }; secret: string };
}

async function companyWithKey(name: string) {
  const made = await newCompany(stack, office, name);
  const admin = (await invitedPerson(stack, made.id, true, office)).session;
  return { id: made.id, admin, key: (await newKey(admin)).secret };
}

/** A pickup of the company by its key, and the shipment the office makes of it. */
async function shipmentOf(key: string) {
  const id = newId();
  const made = await api(key, '/api/v1/coletas', {
    method: 'POST',
    body: pickupPayload({ id, cidade: 'Goiânia', estado: 'GO' }),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const request = (
    await call(stack.url, `/api/collections/pickup_requests/records/${id}`, { token: office })
  ).body;
  const res = await call(stack.url, '/api/equipe/rastreios', {
    method: 'POST',
    token: office,
    body: {
      op: 'shipment',
      at: new Date().toISOString(),
      record: newId(),
      number: '',
      request: `pickup:${id}`,
      fields: {
        ...draftFromRequest('pickup', request, company.client, todayInBrazil()),
        senderZip: '75500-000',
        senderStreetNumber: 'S/N',
        recipientZip: '74000-000',
        recipientStreetNumber: '10',
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { pickup: id, number: res.body.record.number as string, record: res.body.record.id };
}

beforeAll(async () => {
  // Every invited person signs in from 127.0.0.1: more than the ten a minute one address gets.
  stack = await startStack({ AUTH_PER_MINUTE: '120' });
  office = await signIn(stack.url, 'staff', STAFF);
  mine = await companyWithKey('Papelaria Integrada Ltda');
  theirs = await companyWithKey('Outra Integrada Ltda');
});
afterAll(() => stack?.stop());

describe("a company's API keys", () => {
  it('are made, listed and revoked by its administrator only; the key is answered once and kept hashed', async () => {
    const made = await newKey(mine.admin, '  Loja   virtual ');
    expect(made.secret).toMatch(/^rvk_[A-Za-z0-9]{40}$/);
    expect(made.key.name).toBe('Loja virtual');
    expect(made.key.shown).toBe(made.secret.slice(0, 10));

    const listed = await call(stack.url, '/api/cliente/chaves', { token: mine.admin });
    expect(listed.status).toBe(200);
    expect(listed.body.keys.map((k: { id: string }) => k.id)).toContain(made.key.id);
    expect(JSON.stringify(listed.body)).not.toContain(made.secret);
    // What the server keeps: the hash, never the key.
    const stored = await stack.admin(`/api/collections/api_keys/records/${made.key.id}`);
    expect(stored.hash).toBe(createHash('sha256').update(made.secret).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(made.secret);

    const noName = await call(stack.url, '/api/cliente/chaves', {
      method: 'POST',
      token: mine.admin,
      body: { name: ' ' },
    });
    expect(noName.status).toBe(400);
    expect(noName.body.data.name.message).toMatch(/Dê um nome à chave/);

    // Not the shared password, a person who administers nobody, the office or another company.
    const person = (await invitedPerson(stack, mine.id, false, mine.admin)).session;
    const shared = await signIn(stack.url, 'clients', CLIENT);
    for (const token of [person, shared, office]) {
      const refused = await call(stack.url, '/api/cliente/chaves', {
        method: 'POST',
        token,
        body: { name: 'Intrusa' },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(API_MESSAGES.adminOnly);
    }
    const foreign = await call(stack.url, `/api/cliente/chaves/${made.key.id}/revogar`, {
      method: 'POST',
      token: theirs.admin,
    });
    expect(foreign.status).toBe(404);

    expect((await api(made.secret, '/api/v1/coletas')).status).toBe(200);
    expect((await api(made.secret, '/api/v1/coletas', { header: 'x-api-key' })).status).toBe(200);
    const revoked = await call(stack.url, `/api/cliente/chaves/${made.key.id}/revogar`, {
      method: 'POST',
      token: mine.admin,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.key.revokedAt).not.toBe('');
    expect(revoked.body.key.revokedBy).toBe('Paula Pessoa');
    const after = await api(made.secret, '/api/v1/coletas');
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(API_MESSAGES.badKey);
    expect(after.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('refuse no key, a malformed one, a session token, and any key of a disabled company at once', async () => {
    const none = await fetch(`${stack.url}/api/v1/remessas`);
    expect(none.status).toBe(401);
    expect((await none.json()).message).toBe(API_MESSAGES.noKey);
    expect((await api('rvk_curta', '/api/v1/remessas')).status).toBe(401);
    expect((await api(`rvk_${'A'.repeat(40)}`, '/api/v1/remessas')).status).toBe(401);
    const session = await call(stack.url, '/api/v1/remessas', { token: mine.admin });
    expect(session.status).toBe(401);

    const company = await companyWithKey('Empresa Desativada Ltda');
    expect((await api(company.key, '/api/v1/remessas')).status).toBe(200);
    const off = await call(stack.url, `/api/clientes/${company.id}/situacao`, {
      method: 'POST',
      token: office,
      body: { disabled: true },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const refused = await api(company.key, '/api/v1/remessas');
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(API_MESSAGES.companyDisabled);
    await call(stack.url, `/api/clientes/${company.id}/situacao`, {
      method: 'POST',
      token: office,
      body: { disabled: false },
    });
    expect((await api(company.key, '/api/v1/remessas')).status).toBe(200);
  });

  it(`hold each key to ${API_REQUESTS_PER_MINUTE} requests a minute, then 429 with Retry-After`, async () => {
    const key = (await newKey(mine.admin, 'Sistema apressado')).secret;
    const other = (await newKey(mine.admin, 'Sistema calmo')).secret;
    // The count is per minute of the clock: start early in one, so all of it falls in it.
    const second = new Date().getSeconds();
    if (second > 40) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
    const statuses: number[] = [];
    for (let i = 0; i < API_REQUESTS_PER_MINUTE; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, () => api(key, '/api/v1/remessas?perPage=1')),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(API_REQUESTS_PER_MINUTE);
    const over = await api(key, '/api/v1/remessas');
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Limite de 120 requisições por minuto desta chave/);
    const wait = Number(over.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // Another key of the same company is counted apart.
    expect((await api(other, '/api/v1/remessas')).status).toBe(200);
  });
});

describe('what a key does', () => {
  it('quotes as the simulator does, with field messages in Portuguese', async () => {
    const body = { weight: '2,5', length: 40, width: 30, height: 20, invoiceValue: '1.500,00' };
    const quoted = await api(mine.key, '/api/v1/cotacoes', { method: 'POST', body });
    expect(quoted.status).toBe(200);
    expect(quoted.body).toEqual((apiQuote(body) as { quote: unknown }).quote);
    expect(quoted.body.total).toMatch(/^R\$ /);
    const heavy = await api(mine.key, '/api/v1/cotacoes', {
      method: 'POST',
      body: { ...body, weight: 45 },
    });
    expect(heavy.body).toMatchObject({ totalCents: null, total: 'Consultar' });
    const wrong = await api(mine.key, '/api/v1/cotacoes', {
      method: 'POST',
      body: { weight: 'muito', length: 40 },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.weight.message).toMatch(/^Informe um número maior que zero/);
    expect(wrong.body.data.width.message).toMatch(/^Este campo é obrigatório/);
  });

  it("asks for a pickup as the form does: checked, numbered, once per id, mailed once, in the company's 'Minhas solicitações' under the key's name", async () => {
    const invalid = await api(mine.key, '/api/v1/coletas', {
      method: 'POST',
      body: pickupPayload({ telefone: '123', estado: 'XX' }),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.data.telefone.message).toMatch(/^Telefone inválido/);
    expect(invalid.body.data.estado.message).toMatch(/^Escolha uma das opções/);
    const badId = await api(mine.key, '/api/v1/coletas', {
      method: 'POST',
      body: pickupPayload({ id: 'Curto' }),
    });
    expect(badId.body.data.id.message).toContain(API_MESSAGES.badId.slice(0, -1));

    const id = newId();
    const body = pickupPayload({ id, solicitadaPor: 'Integração Teste' });
    const first = await api(mine.key, '/api/v1/coletas', { method: 'POST', body });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ id, number: expect.any(Number) });
    const again = await api(mine.key, '/api/v1/coletas', { method: 'POST', body });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const next = await api(mine.key, '/api/v1/coletas', {
      method: 'POST',
      body: pickupPayload({ id: newId() }),
    });
    expect(next.body.number).toBe(first.body.number + 1);

    // Another company's key cannot take that id, nor learn its receipt.
    const taken = await api(theirs.key, '/api/v1/coletas', { method: 'POST', body });
    expect(taken.status).toBe(400);
    expect(taken.body.data.id.message).toContain(API_MESSAGES.idTaken.slice(0, -1));
    expect(JSON.stringify(taken.body)).not.toContain(String(first.body.number));

    const stored = await stack.admin(`/api/collections/pickup_requests/records/${id}`);
    expect(stored).toMatchObject({ company: mine.id, requestedBy: 'ERP da loja', client: '' });

    // 'Minhas solicitações' of the company's people.
    const seen = await call(stack.url, '/api/collections/pickup_requests/records?sort=-created', {
      token: mine.admin,
    });
    const row = seen.body.items.find((r: { id: string }) => r.id === id);
    expect(row.requestedBy).toBe('ERP da loja');
    expect(row.number).toBe(first.body.number);

    // One e-mail to the company for it, however often it was sent.
    const subject = `Formulário de Solicitação ${first.body.number} - Integração Teste`;
    await stack.sink.waitFor((m) => m.subject === subject);
    await new Promise((r) => setTimeout(r, 1500));
    expect(stack.sink.messages.filter((m) => m.subject === subject)).toHaveLength(1);
  });

  it("reads its own company's requests and shipments with their stages, and another company's key sees none of them", async () => {
    const { pickup, number } = await shipmentOf(mine.key);

    const requests = await api(mine.key, '/api/v1/coletas?perPage=100');
    expect(requests.status).toBe(200);
    const request = requests.body.items.find((r: { id: string }) => r.id === pickup);
    expect(request).toMatchObject({ shipmentNumber: number, shipmentStage: 0 });
    expect(request).not.toHaveProperty('handled');
    expect(request).not.toHaveProperty('mailStatus');
    expect((await api(mine.key, `/api/v1/coletas/${pickup}`)).body.id).toBe(pickup);

    const list = await api(mine.key, '/api/v1/remessas');
    expect(list.status).toBe(200);
    const shipment = list.body.items.find((s: { number: string }) => s.number === number);
    expect(shipment).toMatchObject({ stage: 0, stageLabel: 'Remessa registrada', stages: [] });
    expect(JSON.stringify(list.body)).not.toMatch(/Rua|recipientName|senderDocument/);

    const paged = await api(mine.key, '/api/v1/remessas?perPage=1&page=1');
    expect(paged.body).toMatchObject({ page: 1, perPage: 1 });
    expect(paged.body.items).toHaveLength(1);
    expect((await api(mine.key, '/api/v1/remessas?perPage=500')).status).toBe(400);

    // Another company: none of it, and the same 404 as for a number that does not exist.
    const foreignRequests = await api(theirs.key, '/api/v1/coletas?perPage=100');
    expect(foreignRequests.body.items.map((r: { id: string }) => r.id)).not.toContain(pickup);
    expect((await api(theirs.key, `/api/v1/coletas/${pickup}`)).status).toBe(404);
    const foreignList = await api(theirs.key, '/api/v1/remessas?perPage=100');
    expect(foreignList.body.items.map((s: { number: string }) => s.number)).not.toContain(number);
    for (const path of [`/api/v1/remessas/${number}`, `/api/v1/remessas/${number}/etiqueta`]) {
      const refused = await api(theirs.key, path);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(API_MESSAGES.shipmentNotFound);
    }
    expect((await api(mine.key, '/api/v1/remessas/999999999999')).status).toBe(404);
  });

  it("downloads a shipment's label: a 10×15 cm PDF whose barcodes a scanner reads", async () => {
    const { number } = await shipmentOf(mine.key);
    const label = await api(mine.key, `/api/v1/remessas/${number}/etiqueta`);
    expect(label.status).toBe(200);
    expect(label.type).toBe('application/pdf');
    const pdf = label.bytes.toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    // 100 × 150 mm in points.
    expect(pdf).toContain('/MediaBox [0 0 283.46 425.2]');
    expect(pdf).toContain(`(${number})`);
    const image = labelImage(pdf);
    const codes = await barcodesIn(image.png);
    expect(codes).toContainEqual(['Code128', number]);
    expect(codes).toContainEqual(['QRCode', `${stack.url}/rastrear?numero=${number}`]);
  });
});

/** Every `routerAdd('METHOD', '/api/v1/…')` in pb_hooks/. */
function registeredApiRoutes(): string[] {
  const dir = join(import.meta.dirname, '../../pb_hooks');
  const routes: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.pb.js'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const m of text.matchAll(/routerAdd\(\s*'([A-Z]+)',\s*'(\/api\/v1\/[^']*)'/g)) {
      routes.push(`${m[1]} ${m[2]}`);
    }
  }
  return routes.sort();
}

type Operation = {
  requestBody?: { content: Record<string, { schema: object; example?: unknown }> };
  responses: Record<
    string,
    { $ref?: string; content?: Record<string, { schema: object; example?: unknown }> }
  >;
  security?: unknown[];
};

describe('the OpenAPI document', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON document read as it is
  let doc: any;
  beforeAll(async () => {
    const res = await fetch(`${stack.url}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    doc = await res.json();
  });
  const operations = () =>
    Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(
      ([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
  const response = (op: Operation, status: string) => {
    const found = op.responses[status];
    return found?.$ref
      ? doc.components.responses[found.$ref.replace('#/components/responses/', '')]
      : found;
  };
  const valid = (schema: object, value: unknown) => schemaProblems(schema as never, value, doc);

  it('is OpenAPI 3.1 and documents every /api/v1 route the server registers, and no other', () => {
    expect(doc.openapi).toBe('3.1.0');
    const documented = operations()
      .map(({ path, method }) => `${method} ${path}`)
      .sort();
    expect(documented).toEqual(registeredApiRoutes());
  });

  it('has examples that its own schemas accept', () => {
    let checked = 0;
    for (const { path, method, op } of operations()) {
      const bodies = [
        ...Object.values(op.requestBody?.content ?? {}),
        ...Object.keys(op.responses).flatMap((status) =>
          Object.values(response(op, status)?.content ?? {}),
        ),
      ] as { schema: object; example?: unknown }[];
      for (const { schema, example } of bodies) {
        if (example === undefined) continue;
        expect(valid(schema, example), `${method} ${path}`).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(15);
    // The pickup example is one the form itself accepts.
    expect(
      doc.paths['/api/v1/coletas'].post.requestBody.content['application/json'].example,
    ).toEqual(API_PICKUP_EXAMPLE);
  });

  it('says what each route answers for a valid key, as the server answers it', async () => {
    const { pickup, number } = await shipmentOf(mine.key);
    for (const { path, method, op } of operations()) {
      const concrete = path.replace('{id}', pickup).replace('{number}', number);
      const example = op.requestBody?.content['application/json']?.example;
      const res = await api(mine.key, concrete, { method, body: example });
      const documented = response(op, String(res.status));
      expect(documented, `${method} ${path} answered ${res.status}`).toBeDefined();
      const [type, media] = Object.entries(documented.content ?? {})[0] as [
        string,
        { schema: object },
      ];
      expect(res.type, `${method} ${path}`).toContain(type);
      if (type === 'application/json') {
        expect(valid(media.schema, res.body), `${method} ${path}`).toEqual([]);
      }
      // The success each route is for (the example pickup is new here: 201).
      expect(res.status, `${method} ${path}`).toBe(
        method === 'POST' && path.endsWith('coletas') ? 201 : 200,
      );
      // Its errors, as documented: a request without a key.
      if (op.security?.length !== 0) {
        const refused = await fetch(`${stack.url}${concrete}`, { method });
        expect(refused.status).toBe(401);
        expect(
          valid(response(op, '401').content['application/json'].schema, await refused.json()),
        ).toEqual([]);
      }
    }
  });
});
