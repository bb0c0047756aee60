// What a client company reads of its own shipments, on the real server: each shipment's price as
// the server works it out (never a device's), the 'Comprovante de entrega' with its photo and
// signature streamed to that company's people only, and the month's 'Extrato' in Brasília's
// calendar. Another company's client gets the same 404 as for a number that does not exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROOF_MESSAGES } from '../../src/domain/delivery-proof';
import { shipmentPrice } from '../../src/domain/pricing';
import { draftFromRequest, todayInBrazil } from '../../src/domain/shipments';
import { monthInBrazil, type Statement } from '../../src/domain/statement';
import company from '../../pb_hooks/lib/company.json';
import { pickupPayload, recordIds, shipmentFields, TINY_JPEG, TINY_PNG } from '../support/payloads';
import { call, CLIENT, DRIVER, signIn, STAFF, startStack, type Stack } from '../support/stack';

let stack: Stack;
let office = '';
let driver = '';
let client = '';
/** A client of another company, made for this test. */
let other = '';
const OTHER_COMPANY = 'outraempresa001';
const OTHER = { email: 'outra@empresa.example', password: 'outra-senha-123' };
const newId = recordIds('cs');

beforeAll(async () => {
  stack = await startStack({}, { mailClock: false });
  office = await signIn(stack.url, 'staff', STAFF);
  driver = await signIn(stack.url, 'staff', DRIVER);
  client = await signIn(stack.url, 'clients', CLIENT);
  await stack.admin('/api/collections/companies/records', {
    method: 'POST',
    body: JSON.stringify({
      id: OTHER_COMPANY,
      name: 'Outra Empresa Ltda',
      taxId: '11.222.333/0002-62',
      street: 'Rua 1, 10',
      town: 'Goiânia - GO',
    }),
  });
  await stack.admin('/api/collections/clients/records', {
    method: 'POST',
    body: JSON.stringify({
      ...OTHER,
      passwordConfirm: OTHER.password,
      company: OTHER_COMPANY,
      kind: 'compartilhada',
      verified: true,
    }),
  });
  other = await signIn(stack.url, 'clients', OTHER);
});
afterAll(() => stack?.stop());

const change = (body: Record<string, unknown>, token = office) =>
  call(stack.url, '/api/equipe/rastreios', {
    method: 'POST',
    token,
    body: { at: new Date().toISOString(), ...body },
  });

/**
 * A pickup made by `token`'s company and the shipment the office makes of it (`at`: when the
 * office made it, ISO), with `overrides` on the form's fields and `extra` on the change.
 */
async function companyShipment(
  token: string,
  opts: {
    overrides?: Record<string, string>;
    extra?: Record<string, unknown>;
    at?: string;
  } = {},
) {
  const id = newId();
  const made = await call(stack.url, '/api/collections/pickup_requests/records', {
    method: 'POST',
    token,
    body: pickupPayload({ id, cidade: 'Goiânia', estado: 'GO' }),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const request = (
    await call(stack.url, `/api/collections/pickup_requests/records/${id}`, { token: office })
  ).body;
  const fields = {
    ...draftFromRequest('pickup', request, company.client, todayInBrazil()),
    senderZip: '75500-000',
    senderStreetNumber: 'S/N',
    recipientZip: '74000-000',
    recipientStreetNumber: '10',
    ...opts.overrides,
  };
  const record = newId();
  const res = await change({
    op: 'shipment',
    record,
    number: '',
    fields,
    request: `pickup:${id}`,
    ...(opts.at ? { at: opts.at } : {}),
    ...opts.extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    id: record,
    number: res.body.record.number as string,
    requestNumber: made.body.number as number,
    fields,
  };
}

async function deliver(
  s: { id: string; number: string },
  extra: Record<string, unknown> = {},
  token = office,
) {
  const res = await change(
    {
      op: 'stage',
      record: s.id,
      number: s.number,
      stage: 4,
      set: true,
      receiverName: 'Maria da Silva Souza',
      ...extra,
    },
    token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function sendFile(record: string, target: string, file: Buffer, name: string, type: string) {
  const form = new FormData();
  form.set('record', record);
  form.set('target', target);
  form.set('photo', new Blob([new Uint8Array(file)], { type }), name);
  const res = await fetch(`${stack.url}/api/equipe/rastreios/fotos`, {
    method: 'POST',
    headers: { Authorization: office },
    body: form,
  });
  expect(res.status, await res.text()).toBe(200);
}

const get = (path: string, token?: string) =>
  fetch(`${stack.url}${path}`, { headers: token ? { Authorization: token } : {} });

const stored = (id: string) => stack.admin(`/api/collections/tracking/records/${id}`);

describe("a shipment's price", () => {
  it('is worked out by the server from the table, whatever the device sent', async () => {
    const s = await companyShipment(client, {
      overrides: {
        weight: '2,5',
        length: '50',
        width: '40',
        height: '30',
        invoiceValue: '1.234,56',
        service: 'Expressa',
        // Not a field of the form: dropped.
        priceCents: '1',
      },
      extra: { priceCents: 1, priceRule: 'tabela', priceFreightCents: 1 },
    });
    const expected = shipmentPrice({
      weightKg: 2.5,
      lengthCm: 50,
      widthCm: 40,
      heightCm: 30,
      invoiceValueCents: 123456,
      service: 'Expressa',
    });
    // Cubagem 10 kg beats 2,5 kg: the 10 kg tier, and 1% of R$ 1.234,56.
    expect(expected).toEqual({
      priceRule: 'tabela',
      priceCents: 20630 + 1235,
      priceFreightCents: 20630,
      priceInsuranceCents: 1235,
      priceChargeableKg: 10,
    });
    expect(await stored(s.id)).toMatchObject(expected);
    // The office reads it with the shipment.
    const seen = await call(stack.url, `/api/collections/tracking/records/${s.id}`, {
      token: office,
    });
    expect(seen.body.priceCents).toBe(21865);
  });

  it('follows an edit of the weight or the service, and stays when nothing priced changed', async () => {
    const s = await companyShipment(client, {
      overrides: { weight: '1', length: '', width: '', height: '', invoiceValue: '' },
    });
    expect(await stored(s.id)).toMatchObject({ priceRule: 'tabela', priceCents: 6710 });
    const edit = async (fields: Record<string, string>) => {
      const res = await change({
        op: 'shipment',
        record: s.id,
        number: s.number,
        fields: { ...s.fields, ...fields },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      s.fields = { ...s.fields, ...fields };
    };
    await edit({ weight: '3', service: 'Expressa' });
    expect(await stored(s.id)).toMatchObject({ priceCents: 10050, priceChargeableKg: 3 });
    await edit({ contents: 'Outra coisa' });
    expect(await stored(s.id)).toMatchObject({ priceCents: 10050 });
    // 'Urgente' is quoted to the client apart; above 30 kg too.
    await edit({ service: 'Urgente' });
    expect(await stored(s.id)).toMatchObject({ priceRule: 'consulta', priceCents: 0 });
    await edit({ service: 'Expressa', weight: '31' });
    expect(await stored(s.id)).toMatchObject({ priceRule: 'consulta', priceCents: 0 });
  });

  it('is not stored on a number registered by hand', async () => {
    const id = newId();
    const numbers = await call(stack.url, '/api/equipe/numeros', { method: 'POST', token: office });
    const number = numbers.body.numbers[0] as string;
    const res = await change({
      op: 'register',
      record: id,
      number,
      priceCents: 5,
      priceRule: 'tabela',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await stored(id)).toMatchObject({ priceRule: '', priceCents: 0 });
  });
});

describe("the 'Comprovante de entrega'", () => {
  let mine: { id: string; number: string; requestNumber: number };
  let theirs: { id: string; number: string };

  beforeAll(async () => {
    mine = await companyShipment(client);
    await deliver(mine, { latitude: -16.6869, longitude: -49.2648 });
    await sendFile(mine.id, 'entrega', TINY_JPEG, 'entrega.jpg', 'image/jpeg');
    await sendFile(mine.id, 'assinatura', TINY_PNG, 'assinatura.png', 'image/png');
    theirs = await companyShipment(other);
    await deliver(theirs);
    await sendFile(theirs.id, 'entrega', TINY_JPEG, 'entrega.jpg', 'image/jpeg');
  });

  it("gives the company's people the receiver's whole name, when, and where", async () => {
    const res = await call(stack.url, `/api/comprovantes/${mine.number}`, { token: client });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const record = await stored(mine.id);
    expect(res.body).toEqual({
      number: mine.number,
      company: company.client.name,
      requestNumber: mine.requestNumber,
      recipient: record.recipientName,
      destination: 'Goiânia - GO',
      receiverName: 'Maria da Silva Souza',
      deliveredAt: record.stage4At,
      photo: true,
      signature: true,
      position: { latitude: -16.6869, longitude: -49.2648 },
      erased: false,
    });
    // Nothing else of the record: no CPF, no address, no staff.
    expect(JSON.stringify(res.body)).not.toContain(record.recipientPhone);
  });

  it('streams the photo and the signature, kept by no cache', async () => {
    const photo = await get(`/api/comprovantes/${mine.number}/foto`, client);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('cache-control')).toBe('private, no-store');
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await photo.arrayBuffer()).equals(TINY_JPEG)).toBe(true);
    const signature = await get(`/api/comprovantes/${mine.number}/assinatura`, client);
    expect(signature.status).toBe(200);
    expect(signature.headers.get('cache-control')).toBe('private, no-store');
    expect(signature.headers.get('content-type')).toBe('image/png');
    // The tracking collection itself stays closed to clients, files included.
    const record = await stored(mine.id);
    const file = await get(`/api/files/tracking/${mine.id}/${record.deliveryPhoto}`, client);
    expect(file.status).not.toBe(200);
    const list = await call(stack.url, '/api/collections/tracking/records', { token: client });
    expect(list.body.items ?? []).toEqual([]);
  });

  it("answers another company's shipment as it answers a missing one", async () => {
    for (const path of ['', '/foto', '/assinatura']) {
      const foreign = await call(stack.url, `/api/comprovantes/${theirs.number}${path}`, {
        token: client,
      });
      const missing = await call(stack.url, `/api/comprovantes/999999999999${path}`, {
        token: client,
      });
      expect(foreign.status, path).toBe(404);
      expect(foreign.body).toEqual(missing.body);
      expect(foreign.body.message).toBe(PROOF_MESSAGES.notFound);
      // And the other way round.
      const back = await call(stack.url, `/api/comprovantes/${mine.number}${path}`, {
        token: other,
      });
      expect(back.status, path).toBe(404);
      expect(back.body.message).toBe(PROOF_MESSAGES.notFound);
    }
    // Its own, once delivered.
    expect(
      (await call(stack.url, `/api/comprovantes/${theirs.number}`, { token: other })).status,
    ).toBe(200);
  });

  it('refuses the public, drivers and the office (the office reads the shipment itself)', async () => {
    for (const path of ['', '/foto', '/assinatura']) {
      const url = `/api/comprovantes/${mine.number}${path}`;
      expect((await call(stack.url, url)).status, `anyone ${path}`).toBe(401);
      expect((await call(stack.url, url, { token: office })).status, `office ${path}`).toBe(403);
      expect((await call(stack.url, url, { token: driver })).status, `driver ${path}`).toBe(403);
    }
  });

  it('says so for its own shipment not yet delivered', async () => {
    const s = await companyShipment(client);
    const res = await call(stack.url, `/api/comprovantes/${s.number}`, { token: client });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(PROOF_MESSAGES.notDelivered);
    // A delivery with no position, photo or signature: the proof says what there is.
    await deliver(s);
    const proof = await call(stack.url, `/api/comprovantes/${s.number}`, { token: client });
    expect(proof.body).toMatchObject({ photo: false, signature: false, erased: false });
    expect(proof.body.position).toBeUndefined();
    expect((await get(`/api/comprovantes/${s.number}/foto`, client)).status).toBe(404);
  });

  it('refuses a client whose company was disabled', async () => {
    await stack.admin(`/api/collections/companies/records/${OTHER_COMPANY}`, {
      method: 'PATCH',
      body: JSON.stringify({ disabled: true }),
    });
    try {
      const res = await call(stack.url, `/api/comprovantes/${theirs.number}`, { token: other });
      expect(res.status).toBe(403);
      expect((await call(stack.url, '/api/extrato?mes=2026-11', { token: other })).status).toBe(
        403,
      );
    } finally {
      await stack.admin(`/api/collections/companies/records/${OTHER_COMPANY}`, {
        method: 'PATCH',
        body: JSON.stringify({ disabled: false }),
      });
    }
  });
});

describe("the 'Extrato'", () => {
  /** Brasília's month `delta` months from this one: 'AAAA-MM'. */
  const monthFrom = (delta: number) => {
    const [y, m] = monthInBrazil().split('-').map(Number) as [number, number];
    return new Date(Date.UTC(y, m - 1 + delta, 1)).toISOString().slice(0, 7);
  };
  const statement = async (month: string, token = client) => {
    const res = await call(stack.url, `/api/extrato?mes=${month}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    return res.body as Statement;
  };

  it("lists the month's shipments of the caller's company, in Brasília's calendar", async () => {
    // Last month, so that every moment below is in the past whatever the hour the test runs (a
    // run at 00:10 on the 1st would make 00:30 of this month a change from the future).
    const month = monthFrom(-1);
    // 00:30 on the 1st in Brasília is this month; 23:30 on the last day of the one before is not
    // (both are the same UTC day as the other month's side).
    const first = `${month}-01T00:30:00-03:00`;
    const mid = `${month}-15T12:00:00-03:00`;
    const early = await companyShipment(client, {
      at: first,
      overrides: { weight: '1', length: '', width: '', height: '', invoiceValue: '' },
    });
    const before = new Date(Date.parse(first) - 60 * 60_000).toISOString();
    const late = await companyShipment(client, { at: before, overrides: { weight: '2' } });
    const urgent = await companyShipment(client, { at: mid, overrides: { service: 'Urgente' } });
    const foreign = await companyShipment(other, { at: mid });
    // A shipment of nobody's company (made from the office's form).
    const loose = await change({
      op: 'shipment',
      record: newId(),
      number: '',
      fields: shipmentFields(),
      at: mid,
    });
    expect(loose.status).toBe(200);

    const now = await statement(month);
    expect(now.month).toBe(month);
    expect(now.company).toEqual({ name: company.client.name, taxId: company.client.taxId });
    const numbers = now.shipments.map((s) => s.number);
    expect(numbers).toContain(early.number);
    expect(numbers).toContain(urgent.number);
    expect(numbers).not.toContain(late.number);
    expect(numbers).not.toContain(foreign.number);
    expect(numbers).not.toContain(loose.body.record.number);
    // Oldest first: the one made at 00:30 on the 1st leads.
    expect(numbers[0]).toBe(early.number);
    expect(now.shipments[0]).toEqual({
      number: early.number,
      registeredAt: expect.stringMatching(new RegExp(`^${month}-01 03:30:00`)),
      requestNumber: early.requestNumber,
      destination: 'Goiânia - GO',
      service: 'Expressa',
      weightKg: 1,
      priceRule: 'tabela',
      priceChargeableKg: 1,
      priceFreightCents: 6710,
      priceInsuranceCents: 0,
      priceCents: 6710,
    });
    expect(now.shipments.find((s) => s.number === urgent.number)).toMatchObject({
      service: 'Urgente',
      priceRule: 'consulta',
      priceCents: 0,
    });

    const previous = await statement(monthFrom(-2));
    expect(previous.shipments.map((s) => s.number)).toContain(late.number);
    expect(previous.shipments.map((s) => s.number)).not.toContain(early.number);

    // The other company's people see theirs, and not ours.
    const theirs = (await statement(month, other)).shipments.map((s) => s.number);
    expect(theirs).toContain(foreign.number);
    expect(theirs).not.toContain(early.number);
    expect((await statement(month, other)).company.name).toBe('Outra Empresa Ltda');
  });

  it('takes only a month, and only from clients', async () => {
    for (const bad of ['', '2026-13', '2026-1', 'x']) {
      const res = await call(stack.url, `/api/extrato?mes=${bad}`, { token: client });
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/Escolha um mês/);
    }
    expect((await call(stack.url, '/api/extrato?mes=2026-11')).status).toBe(401);
    expect((await call(stack.url, '/api/extrato?mes=2026-11', { token: office })).status).toBe(403);
    expect((await call(stack.url, '/api/extrato?mes=2026-11', { token: driver })).status).toBe(403);
  });
});
