// Driver accounts ('motorista'): the server shows a driver only the shipments assigned to it and
// lets it change only their stages; a shipment taken from it leaves its phone at the next sync.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotePayload, shipmentFields } from '../support/payloads';
import { call, DRIVER, DRIVER_ID, signIn, STAFF, startStack, type Stack } from '../support/stack';

let stack: Stack;
let office = '';
let driver = '';

beforeAll(async () => {
  stack = await startStack({}, { mailClock: false });
  office = await signIn(stack.url, 'staff', STAFF);
  driver = await signIn(stack.url, 'staff', DRIVER);
});
afterAll(() => stack?.stop());

let seq = 0;
const newId = () =>
  `dr${Date.now().toString(36)}${(seq++).toString(36)}`.padEnd(15, '0').slice(0, 15);

const FIELDS = shipmentFields();

const change = (token: string, body: Record<string, unknown>) =>
  call(stack.url, '/api/equipe/rastreios', {
    method: 'POST',
    token,
    body: { at: new Date().toISOString(), ...body },
  });

async function shipment(driverId: string) {
  const record = newId();
  const res = await change(office, {
    op: 'shipment',
    record,
    number: '',
    fields: FIELDS,
    driver: driverId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.record as { id: string; number: string };
}

const listed = async (token: string, collection: string) =>
  ((await call(stack.url, `/api/collections/${collection}/records?perPage=500`, { token })).body
    .items ?? []) as { id: string; record?: string }[];

describe('a driver account', () => {
  it('the office chooses among the active drivers; a driver cannot', async () => {
    const res = await call(stack.url, '/api/equipe/motoristas', { token: office });
    expect(res.status).toBe(200);
    expect(res.body.drivers).toContainEqual({ id: DRIVER_ID, name: 'Motorista Demo' });
    expect((await call(stack.url, '/api/equipe/motoristas', { token: driver })).status).toBe(403);
    // Only a driver's account can be assigned.
    const wrong = await change(office, {
      op: 'shipment',
      record: newId(),
      number: '',
      fields: FIELDS,
      driver: 'equipeprincipal',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.driver.message).toMatch(/^Escolha um motorista da lista/);
  });

  it('reads only its own shipments and no request, also asking the API directly', async () => {
    const mine = await shipment(DRIVER_ID);
    const other = await shipment('');
    await call(stack.url, '/api/collections/quotes/records', {
      method: 'POST',
      body: quotePayload(),
    });

    const seen = (await listed(driver, 'tracking')).map((r) => r.id);
    expect(seen).toContain(mine.id);
    expect(seen).not.toContain(other.id);
    const direct = await call(stack.url, `/api/collections/tracking/records/${other.id}`, {
      token: driver,
    });
    expect(direct.status).toBe(404);
    expect(await listed(driver, 'quotes')).toEqual([]);
    expect((await listed(office, 'quotes')).length).toBeGreaterThan(0);
  });

  it('changes only the stages of its own shipments', async () => {
    const mine = await shipment(DRIVER_ID);
    const other = await shipment('');
    const stage = (id: string, number: string) =>
      change(driver, { op: 'stage', record: id, number, stage: 1, set: true });
    expect((await stage(mine.id, mine.number)).status).toBe(200);
    const refused = await stage(other.id, other.number);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toMatch(/^Esta remessa não está na sua lista/);
    const made = await change(driver, {
      op: 'shipment',
      record: newId(),
      number: '',
      fields: FIELDS,
    });
    expect(made.status).toBe(403);
    const removed = await change(driver, { op: 'delete', record: mine.id, number: mine.number });
    expect(removed.status).toBe(403);
    expect(
      (await call(stack.url, '/api/equipe/numeros', { method: 'POST', token: driver })).status,
    ).toBe(403);
  });

  it('a shipment given to someone else leaves the driver’s phone at its next sync, not the office’s', async () => {
    const mine = await shipment(DRIVER_ID);
    const moved = await change(office, {
      op: 'shipment',
      record: mine.id,
      number: mine.number,
      fields: { ...FIELDS, contents: 'Reatribuída' },
      driver: '',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await listed(driver, 'tracking')).map((r) => r.id)).not.toContain(mine.id);
    expect((await listed(driver, 'tracking_deletions')).map((r) => r.record)).toContain(mine.id);
    expect((await listed(office, 'tracking_deletions')).map((r) => r.record)).not.toContain(
      mine.id,
    );
    expect((await listed(office, 'tracking')).map((r) => r.id)).toContain(mine.id);
  });

  it('orders its own stops for the office to see; the office may give them a first order; others’ are skipped', async () => {
    const first = await shipment(DRIVER_ID);
    const second = await shipment(DRIVER_ID);
    const theirs = await shipment('');
    const route = (token: string, order: string[]) =>
      change(token, { op: 'route', record: DRIVER_ID, number: '', order });
    const ordered = await route(driver, [second.id, theirs.id, first.id]);
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    const stopOf = async (id: string) =>
      (await call(stack.url, `/api/collections/tracking/records/${id}`, { token: office })).body
        .stopOrder;
    expect(await stopOf(second.id)).toBe(1);
    expect(await stopOf(first.id)).toBe(3);
    expect(await stopOf(theirs.id)).toBe(0);
    // The moved stops come back as stored (the phone keeps them with the server's time of
    // change); nothing of the stop that is not his.
    const stored = async (id: string) =>
      (await call(stack.url, `/api/collections/tracking/records/${id}`, { token: office })).body;
    const answered = ordered.body.records as { id: string; stopOrder: number; updated: string }[];
    expect(answered.map((r) => [r.id, r.stopOrder, r.updated])).toEqual([
      [second.id, 1, (await stored(second.id)).updated],
      [first.id, 3, (await stored(first.id)).updated],
    ]);
    // The office gives the driver's stops an order (by CEP, on its screen): his stops only.
    const byOffice = await route(office, [first.id, theirs.id, second.id]);
    expect(byOffice.status, JSON.stringify(byOffice.body)).toBe(200);
    expect(await stopOf(first.id)).toBe(1);
    expect(await stopOf(second.id)).toBe(3);
    expect(await stopOf(theirs.id)).toBe(0);
    // Naming an account that is no driver's is refused.
    const notDriver = await change(office, {
      op: 'route',
      record: 'x'.repeat(15),
      number: '',
      order: [first.id],
    });
    expect(notDriver.status).toBe(400);
    const bad = await route(driver, ['../../etc']);
    expect(bad.status).toBe(400);
    expect(bad.body.data.order.message).toMatch(/^Ordem das paradas inválida/);
  });
});
