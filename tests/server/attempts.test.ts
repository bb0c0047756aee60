// Failed delivery attempts on the real server: a driver records 'Não entregue' on its own
// shipments, a resend stores nothing twice, the third takes the shipment off its list into the
// office's 'Pendências', the office decides, photos follow their change apart, the public lookup
// shows when and why (never the note, the driver or the place), and followers are told.
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentFields, TINY_JPEG } from '../support/payloads';
import { call, DRIVER, DRIVER_ID, signIn, STAFF, startStack, type Stack } from '../support/stack';

let stack: Stack;
let office = '';
let driver = '';

beforeAll(async () => {
  stack = await startStack({ FOLLOW_BATCH_SECONDS: '1' });
  office = await signIn(stack.url, 'staff', STAFF);
  driver = await signIn(stack.url, 'staff', DRIVER);
});
afterAll(() => stack?.stop());

let seq = 0;
const newId = () =>
  `at${Date.now().toString(36)}${(seq++).toString(36)}`.padEnd(15, '0').slice(0, 15);

const FIELDS = shipmentFields({ recipientName: 'Joana Prado' });

const change = (token: string, body: Record<string, unknown>) =>
  call(stack.url, '/api/equipe/rastreios', {
    method: 'POST',
    token,
    body: { at: new Date().toISOString(), ...body },
  });

async function shipment(driverId: string) {
  const res = await change(office, {
    op: 'shipment',
    record: newId(),
    number: '',
    fields: FIELDS,
    driver: driverId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.record as { id: string; number: string };
}

const attempt = (
  token: string,
  s: { id: string; number: string },
  extra: Record<string, unknown> = {},
) =>
  change(token, {
    op: 'attempt',
    record: s.id,
    number: s.number,
    attempt: newId(),
    reason: 'ausente',
    ...extra,
  });

/** A photo as the phone sends it after its change (a small real JPEG). */
async function photo(token: string, record: string, target: string) {
  const form = new FormData();
  form.set('record', record);
  form.set('target', target);
  form.set('photo', new Blob([JPEG], { type: 'image/jpeg' }), 'foto.jpg');
  const res = await fetch(`${stack.url}/api/equipe/rastreios/fotos`, {
    method: 'POST',
    headers: { Authorization: token },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

const JPEG = TINY_JPEG;

const lookup = async (number: string) => (await call(stack.url, `/api/rastreio/${number}`)).body;
const record = (id: string) => stack.admin(`/api/collections/tracking/records/${id}`);

describe("'Não entregue'", () => {
  it('a driver records an attempt on its own shipment once, with its reason and position', async () => {
    const s = await shipment(DRIVER_ID);
    const id = newId();
    const first = await attempt(driver, s, {
      attempt: id,
      reason: 'outro',
      note: 'Portão com cadeado',
      latitude: -16.68,
      longitude: -49.25,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // A resend after a lost answer stores nothing twice.
    const again = await attempt(driver, s, {
      attempt: id,
      reason: 'outro',
      note: 'Portão com cadeado',
    });
    expect(again.status).toBe(200);
    expect(again.body.applied).toBe(false);
    const stored = await record(s.id);
    expect(stored.attemptLog).toEqual([
      expect.objectContaining({
        id,
        reason: 'outro',
        note: 'Portão com cadeado',
        by: 'Motorista Demo',
        latitude: -16.68,
        longitude: -49.25,
      }),
    ]);
    // The public sees when and why, never the note, the driver or the place.
    const view = await lookup(s.number);
    expect(view.attempts).toEqual([{ at: stored.attemptLog[0].at, reason: 'outro' }]);
    expect(JSON.stringify(view)).not.toMatch(/cadeado|Motorista|-16\.68|Joana/);
  });

  it('bad input is named in Portuguese; another driver’s shipment and a delivered one are refused', async () => {
    const s = await shipment(DRIVER_ID);
    const none = await attempt(driver, s, { reason: '' });
    expect(none.status).toBe(400);
    expect(none.body.data.reason.message).toBe('Escolha o motivo.');
    const other = await attempt(driver, s, { reason: 'outro', note: '' });
    expect(other.body.data.note.message).toBe('Descreva o motivo em poucas palavras.');
    const unassigned = await shipment('');
    expect((await attempt(driver, unassigned)).status).toBe(404);
    expect(
      (
        await change(office, {
          op: 'stage',
          record: s.id,
          number: s.number,
          stage: 4,
          set: true,
          receiverName: 'Joana Prado',
        })
      ).status,
    ).toBe(200);
    const late = await attempt(driver, s);
    expect(late.status).toBe(400);
    expect(late.body.data.reason.message).toBe('Esta remessa já foi entregue.');
    // Only the office decides.
    const decided = await change(driver, {
      op: 'decision',
      record: s.id,
      number: s.number,
      decision: 'return',
    });
    expect(decided.status).toBe(403);
  });

  it("the third attempt takes the stop off the driver's phone into 'Pendências'; the office decides", async () => {
    const s = await shipment(DRIVER_ID);
    for (const reason of ['ausente', 'fechado', 'ausente']) {
      expect((await attempt(driver, s, { reason })).status).toBe(200);
    }
    const stored = await record(s.id);
    expect(stored.attemptLog).toHaveLength(3);
    expect(stored.pendingSince).not.toBe('');
    expect(stored.driver).toBe('');
    // Gone from the driver's reads, and a tombstone tells its phone at the next sync.
    expect(
      (await call(stack.url, `/api/collections/tracking/records/${s.id}`, { token: driver }))
        .status,
    ).toBe(404);
    const tombstones = await call(
      stack.url,
      `/api/collections/tracking_deletions/records?filter=${encodeURIComponent(`record='${s.id}'`)}`,
      { token: driver },
    );
    expect(tombstones.body.items).toHaveLength(1);
    // A new attempt with the same driver: back on its list.
    const retry = await change(office, {
      op: 'decision',
      record: s.id,
      number: s.number,
      decision: 'retry',
      driver: DRIVER_ID,
    });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.record.pendingSince).toBe('');
    expect(retry.body.record.driver).toBe(DRIVER_ID);
    // A fourth failure goes straight back; then the office returns it to the sender.
    await attempt(driver, s, { reason: 'recusado' });
    expect((await record(s.id)).pendingSince).not.toBe('');
    const back = await change(office, {
      op: 'decision',
      record: s.id,
      number: s.number,
      decision: 'return',
    });
    expect(back.status).toBe(200);
    const view = await lookup(s.number);
    expect(view.returnedAt).toBeTruthy();
    expect(view.attempts.map((a: { reason: string }) => a.reason)).toEqual([
      'ausente',
      'fechado',
      'ausente',
      'recusado',
    ]);
  });
});

describe('photos follow their change', () => {
  it('an attempt’s photo waits for its attempt, is stored once, and only staff read it', async () => {
    const s = await shipment(DRIVER_ID);
    const id = newId();
    // The photo overtook its change: the phone is told to try again later.
    expect((await photo(driver, s.id, id)).status).toBe(409);
    await attempt(driver, s, { attempt: id });
    const stored = await photo(driver, s.id, id);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.stored).toBe(true);
    expect((await photo(driver, s.id, id)).body.stored).toBe(false);
    const entry = (await record(s.id)).attemptLog[0];
    expect(entry.photo).toMatch(/\.jpg$/);
    const file = await fetch(`${stack.url}/api/files/tracking/${s.id}/${entry.photo}`);
    expect(file.status).toBe(404); // a protected file: no token, nothing
    // A delivery's photo goes the same way, after the delivery.
    expect((await photo(driver, s.id, 'entrega')).status).toBe(409);
    await change(driver, {
      op: 'stage',
      record: s.id,
      number: s.number,
      stage: 4,
      set: true,
      receiverName: 'Joana Prado',
    });
    expect((await photo(driver, s.id, 'entrega')).status).toBe(200);
    expect((await record(s.id)).deliveryPhoto).toMatch(/\.jpg$/);
  });

  it('a wrong file is refused in Portuguese without echoing a stored name', async () => {
    const s = await shipment(DRIVER_ID);
    const id = newId();
    await attempt(driver, s, { attempt: id });
    const form = new FormData();
    form.set('record', s.id);
    form.set('target', id);
    form.set('photo', new Blob(['not a picture'], { type: 'text/plain' }), 'nota.txt');
    const res = await fetch(`${stack.url}/api/equipe/rastreios/fotos`, {
      method: 'POST',
      headers: { Authorization: driver },
      body: form,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { data: { photo: { message: string } } };
    expect(body.data.photo.message).toBe('A foto precisa ser uma imagem (JPEG, PNG ou WebP).');
  });
});

describe("'Avise-me'", () => {
  const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0]?.text : m.to?.text) ?? '';

  it('a follower is told of a failed attempt', async () => {
    const s = await shipment(DRIVER_ID);
    const email = 'segue-tentativa@teste.example';
    expect(
      (
        await call(stack.url, '/api/avisos', {
          method: 'POST',
          body: { number: s.number, email, consent: 'sim' },
        })
      ).status,
    ).toBe(202);
    const [ask] = await stack.sink.waitFor(
      (m) => to(m) === email && /Confirme/.test(m.subject ?? ''),
    );
    const token = /confirmar=([A-Za-z0-9]+)/.exec(String(ask!.html))![1]!;
    expect(
      (await call(stack.url, '/api/avisos/confirmar', { method: 'POST', body: { token } })).status,
    ).toBe(200);
    await attempt(driver, s, { reason: 'ausente' });
    const [news] = await stack.sink.waitFor(
      (m) => to(m) === email && /Tentativa de entrega/.test(m.subject ?? ''),
    );
    expect(news!.subject).toMatch(
      /^Tentativa de entrega não realizada: destinatário ausente - rastreio/,
    );
    expect(String(news!.html)).toContain(
      'Tentativa de entrega não realizada: destinatário ausente',
    );
  });
});
