// Shipments through the staff's one write path: made from a request (once, whatever the resends),
// checked field by field with the public forms' rules, the requester told by e-mail, and the public
// lookup showing the promise and the destination city but no name, address, phone or document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasValidCheckDigit } from '../../src/domain/shipment-numbers';
import { draftFromRequest, todayInBrazil, type ShipmentValues } from '../../src/domain/shipments';
import company from '../../pb_hooks/lib/company.json';
import { urgentPayload } from '../support/payloads';
import { call, signIn, STAFF, startStack, type Stack } from '../support/stack';

let stack: Stack;
let office = '';

beforeAll(async () => {
  stack = await startStack();
  office = await signIn(stack.url, 'staff', STAFF);
});
afterAll(() => stack?.stop());

let seq = 0;
const newId = () =>
  `sh${Date.now().toString(36)}${(seq++).toString(36)}`.padEnd(15, '0').slice(0, 15);

const send = (body: Record<string, unknown>, token = office) =>
  call(stack.url, '/api/equipe/rastreios', {
    method: 'POST',
    token,
    body: { op: 'shipment', at: new Date().toISOString(), ...body },
  });

const reserved = async () =>
  (await call(stack.url, '/api/equipe/numeros', { method: 'POST', token: office })).body
    .numbers as string[];

async function urgentRequest(overrides: Record<string, unknown> = {}) {
  const id = newId();
  const res = await call(stack.url, '/api/collections/urgent_requests/records', {
    method: 'POST',
    body: urgentPayload({ id, ...overrides }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const stored = await call(stack.url, `/api/collections/urgent_requests/records/${id}`, {
    token: office,
  });
  return stored.body as Record<string, unknown>;
}

/** The form as staff would save it: filled from the request, with what it lacked completed. */
function completed(draft: ShipmentValues): ShipmentValues {
  return {
    ...draft,
    senderState: draft.senderState || 'SP',
    recipientState: draft.recipientState || 'PR',
    recipientStreetNumber: draft.recipientStreetNumber || '10',
  };
}

describe('a shipment made from an urgent request', () => {
  it('takes the reserved number, links the request, tells the requester once, and a resend makes nothing new', async () => {
    const request = await urgentRequest({
      senderName: 'Laboratório Remessa',
      senderEmail: 'lab-remessa@vida.example',
      recipientCity: 'Curitiba - PR',
    });
    const draft = draftFromRequest('urgent', request, company.client, todayInBrazil());
    // What the request said is already there.
    expect(draft.recipientName).toBe('João Lima');
    expect(draft.recipientStreet).toBe('Rua XV');
    expect(draft.recipientStreetNumber).toBe('10');
    expect(draft.recipientCity).toBe('Curitiba');
    expect(draft.recipientState).toBe('PR');
    expect(draft.service).toBe('Urgente');

    const [number] = await reserved();
    const record = newId();
    const change = { record, number, fields: completed(draft), request: `urgent:${request.id}` };
    const made = await send(change);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.record.number).toBe(number);
    expect(made.body.record.recipientCity).toBe('Curitiba');

    const linked = await call(stack.url, `/api/collections/urgent_requests/records/${request.id}`, {
      token: office,
    });
    expect(linked.body.shipmentNumber).toBe(number);
    // Made into a shipment, the request leaves the inbox's 'não atendidas'.
    expect(linked.body.handledAt).toMatch(/^\d{4}-\d{2}-\d{2} /);
    const me = await call(stack.url, '/api/collections/staff/auth-refresh', {
      method: 'POST',
      token: office,
    });
    expect(linked.body.handledBy).toBe(me.body.record.id);

    // The same change again (a resend after reconnecting) and a second one from another phone
    // (another id, another number) both answer the first shipment.
    expect((await send(change)).body.record.id).toBe(record);
    const [otherNumber] = (await reserved()).filter((n) => n !== number);
    const twice = await send({ ...change, record: newId(), number: otherNumber });
    expect(twice.status).toBe(200);
    expect(twice.body.record.id).toBe(record);
    expect(twice.body.message).toContain(number);

    const mails = await stack.sink.waitFor(
      (m) =>
        JSON.stringify(m.to).includes('lab-remessa@vida.example') &&
        String(m.subject).includes(number!),
    );
    expect(String(mails[0]!.html)).toContain(`/rastrear?numero=${number}`);
    // One e-mail, however many times the change was sent.
    await new Promise((r) => setTimeout(r, 1000));
    expect(
      stack.sink.messages.filter((m) => String(m.subject).includes(`Sua remessa ${number}`)),
    ).toHaveLength(1);

    // The public lookup: stages, promised date and destination city; nothing personal.
    const lookup = await call(stack.url, `/api/rastreio/${number}`);
    expect(lookup.status).toBe(200);
    expect(lookup.body.destination).toBe('Curitiba - PR');
    expect(lookup.body.promisedDate).toBe(draft.promisedDate);
    // Its history has begun: the request's arrival, then the shipment's making, before any stage.
    expect(lookup.body.stages).toEqual([]);
    expect(Date.parse(lookup.body.requestedAt.replace(' ', 'T'))).toBe(
      Date.parse(String(request.created).replace(' ', 'T')),
    );
    expect(Date.parse(lookup.body.registeredAt.replace(' ', 'T'))).toBeGreaterThanOrEqual(
      Date.parse(lookup.body.requestedAt.replace(' ', 'T')),
    );
    const text = JSON.stringify(lookup.body);
    for (const secret of ['João', 'Rua XV', '99999', '111444777', 'Laboratório']) {
      expect(text).not.toContain(secret);
    }
  });

  it('a device with no reserved number left gets one from the server', async () => {
    const request = await urgentRequest();
    const fields = completed(draftFromRequest('urgent', request, company.client, todayInBrazil()));
    const made = await send({
      record: newId(),
      number: '',
      fields,
      request: `urgent:${request.id}`,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(hasValidCheckDigit(made.body.record.number)).toBe(true);
    expect(await reserved()).not.toContain(made.body.record.number);
  });

  it('a blank shipment mails nobody; an edit changes its details, an older edit does not', async () => {
    const fields = completed(
      draftFromRequest('urgent', await urgentRequest(), company.client, todayInBrazil()),
    );
    const record = newId();
    const made = await send({ record, number: '', fields, at: '2026-01-01T10:00:00.000Z' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const edited = await send({
      record,
      number: made.body.record.number,
      fields: { ...fields, contents: 'Caixa lacrada' },
    });
    expect(edited.body.record.contents).toBe('Caixa lacrada');
    const older = await send({
      record,
      number: made.body.record.number,
      fields: { ...fields, contents: 'Antiga' },
      at: '2026-01-01T11:00:00.000Z',
    });
    expect(older.body.applied).toBe(false);
    expect(older.body.record.contents).toBe('Caixa lacrada');
    await new Promise((r) => setTimeout(r, 1000));
    const number = String(made.body.record.number);
    expect(stack.sink.messages.filter((m) => String(m.subject).includes(number))).toEqual([]);
  });

  it('every field is checked again on the server, in Portuguese', async () => {
    const res = await send({
      record: newId(),
      number: '',
      fields: {
        recipientName: 'Ana',
        recipientZip: '123',
        recipientPhone: '(00) 1234-5678',
        recipientDocument: '111.444.777-00',
        weight: '0,0001',
        service: 'Teleporte',
        promisedDate: '2026-02-31',
      },
    });
    expect(res.status).toBe(400);
    const data = res.body.data as Record<string, { message: string }>;
    // PocketBase ends every message with a full stop.
    const said = (field: string) => data[field]?.message.replace(/\.$/, '');
    expect(said('recipientZip')).toBe('CEP inválido');
    expect(said('recipientPhone')).toBe('Telefone inválido');
    expect(said('recipientDocument')).toBe('CPF inválido');
    expect(said('weight')).toBe('Use no mínimo 0,01 kg');
    expect(said('service')).toBe('Escolha uma das opções');
    expect(said('promisedDate')).toBe('Data inválida');
    expect(said('senderName')).toBe('Este campo é obrigatório');
  });

  it('a request that does not exist makes no shipment', async () => {
    const fields = completed(
      draftFromRequest('urgent', await urgentRequest(), company.client, todayInBrazil()),
    );
    const res = await send({
      record: newId(),
      number: '',
      fields,
      request: 'urgent:naoexiste123456',
    });
    expect(res.status).toBe(400);
    expect(res.body.data.request.message).toBe('Solicitação não encontrada.');
  });
});
