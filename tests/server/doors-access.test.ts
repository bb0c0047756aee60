// Who may read and write what, seen from outside: a session that ends stops its live data at once,
// and no write through the API can set a field its author does not own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNumbered, SUBMISSION_KIND_LIST } from '../../src/domain/submissions';
import { pickupPayload, quotePayload, urgentPayload } from '../support/payloads';
import {
  call,
  CLIENT,
  signIn,
  STAFF,
  staffCommand as runStaff,
  startStack,
  type Stack,
  DRIVER,
} from '../support/stack';

const ROOT = join(import.meta.dirname, '../..');
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

function staffCommand(...args: string[]) {
  const r = runStaff(stack, ...args);
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

/**
 * A raw realtime connection, as an attacker's script would hold it: subscribed with a staff token
 * to everything staff may read. It records each event, and whether the server ended the stream.
 */
async function liveStream(token: string) {
  const events: string[] = [];
  let ended = false;
  let clientId = '';
  const source = new EventSource(`${stack.url}/api/realtime`);
  await new Promise<void>((resolve, reject) => {
    source.addEventListener('PB_CONNECT', (e) => {
      if (clientId) return; // a reconnection: a new client nobody subscribed
      clientId = JSON.parse((e as MessageEvent).data).clientId;
      resolve();
    });
    source.onerror = () => {
      if (clientId) ended = true;
      else reject(new Error('realtime did not connect'));
    };
  });
  const topics = ['quotes', 'urgent_requests', 'pickup_requests', 'tracking', 'mail_queue'];
  for (const topic of topics) {
    source.addEventListener(topic, (e) => events.push(`${topic}:${(e as MessageEvent).data}`));
  }
  const subscribed = await call(stack.url, '/api/realtime', {
    method: 'POST',
    token,
    body: { clientId, subscriptions: topics },
  });
  expect(subscribed.status).toBe(204);
  return {
    events,
    ended: () => ended,
    close: () => source.close(),
  };
}

async function newStaff(email: string) {
  const out = staffCommand('add', email, 'Pessoa de Teste');
  const password = /Senha inicial: (\S+)/.exec(out)![1];
  return { email, password, token: await signIn(stack.url, 'staff', { email, password }) };
}

/** Something every staff subscriber hears about: a quote (and its e-mails in the queue). */
async function somethingHappens() {
  const res = await call(stack.url, '/api/collections/quotes/records', {
    method: 'POST',
    body: quotePayload({ senderName: 'Evento Ao Vivo' }),
  });
  expect(res.status).toBe(200);
}

describe('a session that ends stops its live data', () => {
  it.each([
    ['disabled with npm run staff', (email: string) => staffCommand('disable', email)],
    [
      'its password changed',
      async (email: string) => {
        const found = await stack.admin(
          `/api/collections/staff/records?filter=${encodeURIComponent(`email="${email}"`)}`,
        );
        await stack.admin(`/api/collections/staff/records/${found.items[0].id}`, {
          method: 'PATCH',
          body: JSON.stringify({ password: 'nova-senha-9876', passwordConfirm: 'nova-senha-9876' }),
        });
      },
    ],
  ])('an account %s hears nothing more within a second', async (_, endSession) => {
    const who = await newStaff(`ao-vivo-${Date.now()}@teste.example`);
    const stream = await liveStream(who.token);
    // An active colleague's stream: once it has heard of the next quote, so would the other one.
    const control = await liveStream(await signIn(stack.url, 'staff', STAFF));
    try {
      // The stream works before: a staff account hears of a new quote.
      await somethingHappens();
      await expect.poll(() => stream.events.length, { timeout: 5000 }).toBeGreaterThan(0);

      await endSession(who.email);
      await expect.poll(() => stream.ended(), { timeout: 1000, interval: 50 }).toBe(true);
      const heard = stream.events.length;
      const controlHeard = control.events.length;
      await somethingHappens();
      await expect
        .poll(() => control.events.length, { timeout: 5000 })
        .toBeGreaterThan(controlHeard);
      expect(stream.events.slice(heard)).toEqual([]);
    } finally {
      stream.close();
      control.close();
    }
  });
});

interface Field {
  name: string;
  type: string;
  values?: string[];
  system?: boolean;
}
interface Collection {
  name: string;
  system: boolean;
  fields: Field[];
  listRule: string | null;
  viewRule: string | null;
  createRule: string | null;
  updateRule: string | null;
  deleteRule: string | null;
}

/** A value a forger would slip in, of the field's own type, unlike anything the server sets. */
function forged(field: Field): unknown {
  switch (field.type) {
    case 'number':
      return 987654;
    case 'bool':
      return true;
    case 'date':
    case 'autodate':
      return '2020-01-02 03:04:05.000Z';
    case 'select':
      return field.values![field.values!.length - 1];
    case 'json':
      return { forjado: true };
    case 'relation':
      return STAFF_ID; // a real account: the request would show as handled by that person
    default:
      return 'Forjado Pelo Visitante';
  }
}

/** The id under which the test stack keeps its staff account. */
const STAFF_ID = 'equipeprincipal';

const VALID: Record<string, () => Record<string, unknown>> = {
  quotes: quotePayload,
  urgent_requests: urgentPayload,
  pickup_requests: pickupPayload,
};

async function collections(): Promise<Collection[]> {
  const all = (await stack.admin('/api/collections?perPage=200')).items as Collection[];
  return all.filter((c) => !c.system && !c.name.startsWith('_'));
}

describe('no write through the API sets a field its author does not own', () => {
  const authors = async () => ({
    visitante: undefined,
    cliente: await signIn(stack.url, 'clients', CLIENT),
    equipe: await signIn(stack.url, 'staff', STAFF),
    motorista: await signIn(stack.url, 'staff', DRIVER),
  });

  it('creates keep only what the sender may write, and answer only a receipt', async () => {
    const tokens = await authors();
    for (const collection of await collections()) {
      const kind = SUBMISSION_KIND_LIST.find((k) => k.collection === collection.name);
      const writable = new Set(['id', ...(kind?.rules.map((r) => r.name) ?? [])]);
      const owned = collection.fields.filter((f) => !writable.has(f.name) && !f.system);
      for (const [who, token] of Object.entries(tokens)) {
        const body: Record<string, unknown> = { ...(VALID[collection.name]?.() ?? {}) };
        for (const f of owned) body[f.name] = forged(f);
        const res = await call(stack.url, `/api/collections/${collection.name}/records`, {
          method: 'POST',
          token,
          body,
        });
        const where = `${who} creating in ${collection.name}`;
        if (res.status !== 200) {
          expect(res.status, where).toBeGreaterThanOrEqual(400);
          continue;
        }
        expect(Object.keys(res.body).sort(), where).toEqual(
          kind && isNumbered(kind) ? ['created', 'id', 'number'] : ['created', 'id'],
        );
        const stored = await stack.admin(
          `/api/collections/${collection.name}/records/${res.body.id}`,
        );
        for (const f of owned) {
          expect(stored[f.name], `${where}: ${f.name}`).not.toEqual(forged(f));
        }
      }
    }
  });

  it('updates and deletes change only what their author owns', async () => {
    const tokens = await authors();
    for (const collection of await collections()) {
      const kind = SUBMISSION_KIND_LIST.find((k) => k.collection === collection.name);
      const list = await stack.admin(`/api/collections/${collection.name}/records?perPage=1`);
      const record = list.items[0] as Record<string, unknown> | undefined;
      if (!record) continue; // nothing stored there in this test (collections no API creates)
      const path = `/api/collections/${collection.name}/records/${record.id}`;
      for (const [who, token] of Object.entries(tokens)) {
        const where = `${who} changing ${collection.name}`;
        for (const f of collection.fields.filter((f) => !f.system && f.name !== 'id')) {
          // Staff mark a request handled ('handled': true), and that is all anyone may change.
          const res = await call(stack.url, path, {
            method: 'PATCH',
            token,
            body: { [f.name]: forged(f) },
          });
          expect(res.status, `${where}: ${f.name}`).toBeGreaterThanOrEqual(400);
        }
        if (kind && who === 'equipe') {
          const handled = await call(stack.url, path, {
            method: 'PATCH',
            token,
            body: { handled: true, handledByName: 'Forjado Pelo Visitante' },
          });
          expect(handled.status, where).toBe(400);
        } else if (collection.deleteRule === null || who !== 'equipe') {
          const removed = await call(stack.url, path, { method: 'DELETE', token });
          expect(removed.status, `${where}: delete`).toBeGreaterThanOrEqual(400);
        }
        const after = await stack.admin(path);
        for (const f of collection.fields) {
          // The server's mail job (every 200 ms here) moves a request's mail state on its own;
          // the PATCHes above show no one else may write it.
          if (f.name === 'updated' || f.name.startsWith('mail')) continue;
          expect(after[f.name], `${where}: ${f.name}`).toEqual(record[f.name]);
        }
      }
    }
  });

  it('tracking records change only through the staff route, which takes only a change', async () => {
    const token = await signIn(stack.url, 'staff', STAFF);
    const direct = await call(stack.url, '/api/collections/tracking/records', {
      method: 'POST',
      token,
      body: { number: '4242001', stages: ['1'] },
    });
    expect(direct.status).toBeGreaterThanOrEqual(400);

    const id = 'rotaforjada0001';
    const registered = await call(stack.url, '/api/equipe/rastreios', {
      method: 'POST',
      token,
      body: {
        op: 'register',
        record: id,
        number: '00424200244',
        at: new Date().toISOString(),
        followers: 50,
        stage1At: '2020-01-02 03:04:05.000Z',
        stages: ['1', '2', '3', '4'],
        registeredBy: 'Forjado Pelo Visitante',
        receiverName: 'Forjado Pelo Visitante',
        // A price is the server's, worked out from a shipment's details (none for a bare number).
        priceCents: 987654,
        priceRule: 'tabela',
        deliveryLatitude: 10,
      },
    });
    expect(registered.status).toBe(200);
    const stored = await stack.admin(`/api/collections/tracking/records/${id}`);
    expect(stored).toMatchObject({
      number: '00424200244',
      followers: 0,
      stages: [],
      stage1At: '',
      registeredBy: 'Equipe',
      receiverName: '',
      priceCents: 0,
      priceRule: '',
      deliveryLatitude: 0,
    });

    for (const body of [
      { number: '9999999' },
      { followers: 0 },
      { stage1At: '2020-01-02 03:04:05.000Z', stages: ['1'] },
    ]) {
      const patched = await call(stack.url, `/api/collections/tracking/records/${id}`, {
        method: 'PATCH',
        token,
        body,
      });
      expect(patched.status).toBeGreaterThanOrEqual(400);
    }
    const removed = await call(stack.url, `/api/collections/tracking/records/${id}`, {
      method: 'DELETE',
      token,
    });
    expect(removed.status).toBeGreaterThanOrEqual(400);
    expect((await stack.admin(`/api/collections/tracking/records/${id}`)).number).toBe(
      '00424200244',
    );
  });
});

describe('docs/access.md', () => {
  const ACTIVE_STAFF = '@request.auth.collectionName = "staff" && @request.auth.disabled = false';
  const ACTIVE_CLIENT =
    '@request.auth.collectionName = "clients" && @request.auth.disabled = false && ' +
    '@request.auth.company.disabled = false';
  /** Each rule the migrations use, in the words of the document. */
  const WORDS = new Map<string | null, string>([
    [null, 'nobody'],
    ['', 'anyone'],
    ['id = @request.auth.id', 'own account'],
    ['@request.auth.collectionName = "clients"', 'corporate client'],
    [ACTIVE_STAFF, 'active staff'],
    [`${ACTIVE_STAFF} && source != "tracking_follows"`, 'active staff, except follows'],
    [`${ACTIVE_STAFF} && @request.auth.role != "motorista"`, 'office'],
    [
      `(${ACTIVE_STAFF} && @request.auth.role != "motorista") || ` +
        `(${ACTIVE_CLIENT} && company = @request.auth.company)`,
      'office; corporate client: own company',
    ],
    [ACTIVE_CLIENT, 'active corporate client'],
    [`${ACTIVE_CLIENT} && company = @request.auth.company`, 'corporate client: own company'],
    [
      `(${ACTIVE_STAFF} && @request.auth.role != "motorista") || ` +
        `(${ACTIVE_CLIENT} && id = @request.auth.company)`,
      'office; corporate client: own company',
    ],
    [
      `id = @request.auth.id || (${ACTIVE_STAFF} && @request.auth.role != "motorista") || ` +
        `(${ACTIVE_CLIENT} && @request.auth.kind = "administrador" && company = @request.auth.company)`,
      "own account; office; company's administrator",
    ],
    [
      `${ACTIVE_STAFF} && (@request.auth.role != "motorista" || driver = @request.auth.id)`,
      'office; driver: own shipments',
    ],
    [
      `${ACTIVE_STAFF} && source != "tracking_follows" && @request.auth.role != "motorista"`,
      'office, except follows',
    ],
    [
      `${ACTIVE_STAFF} && ((@request.auth.role != "motorista" && unassigned = false) || ` +
        '(@request.auth.role = "motorista" && driver = @request.auth.id))',
      'office: deletions; driver: own',
    ],
  ]);

  it('states every collection rule the server applies', async () => {
    const doc = readFileSync(join(ROOT, 'docs/access.md'), 'utf8');
    const rows = new Map(
      doc
        .split('\n')
        .filter((line) => /^\| [a-z_]+ /.test(line))
        .map((line) =>
          line
            .split('|')
            .slice(1, -1)
            .map((cell) => cell.trim()),
        )
        .map(([name, ...rules]) => [name, rules] as const)
        .filter(([name]) => name !== 'collection'), // the header
    );
    const actual = new Map<string, string[]>();
    for (const c of await collections()) {
      const rules = [c.listRule, c.viewRule, c.createRule, c.updateRule, c.deleteRule];
      actual.set(
        c.name,
        rules.map((rule) => WORDS.get(rule) ?? `a rule docs/access.md does not name: ${rule}`),
      );
    }
    expect(rows).toEqual(actual);
  });
});
