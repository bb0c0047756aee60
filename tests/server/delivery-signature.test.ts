// The receiver's signature on the real server: it follows the delivery through the photo route,
// is stored once beside the photo as a protected file (no token, no file; staff with a file token
// read it), and goes when the delivery is undone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentFields, TINY_PNG } from '../support/payloads';
import { call, DRIVER, DRIVER_ID, signIn, STAFF, startStack, type Stack } from '../support/stack';

let stack: Stack;
let office = '';
let driver = '';

beforeAll(async () => {
  stack = await startStack();
  office = await signIn(stack.url, 'staff', STAFF);
  driver = await signIn(stack.url, 'staff', DRIVER);
});
afterAll(() => stack?.stop());

let seq = 0;
const newId = () =>
  `sg${Date.now().toString(36)}${(seq++).toString(36)}`.padEnd(15, '0').slice(0, 15);

const change = (token: string, body: Record<string, unknown>) =>
  call(stack.url, '/api/equipe/rastreios', {
    method: 'POST',
    token,
    body: { at: new Date().toISOString(), ...body },
  });

async function sendSignature(token: string, record: string) {
  const form = new FormData();
  form.set('record', record);
  form.set('target', 'assinatura');
  form.set('photo', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'assinatura.png');
  const res = await fetch(`${stack.url}/api/equipe/rastreios/fotos`, {
    method: 'POST',
    headers: { Authorization: token },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

describe("the receiver's signature", () => {
  it('follows the delivery, is stored once as a protected file and goes with an undone delivery', async () => {
    const made = await change(office, {
      op: 'shipment',
      record: newId(),
      number: '',
      fields: shipmentFields({ recipientName: 'Sara Assina' }),
      driver: DRIVER_ID,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const s = made.body.record as { id: string; number: string };

    // Before the delivery reaches the server the signature waits (409) and the phone retries.
    expect((await sendSignature(driver, s.id)).status).toBe(409);
    const at = new Date().toISOString();
    const delivered = await change(driver, {
      op: 'stage',
      record: s.id,
      number: s.number,
      stage: 4,
      set: true,
      receiverName: 'Sara Assina',
      at,
    });
    expect(delivered.status).toBe(200);
    const first = await sendSignature(driver, s.id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.stored).toBe(true);
    expect((await sendSignature(driver, s.id)).body.stored).toBe(false);

    const record = await call(stack.url, `/api/collections/tracking/records/${s.id}`, {
      token: office,
    });
    const name = record.body.deliverySignature as string;
    expect(name).toMatch(/\.png$/);
    const file = `${stack.url}/api/files/tracking/${s.id}/${name}`;
    // Protected: no token, no file, and the public lookup never names it.
    expect((await fetch(file)).status).not.toBe(200);
    expect(JSON.stringify((await call(stack.url, `/api/rastreio/${s.number}`)).body)).not.toContain(
      name,
    );
    const token = (await call(stack.url, '/api/files/token', { method: 'POST', token: office }))
      .body.token as string;
    const read = await fetch(`${file}?token=${token}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(read.headers.get('cache-control')).toContain('no-store');

    // 'Desfazer': the delivery undone takes its signature along.
    const undone = await change(driver, {
      op: 'stage',
      record: s.id,
      number: s.number,
      stage: 4,
      set: false,
      at: new Date(Date.parse(at) + 1000).toISOString(),
    });
    expect(undone.status).toBe(200);
    const after = await stack.admin(`/api/collections/tracking/records/${s.id}`);
    expect(after.deliverySignature).toBe('');
  });
});
