// 'Minhas solicitações': the corporate client reads its own pickup requests and what became of
// each (the shipment's number, latest stage, initials of who received it), and nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftFromRequest, todayInBrazil } from '../../src/domain/shipments';
import company from '../../pb_hooks/lib/company.json';
import { pickupPayload, quotePayload, recordIds } from '../support/payloads';
import { call, CLIENT, signIn, STAFF, startStack, type Stack } from '../support/stack';

let stack: Stack;
let office = '';
let client = '';

beforeAll(async () => {
  stack = await startStack({}, { mailClock: false });
  office = await signIn(stack.url, 'staff', STAFF);
  client = await signIn(stack.url, 'clients', CLIENT);
});
afterAll(() => stack?.stop());

const newId = (p: string) => `${p}${Date.now().toString(36)}`.padEnd(15, '0').slice(0, 15);

describe("the corporate client's requests", () => {
  it('reads its pickups and follows each to a delivered shipment, seeing only initials', async () => {
    const id = newId('cr');
    const made = await call(stack.url, '/api/collections/pickup_requests/records', {
      method: 'POST',
      token: client,
      body: pickupPayload({ id }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const mine = await call(stack.url, '/api/collections/pickup_requests/records', {
      token: client,
    });
    expect(mine.body.items.map((r: { id: string }) => r.id)).toContain(id);

    // The office makes the shipment and delivers it.
    const request = (
      await call(stack.url, `/api/collections/pickup_requests/records/${id}`, { token: office })
    ).body;
    const fields = {
      ...draftFromRequest('pickup', request, company.client, todayInBrazil()),
      senderZip: '75500-000',
      senderStreetNumber: 'S/N',
      recipientZip: '74000-000',
      recipientStreetNumber: '10',
      recipientState: 'GO',
    };
    const record = newId('cs');
    const shipment = await call(stack.url, '/api/equipe/rastreios', {
      method: 'POST',
      token: office,
      body: {
        op: 'shipment',
        record,
        number: '',
        at: new Date().toISOString(),
        fields,
        request: `pickup:${id}`,
      },
    });
    expect(shipment.status, JSON.stringify(shipment.body)).toBe(200);
    const number = shipment.body.record.number as string;
    const deliver = await call(stack.url, '/api/equipe/rastreios', {
      method: 'POST',
      token: office,
      body: {
        op: 'stage',
        record,
        number,
        stage: 4,
        set: true,
        receiverName: 'Maria da Silva Souza',
        receiverCpf: '111.444.777-35',
        at: new Date().toISOString(),
      },
    });
    expect(deliver.status, JSON.stringify(deliver.body)).toBe(200);

    const seen = (
      await call(stack.url, `/api/collections/pickup_requests/records/${id}`, { token: client })
    ).body;
    expect(seen).toMatchObject({
      shipmentNumber: number,
      shipmentStage: 4,
      shipmentDeliveredTo: 'M. S. S.',
    });
    expect(seen.shipmentDeliveredAt).not.toBe('');
    expect(JSON.stringify(seen)).not.toContain('Maria');
    expect(JSON.stringify(seen)).not.toContain('11144477735');
  });

  it('reads no shipment, no quote and no other request', async () => {
    await call(stack.url, '/api/collections/quotes/records', {
      method: 'POST',
      body: quotePayload(),
    });
    for (const collection of ['tracking', 'quotes', 'urgent_requests', 'mail_queue']) {
      const res = await call(stack.url, `/api/collections/${collection}/records`, {
        token: client,
      });
      expect(res.body.items ?? [], collection).toEqual([]);
    }
  });
  it("sends a spreadsheet's rows together: numbered in order, a bad row named, a retry stored once", async () => {
    const ids = recordIds('pb');
    const rows = [
      { ...pickupPayload({ contato: 'Linha um' }), id: ids() },
      { ...pickupPayload({ contato: 'Linha dois', peso: '' }), id: ids() },
      { ...pickupPayload({ contato: 'Linha três' }), id: ids() },
    ];
    const sent = await call(stack.url, '/api/pedidos-coleta/lote', {
      method: 'POST',
      token: client,
      body: { requests: rows },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [first, bad, third] = sent.body.results;
    expect(first).toMatchObject({ status: 200, answer: { id: rows[0]!.id } });
    // The refused row is told with its field, in Portuguese, and does not stop the next one.
    expect(bad.status).toBe(400);
    expect(bad.data.peso.message).toMatch(/peso/i);
    expect(third).toMatchObject({ status: 200, answer: { id: rows[2]!.id } });
    expect(third.answer.number).toBe(first.answer.number + 1);

    const stored = await call(
      stack.url,
      `/api/collections/pickup_requests/records?filter=${encodeURIComponent(`id="${rows[0]!.id}" || id="${rows[2]!.id}"`)}&sort=number`,
      { token: office },
    );
    expect(stored.body.items.map((r: { contato: string }) => r.contato)).toEqual([
      'Linha um',
      'Linha três',
    ]);

    // The device sends the same rows again (its answer was lost): the same receipts, nothing twice.
    const again = await call(stack.url, '/api/pedidos-coleta/lote', {
      method: 'POST',
      token: client,
      body: { requests: [rows[0], rows[2]] },
    });
    expect(again.body.results.map((r: { answer: { number: number } }) => r.answer.number)).toEqual([
      first.answer.number,
      third.answer.number,
    ]);
    const total = await call(
      stack.url,
      `/api/collections/pickup_requests/records?filter=${encodeURIComponent(`contato~"Linha "`)}`,
      { token: office },
    );
    expect(total.body.totalItems).toBe(2);

    // More than a request may carry, or none: refused as a whole, in Portuguese.
    const tooMany = await call(stack.url, '/api/pedidos-coleta/lote', {
      method: 'POST',
      token: client,
      body: { requests: Array.from({ length: 51 }, () => pickupPayload({ id: ids() })) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.data.requests.message).toBe('Envie de 1 a 50 solicitações de coleta.');
  });
});
