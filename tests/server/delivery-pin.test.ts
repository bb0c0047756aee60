// The delivery code on the real server: drawn when the office asks for it, mailed to the addressee
// only (the test's SMTP sink), never in the public lookup, checked again on every delivery, wrong
// codes counted once each and the fifth sending the stop to 'Pendências'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_MESSAGES, wrongPinText } from '../../src/domain/delivery-pin';
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
  `pn${Date.now().toString(36)}${(seq++).toString(36)}`.padEnd(15, '0').slice(0, 15);
const at = (ms = 0) => new Date(Date.now() + ms).toISOString();

const change = (token: string, body: Record<string, unknown>) =>
  call(stack.url, '/api/equipe/rastreios', {
    method: 'POST',
    token,
    body: { at: at(), ...body },
  });

/** A shipment for the demo driver whose addressee gets the code; the code as it was mailed. */
async function withPin(email: string) {
  const res = await change(office, {
    op: 'shipment',
    record: newId(),
    number: '',
    fields: shipmentFields({ recipientName: 'Rita Moura', recipientEmail: email }),
    driver: DRIVER_ID,
    deliveryPin: true,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const s = res.body.record as { id: string; number: string };
  const [mail] = await stack.sink.waitFor((m) => JSON.stringify(m.to).includes(email));
  const code = /Código de entrega: (\d{4})/.exec(String(mail!.html))?.[1];
  expect(code, String(mail!.html)).toMatch(/^\d{4}$/);
  return { ...s, code: code!, mail: mail! };
}

const deliver = (token: string, s: { id: string; number: string }, pin: string, when = at()) =>
  change(token, {
    op: 'stage',
    record: s.id,
    number: s.number,
    stage: 4,
    set: true,
    receiverName: 'Rita Moura',
    pin,
    at: when,
  });

const otherThan = (code: string) => (code === '0000' ? '1111' : '0000');

describe('the delivery code', () => {
  it('goes to the addressee by e-mail with the tracking link, and nowhere public', async () => {
    const s = await withPin('rita-codigo@exemplo.com.br');
    expect(String(s.mail.subject)).not.toContain(s.code);
    expect(String(s.mail.html)).toContain(`/rastrear?numero=${s.number}`);

    // The phone gets a salt and a hash to check with no signal, never the code.
    const mine = await call(stack.url, `/api/collections/tracking/records/${s.id}`, {
      token: driver,
    });
    expect(mine.body.pinHash).toMatch(/^[0-9a-f]{64}$/);
    expect(mine.body.pinSalt).toBeTruthy();

    const lookup = await call(stack.url, `/api/rastreio/${s.number}`);
    expect(lookup.status).toBe(200);
    const text = JSON.stringify(lookup.body);
    expect(text).not.toContain(mine.body.pinHash);
    expect(text).not.toContain(mine.body.pinSalt);
    expect(text).not.toMatch(/pin/i);

    // Once sent, the queue keeps nothing of the code.
    await expect
      .poll(async () => {
        const rows = await stack.admin(
          `/api/collections/mail_queue/records?filter=${encodeURIComponent(`record = "${s.id}" && purpose = "delivery-pin"`)}`,
        );
        return rows.totalItems;
      })
      .toBe(0);
  });

  it('a wrong code is refused by the server and counted once; the mailed one delivers', async () => {
    const s = await withPin('rita-entrega@exemplo.com.br');
    const none = await deliver(driver, s, '');
    expect(none.status).toBe(400);
    expect(none.body.data.pin.message).toBe(PIN_MESSAGES.required);

    const when = at();
    const wrong = await deliver(driver, s, otherThan(s.code), when);
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.pin.message).toBe(wrongPinText(4));
    // The same change sent again (a retry of the outbox) is not a second guess.
    const again = await deliver(driver, s, otherThan(s.code), when);
    expect(again.body.data.pin.message).toBe(wrongPinText(4));
    let stored = await stack.admin(`/api/collections/tracking/records/${s.id}`);
    expect(stored.stages).toEqual([]);
    expect(stored.pinWrong).toHaveLength(1);

    const right = await deliver(driver, s, s.code, at(1000));
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    stored = await stack.admin(`/api/collections/tracking/records/${s.id}`);
    expect(stored.stages).toContain('4');
    expect(stored.receiverName).toBe('Rita Moura');
  });

  it("five wrong codes send the stop to 'Pendências', off the driver's list, with the reason", async () => {
    const s = await withPin('rita-pendencia@exemplo.com.br');
    const wrongs = [1, 2, 3, 4, 5].map((n) => ({
      op: 'pin',
      record: s.id,
      number: s.number,
      at: at(n),
      attempt: newId(),
      pin: otherThan(s.code),
    }));
    // Typed offline on the phone, they arrive in one batch; a resend of the first counts once.
    const batch = await call(stack.url, '/api/equipe/rastreios/lote', {
      method: 'POST',
      token: driver,
      body: { changes: [wrongs[0], ...wrongs.slice(0, 4)] },
    });
    expect(batch.status).toBe(200);
    expect(batch.body.results.map((r: { status: number }) => r.status)).toEqual([
      200, 200, 200, 200, 200,
    ]);
    let stored = await stack.admin(`/api/collections/tracking/records/${s.id}`);
    expect(stored.pinWrong).toHaveLength(4);
    expect(stored.pendingSince).toBe('');

    const fifth = await change(driver, wrongs[4]!);
    expect(fifth.status).toBe(200);
    expect(fifth.body.left).toBe(0);
    stored = await stack.admin(`/api/collections/tracking/records/${s.id}`);
    expect(stored.pendingSince).not.toBe('');
    expect(stored.pendingReason).toBe('pin');
    expect(stored.driver).toBe('');

    // Not the driver's any more: even the right code is refused now.
    expect((await deliver(driver, s, s.code)).status).toBe(404);
    const history = await call(
      stack.url,
      `/api/collections/shipment_history/records?filter=${encodeURIComponent(`tracking = "${s.id}" && action = "pin-wrong"`)}`,
      { token: office },
    );
    expect(history.body.totalItems).toBe(5);

    // The office sends it out again: the tries come back, the code stays the one mailed.
    const retry = await change(office, {
      op: 'decision',
      record: s.id,
      number: s.number,
      decision: 'retry',
      driver: DRIVER_ID,
      at: at(10),
    });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    stored = await stack.admin(`/api/collections/tracking/records/${s.id}`);
    expect(stored.pendingReason).toBe('');
    expect(stored.pinWrong).toEqual([]);
    expect((await deliver(driver, s, s.code, at(20))).status).toBe(200);
  });

  it('asked for with no e-mail, the shipment is refused in Portuguese', async () => {
    const res = await change(office, {
      op: 'shipment',
      record: newId(),
      number: '',
      fields: shipmentFields(),
      deliveryPin: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.data.recipientEmail.message).toBe(PIN_MESSAGES.emailRequired);
  });
});
