// Doors an attacker's probe found open: a corporate client reading what the office did with its
// requests, numbers nobody was given answering the public lookup, protected photos kept by caches,
// and record ids that told a driver whether a shipment exists.
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupPayload, shipmentFields, TINY_JPEG, recordIds } from '../support/payloads';
import {
  call,
  CLIENT,
  DRIVER,
  signIn,
  STAFF,
  staffCommand,
  startStack,
  type Stack,
} from '../support/stack';

let stack: Stack;
let office = '';
let client = '';
let driver = '';

beforeAll(async () => {
  stack = await startStack();
  office = await signIn(stack.url, 'staff', STAFF);
  client = await signIn(stack.url, 'clients', CLIENT);
  driver = await signIn(stack.url, 'staff', DRIVER);
});
afterAll(() => stack?.stop());

const newId = recordIds('dr');

const change = (token: string, body: Record<string, unknown>) =>
  call(stack.url, '/api/equipe/rastreios', {
    method: 'POST',
    token,
    body: { at: new Date().toISOString(), ...body },
  });

/** What the office keeps on a request and the client must never read. */
const OFFICE_ONLY = [
  'handled',
  'handledAt',
  'handledBy',
  'handledByName',
  'mailStatus',
  'mailError',
  'mailAttempts',
  'mailNextAt',
  'mailSentAt',
  'confirmationStatus',
  'shipment',
  'client',
];

describe("the corporate client reads only its requests' listed fields", () => {
  let request = '';

  beforeAll(async () => {
    const made = await call(stack.url, '/api/collections/pickup_requests/records', {
      method: 'POST',
      token: client,
      body: pickupPayload(),
    });
    expect(made.status).toBe(200);
    request = made.body.id;
    // The office handles it, and its e-mails are sent: every office-only field has a value.
    const handled = await call(stack.url, `/api/collections/pickup_requests/records/${request}`, {
      method: 'PATCH',
      token: office,
      body: { handled: true },
    });
    expect(handled.status).toBe(200);
    const deadline = Date.now() + 20_000;
    const stateOf = () => stack.admin(`/api/collections/pickup_requests/records/${request}`);
    while ((await stateOf()).mailStatus !== 'sent' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    const stored = await stateOf();
    expect(stored.mailStatus).toBe('sent');
    expect(stored.handledByName).not.toBe('');
  });

  it('on the list and the record, even when it asks for those fields by name', async () => {
    const asked = `fields=${OFFICE_ONLY.join(',')},id,number`;
    const list = await call(stack.url, `/api/collections/pickup_requests/records?${asked}`, {
      token: client,
    });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([{ id: request, number: expect.any(Number) as number }]);
    const whole = await call(stack.url, `/api/collections/pickup_requests/records/${request}`, {
      token: client,
    });
    expect(whole.status).toBe(200);
    for (const name of OFFICE_ONLY) expect(whole.body, name).not.toHaveProperty(name);
    // What it sent and what became of it stay readable ('Minhas solicitações').
    expect(whole.body.cidade).toBe(pickupPayload().cidade);
    expect(whole.body).toHaveProperty('shipmentStage');
    // The office still reads everything.
    const staffView = await call(stack.url, `/api/collections/pickup_requests/records/${request}`, {
      token: office,
    });
    expect(staffView.body.handledByName).not.toBe('');
  });

  it('cannot learn them by filtering or sorting', async () => {
    for (const query of [
      `filter=${encodeURIComponent("handledByName ~ 'a'")}`,
      `filter=${encodeURIComponent("mailStatus = 'sent' && cidade != ''")}`,
      `filter=${encodeURIComponent('@collection.tracking.recipientName ?~ "a"')}`,
      // Quoting and comments read one way by a checker and another by PocketBase's parser.
      `filter=${encodeURIComponent("id != 'x\\\\'' && handledBy = \"abc\" && id != ''")}`,
      `filter=${encodeURIComponent('id != "" // \'\n&& handledBy = "abc" // \'')}`,
      'sort=-handledAt',
    ]) {
      const res = await call(stack.url, `/api/collections/pickup_requests/records?${query}`, {
        token: client,
      });
      // PocketBase itself refuses '@collection' to every account but superusers (403).
      expect([400, 403], query).toContain(res.status);
      if (res.status === 400) expect(res.body.message).toMatch(/não pode ser usado/);
    }
    const own = await call(
      stack.url,
      `/api/collections/pickup_requests/records?filter=${encodeURIComponent("cidade != '' && created > '2000-01-01'")}&sort=-created`,
      { token: client },
    );
    expect(own.status).toBe(200);
    expect(own.body.items).toHaveLength(1);
  });

  it('in realtime, with no filter by them either', async () => {
    const events: Record<string, unknown>[] = [];
    let clientId = '';
    const source = new EventSource(`${stack.url}/api/realtime`);
    try {
      await new Promise<void>((resolve) => {
        source.addEventListener('PB_CONNECT', (e) => {
          clientId = JSON.parse((e as MessageEvent).data).clientId;
          resolve();
        });
      });
      source.addEventListener('pickup_requests/*', (e) =>
        events.push(JSON.parse((e as MessageEvent).data).record),
      );
      const filtered = `pickup_requests/*?options=${encodeURIComponent(
        JSON.stringify({ query: { filter: "handledByName ~ 'a'" } }),
      )}`;
      const collection = (await stack.admin('/api/collections/pickup_requests')) as { id: string };
      const sneaky = [
        filtered,
        // The collection by its id, the options' name encoded, the options' key in capitals.
        `${collection.id}/*?options=${encodeURIComponent(JSON.stringify({ query: { filter: "handledByName ~ 'a'" } }))}`,
        `pickup_requests/*?%6Fptions=${encodeURIComponent(JSON.stringify({ query: { filter: "handledByName ~ 'a'" } }))}`,
        `pickup_requests/*?options=${encodeURIComponent(JSON.stringify({ Query: { filter: "handledByName ~ 'a'" } }))}`,
      ];
      for (const topic of sneaky) {
        const refused = await call(stack.url, '/api/realtime', {
          method: 'POST',
          token: client,
          body: { clientId, subscriptions: [topic] },
        });
        expect(refused.status, topic).toBe(400);
      }
      const subscribed = await call(stack.url, '/api/realtime', {
        method: 'POST',
        token: client,
        // As the SDK sends them for 'Minhas solicitações', which also listens for reconnections.
        body: { clientId, subscriptions: ['PB_CONNECT', 'pickup_requests/*'] },
      });
      expect(subscribed.status).toBe(204);
      // The office takes it back to 'not handled' and again to handled: two events.
      for (const handled of [false, true]) {
        await call(stack.url, `/api/collections/pickup_requests/records/${request}`, {
          method: 'PATCH',
          token: office,
          body: { handled },
        });
      }
      await expect.poll(() => events.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      for (const record of events) {
        expect(record.id).toBe(request);
        for (const name of OFFICE_ONLY) expect(record, name).not.toHaveProperty(name);
      }
    } finally {
      source.close();
    }
  });
});

describe('a new tracking number is a reserved shipment number, a CPF or a CNPJ', () => {
  it('refuses anything else, in Portuguese, and the public lookup never finds it', async () => {
    const refused: [string, RegExp][] = [
      ['1', /12 dígitos.*CPF.*CNPJ/],
      ['1234567890123', /12 dígitos.*CPF.*CNPJ/],
      ['1'.repeat(32), /12 dígitos.*CPF.*CNPJ/],
      ['012345678901', /12 dígitos.*CPF.*CNPJ/],
      ['11144477736', /CPF inválido/],
      ['11222333000182', /CNPJ inválido/],
      // The right shape and check digit, but reserved by no account.
      ['100000000007', /não foi reservado/],
    ];
    for (const [number, message] of refused) {
      const res = await change(office, { op: 'register', record: newId(), number });
      expect(res.status, number).toBe(400);
      expect(res.body.data.number.message, number).toMatch(message);
      expect((await call(stack.url, `/api/rastreio/${number}`)).status, number).not.toBe(200);
    }
    for (const number of ['11144477735', '11222333000181']) {
      const res = await change(office, { op: 'register', record: newId(), number });
      expect(res.status, number).toBe(200);
      expect((await call(stack.url, `/api/rastreio/${number}`)).status, number).toBe(200);
    }
  });
});

describe('protected photos', () => {
  it('are answered private and not to be stored, with their file token', async () => {
    const made = await change(office, {
      op: 'shipment',
      record: newId(),
      number: '',
      fields: shipmentFields(),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const record = made.body.record as { id: string; number: string };
    const form = new FormData();
    for (const [k, v] of Object.entries({
      op: 'stage',
      record: record.id,
      number: record.number,
      stage: '4',
      set: 'true',
      at: new Date().toISOString(),
      receiverName: 'Ana Lima',
    })) {
      form.set(k, v);
    }
    form.set('photo', new Blob([TINY_JPEG], { type: 'image/jpeg' }), 'entrega.jpg');
    const delivered = await fetch(`${stack.url}/api/equipe/rastreios`, {
      method: 'POST',
      headers: { Authorization: office },
      body: form,
    });
    expect(delivered.status).toBe(200);
    const stored = await call(stack.url, `/api/collections/tracking/records/${record.id}`, {
      token: office,
    });
    const file = stored.body.deliveryPhoto as string;
    expect(file).not.toBe('');
    const token = (await call(stack.url, '/api/files/token', { method: 'POST', token: office }))
      .body.token as string;
    const photo = await fetch(
      `${stack.url}/api/files/tracking/${record.id}/${file}?token=${token}`,
    );
    expect(photo.status).toBe(200);
    expect(photo.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe("a driver's answer for a record it may not change", () => {
  it('is the same for another driver’s shipment and for an id that does not exist', async () => {
    const other = staffCommand(
      stack,
      'add',
      'outro-motorista@teste.example',
      'Motorista Beta',
      '--motorista',
    );
    expect(other.status, other.stderr).toBe(0);
    const drivers = await call(stack.url, '/api/equipe/motoristas', { token: office });
    const beta = (drivers.body.drivers as { id: string; name: string }[]).find(
      (d) => d.name === 'Motorista Beta',
    )!;
    const made = await change(office, {
      op: 'shipment',
      record: newId(),
      number: '',
      fields: shipmentFields(),
      driver: beta.id,
    });
    expect(made.status).toBe(200);
    const theirs = made.body.record as { id: string; number: string };
    const stage = (record: string) =>
      change(driver, { op: 'stage', record, number: theirs.number, stage: 2, set: true });
    const attempt = (record: string) =>
      change(driver, {
        op: 'attempt',
        record,
        number: theirs.number,
        attempt: newId(),
        reason: 'ausente',
      });
    // A change dated before any record was made: refused for that on a record one may see.
    const stale = (record: string) =>
      change(driver, {
        op: 'stage',
        record,
        number: theirs.number,
        stage: 2,
        set: true,
        at: '2000-01-01T00:00:00.000Z',
      });
    for (const act of [stage, attempt, stale]) {
      const another = await act(theirs.id);
      const missing = await act(newId());
      expect(another.status).toBe(404);
      expect(missing.status).toBe(another.status);
      expect(missing.body.message).toBe(another.body.message);
    }
    const photo = async (record: string) => {
      const form = new FormData();
      form.set('record', record);
      form.set('target', 'entrega');
      form.set('photo', new Blob([TINY_JPEG], { type: 'image/jpeg' }), 'foto.jpg');
      const res = await fetch(`${stack.url}/api/equipe/rastreios/fotos`, {
        method: 'POST',
        headers: { Authorization: driver },
        body: form,
      });
      return { status: res.status, message: ((await res.json()) as { message: string }).message };
    };
    expect(await photo(newId())).toEqual(await photo(theirs.id));
  });
});
