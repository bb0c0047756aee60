// The receiver's signature on the real server: it follows the delivery through the photo route,
// is stored once beside the photo as a protected file (no token, no file; staff with a file token
// read it), and goes when the delivery is undone.
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentFields } from '../support/payloads';
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

/** A real 1×1 white PNG, as a canvas gives it. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 255, 255]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function sendSignature(token: string, record: string) {
  const form = new FormData();
  form.set('record', record);
  form.set('target', 'assinatura');
  form.set('photo', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'assinatura.png');
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
