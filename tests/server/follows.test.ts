// 'Avise-me': a visitor follows a number by e-mail with double opt-in; each stage change
// sends one e-mail per confirmed follower (quick changes batched), unsubscribing stops them, delivery
// ends them, and the form never says whether a number exists.
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_RULES } from '../../src/domain/follows';
import { call, signIn, STAFF, startStack, type Stack } from '../support/stack';

let stack: Stack;
let staff = '';
let seq = 0;
const newId = () =>
  `fw${Date.now().toString(36)}${(seq++).toString(36)}`.padEnd(15, '0').slice(0, 15);

// Changes within 3 s go out as one e-mail (300 s in production).
const BATCH_SECONDS = 3;

beforeAll(async () => {
  stack = await startStack({ FOLLOW_BATCH_SECONDS: String(BATCH_SECONDS) });
  staff = await signIn(stack.url, 'staff', STAFF);
});
afterAll(() => stack?.stop());

const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0]?.text : m.to?.text) ?? '';
const mailsTo = (address: string) => stack.sink.messages.filter((m) => to(m) === address);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A record under a short number, as ones registered before shipments had numbers of their own
 * (made by a superuser: the office's route now takes only shipment numbers, CPFs and CNPJs).
 */
async function register(number: string) {
  const record = newId();
  await stack.admin('/api/collections/tracking/records', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: record, number, stages: [] }),
  });
  return { record, number };
}

async function stage({ record, number }: { record: string; number: string }, n: number) {
  const res = await call(stack.url, '/api/equipe/rastreios', {
    method: 'POST',
    token: staff,
    body: {
      op: 'stage',
      record,
      number,
      stage: n,
      set: true,
      at: new Date().toISOString(),
      ...(n === 4 ? { receiverName: 'Maria Souza' } : {}),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const subscribe = (number: string, email: string, consent = 'sim') =>
  call(stack.url, '/api/avisos', { method: 'POST', body: { number, email, consent } });

const confirmations = (email: string) =>
  mailsTo(email).filter((m) => /Confirme/.test(m.subject ?? ''));

/** The token in the link of the latest confirmation e-mail to an address. */
async function linkToken(email: string) {
  const [mail] = await stack.sink.waitFor(
    (m) => to(m) === email && /Confirme/.test(m.subject ?? ''),
  );
  return /confirmar=([A-Za-z0-9]+)/.exec(String(mail!.html))![1]!;
}

const confirm = (token: string) =>
  call(stack.url, '/api/avisos/confirmar', { method: 'POST', body: { token } });

/** Ask, then open the link of the confirmation e-mail as the page does. */
async function follow(number: string, email: string) {
  expect((await subscribe(number, email)).status).toBe(202);
  const token = await linkToken(email);
  const confirmed = await confirm(token);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return token;
}

const followsOf = async (number: string) =>
  (
    await stack.admin(
      `/api/collections/tracking_follows/records?filter=${encodeURIComponent(`number='${number}'`)}&sort=email`,
    )
  ).items as { id: string; email: string; status: string; linkSentAt: string }[];

it("the collection holds what the domain's rules allow, and nobody reads it through the API", async () => {
  const collection = await stack.admin('/api/collections/tracking_follows');
  const max = (name: string) =>
    (collection.fields as { name: string; max?: number }[]).find((f) => f.name === name)?.max;
  for (const name of ['number', 'email']) {
    expect(max(name), name).toBe(FOLLOW_RULES.find((r) => r.name === name)!.max);
  }
  expect((await call(stack.url, '/api/collections/tracking_follows/records')).status).toBe(403);
});

describe('asking to be told', () => {
  it('behaves the same for a number that exists and one that does not', async () => {
    await register('81000001');
    const known = await subscribe('81000001', 'ana@teste.example');
    const unknown = await subscribe('81999999', 'bruna@teste.example');
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(known.body.message.replace('ana@', 'bruna@')).toBe(unknown.body.message);
    // Each gets a confirmation e-mail with a link to the site; confirming answers alike too.
    const known2 = await confirm(await linkToken('ana@teste.example'));
    const unknown2 = await confirm(await linkToken('bruna@teste.example'));
    expect([known2.status, unknown2.status]).toEqual([200, 200]);
    expect(Object.keys(known2.body).sort()).toEqual(Object.keys(unknown2.body).sort());
    expect(known2.body.message.replace('81000001', '81999999')).toBe(unknown2.body.message);
    expect(String(confirmations('ana@teste.example')[0]!.html)).toContain(
      `${stack.url}/rastrear?confirmar=`,
    );
  });

  it('asked again, sends the link again a few times at most, never more often than every 10 minutes', async () => {
    const email = 'carla@teste.example';
    await subscribe('81000010', email);
    await stack.sink.waitFor((m) => to(m) === email);
    await subscribe('81000010', email); // at once: no second e-mail
    const [row] = await followsOf('81000010');
    const tenMinutesAgo = () => new Date(Date.now() - 11 * 60_000).toISOString().replace('T', ' ');
    const later = async () => {
      await stack.admin(`/api/collections/tracking_follows/records/${row!.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ linkSentAt: tenMinutesAgo() }),
      });
      await subscribe('81000010', email);
    };
    await later();
    await stack.sink.waitFor((m) => to(m) === email, 2);
    await later();
    await stack.sink.waitFor((m) => to(m) === email, 3);
    await later(); // a fourth time: nothing more
    await sleep(1500);
    expect(confirmations(email)).toHaveLength(3);
  });

  it('refuses what is not valid, in Portuguese, field by field', async () => {
    const res = await subscribe('12a', 'nao-e-email', '');
    expect(res.status).toBe(400);
    expect(res.body.data.number.message).toBe('Use apenas números.');
    expect(res.body.data.email.message).toBe('Email inválido.');
    expect(res.body.data.consent.message).toBe('Marque que concorda para receber os avisos.');
  });

  it('a link that does not exist says so; opening a link twice is harmless', async () => {
    const bad = await confirm('x'.repeat(40));
    expect(bad.status).toBe(404);
    expect(bad.body.message).toMatch(/^Este link não é mais válido/);
    const token = await follow('81000011', 'dora@teste.example');
    const again = await confirm(token);
    expect(again.status).toBe(200);
    expect((await followsOf('81000011')).map((f) => f.status)).toEqual(['confirmed']);
  });

  it('a CPF never travels in a link or an answer: it is masked, and typed on the page', async () => {
    const cpf = '11144477735';
    const record = await register(cpf);
    const token = await follow(cpf, 'edu@teste.example');
    const confirmed = await confirm(token);
    expect(confirmed.body, JSON.stringify(confirmed.body)).not.toHaveProperty('number', cpf);
    expect(JSON.stringify(confirmed.body)).not.toContain(cpf);
    expect(confirmed.body.message).toContain('***.444.777-**');
    await stage(record, 1);
    const [mail] = await stack.sink.waitFor(
      (m) => to(m) === 'edu@teste.example' && !/Confirme/.test(m.subject ?? ''),
    );
    expect(mail!.subject).toBe('Encomenda coletada no ponto de coleta - rastreio ***.444.777-**');
    expect(String(mail!.html)).not.toContain(cpf);
    expect(String(confirmations('edu@teste.example')[0]!.html)).not.toContain(cpf);
  });
});

describe('a stage change', () => {
  it('sends exactly one e-mail to each confirmed follower and none to an unconfirmed one', async () => {
    const record = await register('81000002');
    await follow('81000002', 'bia@teste.example');
    await follow('81000002', 'caio@teste.example');
    expect((await subscribe('81000002', 'davi@teste.example')).status).toBe(202); // never confirmed
    // Staff see how many follow it, not who.
    const row = await stack.admin(`/api/collections/tracking/records/${record.record}`);
    expect(row.followers).toBe(2);

    await stage(record, 1);
    const isUpdate = (m: ParsedMail) => /Encomenda coletada/.test(m.subject ?? '');
    await stack.sink.waitFor((m) => isUpdate(m) && to(m) === 'bia@teste.example');
    await stack.sink.waitFor((m) => isUpdate(m) && to(m) === 'caio@teste.example');
    await sleep((BATCH_SECONDS + 2) * 1000); // nothing more comes
    expect(mailsTo('bia@teste.example').filter(isUpdate)).toHaveLength(1);
    expect(mailsTo('caio@teste.example').filter(isUpdate)).toHaveLength(1);
    expect(mailsTo('davi@teste.example').filter(isUpdate)).toHaveLength(0);

    // Staff read the requests' e-mail queue, never whom notices go to; sent ones are not kept.
    const staffView = await call(
      stack.url,
      `/api/collections/mail_queue/records?filter=${encodeURIComponent("source='tracking_follows'")}`,
      { token: staff },
    );
    expect(staffView.body.items).toEqual([]);
    const kept = await stack.admin(
      `/api/collections/mail_queue/records?filter=${encodeURIComponent("source='tracking_follows' && status='sent'")}`,
    );
    expect(kept.items).toEqual([]);

    const mail = mailsTo('bia@teste.example').find(isUpdate)!;
    expect(mail.subject).toBe('Encomenda coletada no ponto de coleta - rastreio 81000002');
    expect(String(mail.html)).toContain(`${stack.url}/rastrear?numero=81000002`);
    expect(String(mail.html)).toContain(`${stack.url}/rastrear?cancelar=`);
    // One click from the mail app (RFC 8058).
    const header = (name: string) =>
      mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '');
    expect(header('list-unsubscribe')).toMatch(
      new RegExp(`^<${stack.url}/api/avisos/cancelar/[A-Za-z0-9]+>$`),
    );
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('several quick changes go out as one e-mail', async () => {
    const record = await register('81000003');
    await follow('81000003', 'eva@teste.example');
    await stage(record, 1);
    await stage(record, 2);
    const [mail] = await stack.sink.waitFor(
      (m) => to(m) === 'eva@teste.example' && /rastreio 81000003$/.test(m.subject ?? ''),
    );
    await sleep((BATCH_SECONDS + 2) * 1000);
    const updates = mailsTo('eva@teste.example').filter((m) => !/Confirme/.test(m.subject ?? ''));
    expect(updates).toHaveLength(1);
    expect(mail!.subject).toBe('Encomenda enviada ao destino - rastreio 81000003');
    expect(mail!.text).toContain('Encomenda coletada no ponto de coleta');
    expect(mail!.text).toContain('Encomenda enviada ao destino');
  });

  it('stops after unsubscribing, with one click on the address in the e-mail header', async () => {
    const record = await register('81000004');
    const token = await follow('81000004', 'fabio@teste.example');
    const res = await call(stack.url, `/api/avisos/cancelar/${token}`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Pronto: você não vai mais receber avisos deste rastreio.');
    await stage(record, 1);
    await sleep((BATCH_SECONDS + 2) * 1000);
    expect(mailsTo('fabio@teste.example').filter((m) => !/Confirme/.test(m.subject ?? ''))).toEqual(
      [],
    );
    const row = await stack.admin(`/api/collections/tracking/records/${record.record}`);
    expect(row.followers).toBe(0);
  });

  it('delivery reaches every follower, also one whose own batch was not due yet', async () => {
    const record = await register('81000007');
    await follow('81000007', 'flor@teste.example');
    await stage(record, 1); // flor's batch starts
    await follow('81000007', 'gabi@teste.example');
    await stage(record, 2);
    await stage(record, 4); // within flor's batch; gabi's would be due later
    for (const email of ['flor@teste.example', 'gabi@teste.example']) {
      const [last] = await stack.sink.waitFor(
        (m) => to(m) === email && /Encomenda entregue/.test(m.subject ?? ''),
      );
      expect(last!.text).toContain('Este foi o último aviso');
    }
    expect(await followsOf('81000007')).toEqual([]);
  });

  it('delivery sends the last e-mail and keeps no subscription', async () => {
    const record = await register('81000005');
    await follow('81000005', 'gil@teste.example');
    await subscribe('81000005', 'hugo@teste.example'); // pending: also gone at delivery
    await stage(record, 4);
    const [mail] = await stack.sink.waitFor(
      (m) => to(m) === 'gil@teste.example' && /Encomenda entregue/.test(m.subject ?? ''),
    );
    expect(mail!.text).toContain('Este foi o último aviso');
    expect(mail!.headerLines.map((h) => h.key)).not.toContain('list-unsubscribe');
    expect(await followsOf('81000005')).toEqual([]);
  });
});

describe('nothing kept too long', () => {
  it('an unconfirmed request goes 48 hours after its link was sent, any subscription at 90 days', async () => {
    const record = await register('81000006');
    await follow('81000006', 'jonas@teste.example');
    await subscribe('81000006', 'kiko@teste.example');
    await subscribe('81000006', 'lia@teste.example');
    const rows = () => followsOf('81000006');
    const [jonas, kiko] = await rows();
    const past = (hours: number) =>
      new Date(Date.now() - hours * 3600_000).toISOString().replace('T', ' ');
    const patch = (id: string, body: Record<string, string>) =>
      stack.admin(`/api/collections/tracking_follows/records/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await patch(kiko!.id, { askedAt: past(49) }); // link sent two days ago, never opened
    await patch(jonas!.id, { expiresAt: past(1) }); // confirmed, 90 days are over
    await stack.admin('/api/crons/follows-cleanup', { method: 'POST' });
    await expect
      .poll(async () => (await rows()).map((r) => r.email))
      .toEqual(['lia@teste.example']);
    await expect
      .poll(
        async () =>
          (await stack.admin(`/api/collections/tracking/records/${record.record}`)).followers,
      )
      .toBe(0);
  });
});

describe('limits', () => {
  let limited: Stack;
  beforeAll(async () => {
    limited = await startStack({}, { mailClock: false });
  });
  afterAll(() => limited?.stop());

  const ask = (number: string, email: string) =>
    call(limited.url, '/api/avisos', {
      method: 'POST',
      body: { number, email, consent: 'sim' },
    });

  it('answer 429 in Portuguese: per address a day, then per connection an hour', async () => {
    for (let i = 0; i < 10; i++)
      expect((await ask(`8200000${i}`, 'ivo@teste.example')).status).toBe(202);
    // The same mailbox spelled another way is the same address.
    const address = await ask('82000010', 'Ivo+outro@teste.example');
    expect(address.status).toBe(429);
    expect(address.body.message).toBe(
      'Muitos pedidos de aviso para este e-mail hoje. Tente de novo amanhã ou fale conosco.',
    );
    // Asking again for a number already asked is not a new request.
    expect((await ask('82000001', 'ivo@teste.example')).status).toBe(202);

    for (let i = 0; i < 10; i++)
      expect((await ask('82000099', `p${i}@teste.example`)).status).toBe(202);
    const connection = await ask('82000099', 'outra@teste.example');
    expect(connection.status).toBe(429);
    expect(connection.body.message).toBe(
      'Muitos pedidos de aviso feitos desta conexão. Aguarde uma hora e tente de novo.',
    );
  });
});
