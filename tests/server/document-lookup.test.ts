// '/rastrear' with a CPF or CNPJ: the shipments where it is the sender's or the recipient's
// document, each with its number, stages, destination city and promise, and nothing personal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfFrom, shipmentFields, recordIds } from '../support/payloads';
import { call, signIn, STAFF, startStack, type Stack } from '../support/stack';

let stack: Stack;
let office = '';

beforeAll(async () => {
  stack = await startStack();
  office = await signIn(stack.url, 'staff', STAFF);
});
afterAll(() => stack?.stop());

const newId = recordIds('dl');

async function shipment(fields: Record<string, string>) {
  const res = await call(stack.url, '/api/equipe/rastreios', {
    method: 'POST',
    token: office,
    body: {
      op: 'shipment',
      record: newId(),
      number: '',
      at: new Date().toISOString(),
      fields: shipmentFields(fields),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.record.number as string;
}

describe('tracking by document', () => {
  it("lists a CPF's shipments, sent or received, without names or addresses", async () => {
    const ana = cpfFrom(318_227_004);
    const other = cpfFrom(412_993_118);
    const received = await shipment({
      recipientName: 'Ana Documento',
      recipientDocument: ana,
      recipientCity: 'Goiânia',
      recipientState: 'GO',
    });
    const sent = await shipment({
      senderName: 'Ana Documento',
      senderDocument: ana,
      recipientName: 'Bruno Destino',
      recipientZip: '80020-000',
      recipientCity: 'Curitiba',
      recipientState: 'PR',
    });
    const someoneElse = await shipment({ recipientName: 'Outra Pessoa', recipientDocument: other });

    const res = await call(stack.url, `/api/rastreio/${ana}`);
    expect(res.status).toBe(200);
    expect(res.body.byDocument).toBe(true);
    const found = res.body.shipments as { number: string; destination: string }[];
    expect(found.map((s) => s.number).sort()).toEqual([received, sent].sort());
    expect(found.find((s) => s.number === sent)!.destination).toBe('Curitiba - PR');
    const text = JSON.stringify(res.body);
    for (const secret of ['Ana Documento', 'Bruno', 'Rua 7', 'Paulista', someoneElse]) {
      expect(text).not.toContain(secret);
    }
    // A document nobody used is still unknown; a number of another length never lists anything.
    expect((await call(stack.url, `/api/rastreio/${cpfFrom(777_123_456)}`)).status).toBe(404);
    expect((await call(stack.url, `/api/rastreio/${received}`)).body.shipments).toBeUndefined();
  });

  it('a CPF that is itself a tracking number shows its record and its shipments', async () => {
    const carla = cpfFrom(555_010_203);
    const registered = await call(stack.url, '/api/equipe/rastreios', {
      method: 'POST',
      token: office,
      body: { op: 'register', record: newId(), number: carla, at: new Date().toISOString() },
    });
    expect(registered.status).toBe(200);
    const mine = await shipment({ recipientName: 'Carla', recipientDocument: carla });
    const res = await call(stack.url, `/api/rastreio/${carla}`);
    expect(res.status).toBe(200);
    expect(res.body.byDocument).toBeUndefined();
    expect(res.body.stages).toEqual([]);
    expect(res.body.shipments.map((s: { number: string }) => s.number)).toEqual([mine]);
  });
});
