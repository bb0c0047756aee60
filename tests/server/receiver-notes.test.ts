// The receiver speaks: the addressee's e-mail carries a private link; through it they leave
// delivery instructions, a complement, who may receive and a day to hold the parcel until. The
// office and the driver read it on the shipment, its history records it, and once the parcel is
// delivered the link takes no more changes. The token itself is never read by anyone but the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brasiliaDay } from '../../src/domain/receiver-notes';
import { recordIds, shipmentFields } from '../support/payloads';
import { call, DRIVER, DRIVER_ID, signIn, STAFF, startStack, type Stack } from '../support/stack';

let stack: Stack;
let office = '';
let driver = '';
const newId = recordIds('rn');

beforeAll(async () => {
  stack = await startStack();
  office = await signIn(stack.url, 'staff', STAFF);
  driver = await signIn(stack.url, 'staff', DRIVER);
});
afterAll(() => stack?.stop());

const change = (body: Record<string, unknown>, token = office) =>
  call(stack.url, '/api/equipe/rastreios', {
    method: 'POST',
    token,
    body: { at: new Date().toISOString(), ...body },
  });

const page = (token: string) => call(stack.url, `/api/recebedor/${token}`);
const save = (token: string, body: Record<string, unknown>) =>
  call(stack.url, `/api/recebedor/${token}`, { method: 'POST', body });

/** A day `days` from Brasília's today, 'AAAA-MM-DD'. */
function dayFromToday(days: number): string {
  const day = new Date(`${brasiliaDay()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** A shipment for the demo driver with the addressee's e-mail; its private link from that e-mail. */
async function shipmentWithLink(email: string) {
  const record = newId();
  const made = await change({
    op: 'shipment',
    record,
    number: '',
    driver: DRIVER_ID,
    fields: shipmentFields({ recipientEmail: email, recipientName: 'Marta Receptora' }),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const number = String(made.body.record.number);
  const [mail] = await stack.sink.waitFor((m) => JSON.stringify(m.to).includes(email));
  const html = String(mail!.html);
  const token = /\/recebedor#([A-Za-z0-9]{32})/.exec(html)?.[1] ?? '';
  return { record, number, token, html, subject: String(mail!.subject) };
}

async function historyOf(tracking: string) {
  const filter = encodeURIComponent(`tracking = "${tracking}"`);
  return (
    await stack.admin(`/api/collections/shipment_history/records?filter=${filter}&sort=at,created`)
  ).items as { action: string; by: string; details: Record<string, unknown> }[];
}

describe("the receiver's private link", () => {
  it('comes in the e-mail the addressee gets, and opens only the number, the stage and the city', async () => {
    const s = await shipmentWithLink('marta@destino.example');
    expect(s.subject).toContain(s.number);
    expect(s.html).toContain('Deixar instruções de entrega');
    expect(s.html).toContain(`/rastrear?numero=${s.number}`);
    expect(s.token).toHaveLength(32);

    const opened = await page(s.token);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      number: s.number,
      stage: 0,
      destination: 'Goiânia - GO',
      delivered: false,
    });
    const text = JSON.stringify(opened.body);
    for (const secret of ['Marta', 'Rua 7', '99999', 'Balcão', 'Paulista', 'marta@']) {
      expect(text).not.toContain(secret);
    }
  });

  it('a wrong or made-up token is a 404 in Portuguese, on reading and on saving', async () => {
    for (const token of ['a'.repeat(32), 'curto', 'Z'.repeat(40)]) {
      const read = await page(token);
      expect(read.status).toBe(404);
      expect(read.body.message).toMatch(/link não vale/);
      const written = await save(token, { instructions: 'Deixar na portaria' });
      expect(written.status).toBe(404);
    }
  });

  it('is read by no one but the server: not the public lookup, the office, the driver or a client', async () => {
    const s = await shipmentWithLink('sigilo@destino.example');
    const lookup = await call(stack.url, `/api/rastreio/${s.number}`);
    expect(lookup.status).toBe(200);
    expect(JSON.stringify(lookup.body)).not.toContain(s.token);

    for (const token of [office, driver]) {
      const list = await call(stack.url, '/api/collections/tracking/records?perPage=500', {
        token,
      });
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body)).not.toContain(s.token);
      const links = await call(stack.url, '/api/collections/receiver_links/records', { token });
      expect(links.status).toBe(403);
      // Nor found by guessing through a filter on the relation.
      const filter = encodeURIComponent(`token = "${s.token}"`);
      const guess = await call(
        stack.url,
        `/api/collections/receiver_links/records?filter=${filter}`,
        {
          token,
        },
      );
      expect(guess.status).toBe(403);
    }
    const anyone = await call(stack.url, '/api/collections/receiver_links/records');
    expect(anyone.status).toBe(403);
    // The office reads the mail queue's subjects and addresses, never the e-mail's body.
    const queue = await call(stack.url, '/api/collections/mail_queue/records?perPage=500', {
      token: office,
    });
    expect(JSON.stringify(queue.body)).not.toContain(s.token);
  });

  it('refuses bad input with the rule in Portuguese, and stores nothing', async () => {
    const s = await shipmentWithLink('erros@destino.example');
    const past = await save(s.token, { holdUntil: dayFromToday(-1) });
    expect(past.status).toBe(400);
    expect(past.body.data.holdUntil.message).toBe('Escolha hoje ou uma data futura.');
    const far = await save(s.token, { holdUntil: dayFromToday(31) });
    expect(far.status).toBe(400);
    expect(far.body.data.holdUntil.message).toMatch(/no máximo 30 dias: escolha uma data até /);
    const wrongDay = await save(s.token, { holdUntil: '2026-02-31' });
    expect(wrongDay.body.data.holdUntil.message).toMatch(/^Data inválida/);
    const long = await save(s.token, {
      instructions: 'x'.repeat(301),
      mayReceive: 'y'.repeat(121),
    });
    expect(long.status).toBe(400);
    expect(long.body.data.instructions.message).toMatch(/^Use no máximo 300 caracteres/);
    expect(long.body.data.mayReceive.message).toMatch(/^Use no máximo 120 caracteres/);

    const stored = await call(stack.url, `/api/collections/tracking/records/${s.record}`, {
      token: office,
    });
    expect(stored.body.receiverInstructions).toBe('');
    expect(stored.body.receiverHoldUntil).toBe('');
    expect(await historyOf(s.record)).toHaveLength(1); // only its making
  });

  it('writes the wishes onto the shipment, for the office and the driver, into its history, until it is delivered', async () => {
    const s = await shipmentWithLink('desejos@destino.example');
    const hold = dayFromToday(30);
    const wishes = {
      instructions: '  Deixar na portaria  ',
      complement: 'Bloco B, apto 12',
      mayReceive: 'Seu Zé, o porteiro',
      holdUntil: hold,
    };
    const saved = await save(s.token, wishes);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toMatch(/Recebemos suas instruções/);
    expect(saved.body.note).toEqual({ ...wishes, instructions: 'Deixar na portaria' });
    // The outbox sending it again writes nothing new.
    expect((await save(s.token, wishes)).body.applied).toBe(false);

    for (const token of [office, driver]) {
      const read = await call(stack.url, `/api/collections/tracking/records/${s.record}`, {
        token,
      });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({
        receiverInstructions: 'Deixar na portaria',
        receiverComplement: 'Bloco B, apto 12',
        receiverMayReceive: 'Seu Zé, o porteiro',
        receiverHoldUntil: hold,
      });
    }
    // The page shows them back (the receiver may change them).
    expect((await page(s.token)).body.note.mayReceive).toBe('Seu Zé, o porteiro');
    // The public lookup tells none of it.
    const lookup = JSON.stringify((await call(stack.url, `/api/rastreio/${s.number}`)).body);
    for (const secret of ['portaria', 'apto 12', 'Zé']) expect(lookup).not.toContain(secret);

    const rows = await historyOf(s.record);
    expect(rows.map((r) => r.action)).toEqual(['created', 'receiver-note']);
    expect(rows[1]!.by).toBe('Destinatário (link do e-mail)');
    expect(rows[1]!.details).toEqual({ ...wishes, instructions: 'Deixar na portaria' });

    // A change later: cleared the hold, new instructions.
    const later = await save(s.token, {
      ...wishes,
      instructions: 'Tocar o interfone 12',
      holdUntil: '',
    });
    expect(later.status).toBe(200);
    expect((await historyOf(s.record)).map((r) => r.action)).toEqual([
      'created',
      'receiver-note',
      'receiver-note',
    ]);

    // Delivered: the link says so and takes no more changes.
    const delivered = await change({
      op: 'stage',
      record: s.record,
      number: s.number,
      stage: 4,
      set: true,
      receiverName: 'Seu Zé',
    });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    const after = await page(s.token);
    expect(after.body).toMatchObject({ delivered: true, stage: 4 });
    const refused = await save(s.token, { instructions: 'Outra coisa' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'Esta encomenda já foi entregue: as instruções não podem mais ser alteradas.',
    );
    const kept = await call(stack.url, `/api/collections/tracking/records/${s.record}`, {
      token: office,
    });
    expect(kept.body.receiverInstructions).toBe('Tocar o interfone 12');
  });

  it('goes to an address the office adds later, with the same link', async () => {
    const record = newId();
    const fields = shipmentFields();
    const made = await change({ op: 'shipment', record, number: '', fields });
    expect(made.status).toBe(200);
    const edited = await change({
      op: 'shipment',
      record,
      number: made.body.record.number,
      fields: { ...fields, recipientEmail: 'depois@destino.example' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const [mail] = await stack.sink.waitFor((m) =>
      JSON.stringify(m.to).includes('depois@destino.example'),
    );
    const token = /\/recebedor#([A-Za-z0-9]{32})/.exec(String(mail!.html))?.[1] ?? '';
    expect((await page(token)).body.number).toBe(made.body.record.number);
    // A bad address is the form's field error, from the server too.
    const bad = await change({
      op: 'shipment',
      record,
      number: made.body.record.number,
      fields: { ...fields, recipientEmail: 'sem-arroba' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.recipientEmail.message).toMatch(/^E-?mail inválido/i);
  });
});
