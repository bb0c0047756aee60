// What an attacker tried with the site's e-mail: addresses a mail server refuses (retried forever,
// /api/health stuck at 503), the forms as a way to mail anyone a line of their own with links, and
// figures and names that slipped past the rules.
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupPayload, quotePayload, urgentPayload } from '../support/payloads';
import {
  call,
  CLIENT,
  COMPANY_MAILBOX,
  signIn,
  STAFF,
  startStack,
  type Stack,
} from '../support/stack';

let stack: Stack;
let staff = '';

beforeAll(async () => {
  // An e-mail waiting more than a second is a stuck queue, so a test sees /api/health change.
  stack = await startStack({ MAIL_ALERT_SECONDS: '1', PB_RATE_LIMITS: 'off' });
  staff = await signIn(stack.url, 'staff', STAFF);
});
afterAll(() => stack?.stop());

interface QueueItem {
  id: string;
  record: string;
  purpose: string;
  to: string;
  status: string;
  attempts: number;
  lastError: string;
  created: string;
}

const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0]?.text : m.to?.text) ?? '';

async function queueOf(recordId: string): Promise<QueueItem[]> {
  const found = await stack.admin(
    `/api/collections/mail_queue/records?filter=${encodeURIComponent(`record="${recordId}"`)}&sort=purpose`,
  );
  return found.items;
}

async function create(collection: string, body: Record<string, unknown>, token?: string) {
  const res = await call(stack.url, `/api/collections/${collection}/records`, {
    method: 'POST',
    body,
    token,
  });
  return res;
}

async function quote(overrides: Record<string, unknown>) {
  const res = await create('quotes', quotePayload(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as string;
}

const health = () => call(stack.url, '/api/health');

const ageSeconds = (item: QueueItem) =>
  (Date.now() - new Date(item.created.replace(' ', 'T')).getTime()) / 1000;

describe('addresses a mail server refuses', () => {
  const BAD = [
    '<b>a</b>@x.example',
    'a..b@x.example',
    '"<script>x</script>"@x.example',
    '.ana@x.example',
    'ana.@x.example',
    'ana lima@x.example',
    'ana@x',
    'ana@-x.example',
    'ana@x.example-',
    'ana@x.123',
  ];

  it("are refused by 'Avise-me' and the quote and urgent forms, in Portuguese", async () => {
    for (const email of BAD) {
      const follow = await call(stack.url, '/api/avisos', {
        method: 'POST',
        body: { number: '08300000119', email, consent: 'sim' },
      });
      expect(follow.status, email).toBe(400);
      expect(follow.body.data.email.message).toBe('Email inválido.');
      for (const [collection, payload] of [
        ['quotes', quotePayload({ senderEmail: email })],
        ['urgent_requests', urgentPayload({ senderEmail: email })],
      ] as const) {
        const res = await create(collection, payload);
        expect(res.status, `${collection} ${email}`).toBe(400);
        expect(res.body.data.senderEmail.message).toBe('Email inválido.');
      }
    }
    // An ordinary address with a tag or an apostrophe still goes through.
    for (const email of ["o'neil+avisos@cliente.example", 'ana.lima@mail.cliente.com.br']) {
      const follow = await call(stack.url, '/api/avisos', {
        method: 'POST',
        body: { number: '08300000208', email, consent: 'sim' },
      });
      expect(follow.status, email).toBe(202);
    }
  });

  it('a permanent refusal (5xx) is not retried and never holds /api/health', async () => {
    const refused = 'nao-existe@cliente.example';
    stack.sink.refusals.set(refused, 550);
    const id = await quote({ senderName: 'Endereço Recusado', senderEmail: refused });
    // The company still hears of the request.
    await stack.sink.waitFor(
      (m) => to(m) === COMPANY_MAILBOX && String(m.html).includes('Endereço Recusado'),
    );
    const confirmation = async () => (await queueOf(id)).find((i) => i.purpose === 'confirmation')!;
    await expect.poll(async () => (await confirmation()).status).toBe('refused');
    expect((await confirmation()).lastError).toMatch(/550/);
    // Older than MAIL_ALERT_SECONDS, with the queue running all along: one attempt, health fine.
    await expect
      .poll(
        async () => {
          const item = await confirmation();
          if (ageSeconds(item) < 2.5) return 'still young';
          return { status: item.status, attempts: item.attempts, health: (await health()).status };
        },
        { timeout: 10_000 },
      )
      .toEqual({ status: 'refused', attempts: 1, health: 200 });
    // Staff see it on the request.
    const record = await call(stack.url, `/api/collections/quotes/records/${id}`, {
      token: staff,
    });
    expect(record.body).toMatchObject({ mailStatus: 'sent', confirmationStatus: 'refused' });
    stack.sink.refusals.delete(refused);
  });

  it("the company's own e-mail refused shows on the request, and 'Reenviar e-mail' still works", async () => {
    stack.sink.refusals.set(COMPANY_MAILBOX, 550);
    const res = await create('urgent_requests', urgentPayload({ senderName: 'Empresa Recusa' }));
    const id = res.body.id as string;
    await expect
      .poll(
        async () =>
          (
            await call(stack.url, `/api/collections/urgent_requests/records/${id}`, {
              token: staff,
            })
          ).body.mailStatus,
      )
      .toBe('refused');
    await expect.poll(async () => (await health()).status, { timeout: 10_000 }).toBe(200);
    stack.sink.refusals.delete(COMPANY_MAILBOX);
    const again = await call(stack.url, `/api/solicitacoes/urgent_requests/${id}/reenviar-email`, {
      method: 'POST',
      token: staff,
    });
    expect(again.status).toBe(200);
    await stack.sink.waitFor(
      (m) => to(m) === COMPANY_MAILBOX && (m.subject ?? '').includes('Empresa Recusa'),
    );
  });

  it('a temporary failure (4xx) is retried until staff dismiss it; then health recovers', async () => {
    const busy = 'caixa-cheia@cliente.example';
    stack.sink.refusals.set(busy, 450);
    const id = await quote({ senderName: 'Caixa Cheia', senderEmail: busy });
    const confirmation = async () => (await queueOf(id)).find((i) => i.purpose === 'confirmation')!;
    await expect
      .poll(async () => (await confirmation()).attempts, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(3);
    expect((await confirmation()).status).not.toBe('refused');
    await expect.poll(async () => (await health()).status, { timeout: 10_000 }).toBe(503);

    const path = `/api/solicitacoes/quotes/${id}/dispensar-email`;
    expect((await call(stack.url, path, { method: 'POST' })).status).toBe(401);
    const client = await signIn(stack.url, 'clients', CLIENT);
    expect((await call(stack.url, path, { method: 'POST', token: client })).status).toBe(403);
    const dismissed = await call(stack.url, path, { method: 'POST', token: staff });
    expect(dismissed.status, JSON.stringify(dismissed.body)).toBe(200);
    expect(dismissed.body.dismissed).toBe(1);

    await expect.poll(async () => (await health()).status, { timeout: 10_000 }).toBe(200);
    const item = await confirmation();
    expect(item.status).toBe('dismissed');
    const record = await call(stack.url, `/api/collections/quotes/records/${id}`, {
      token: staff,
    });
    expect(record.body.confirmationStatus).toBe('dismissed');
    // Never tried again: later runs of the queue leave it alone.
    await expect
      .poll(
        async () => {
          const now = await confirmation();
          return Date.now() - new Date(now.created.replace(' ', 'T')).getTime() > 8_000
            ? now.attempts
            : 'waiting';
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(item.attempts);
    stack.sink.refusals.delete(busy);
  });
});

describe('the forms never mail anyone a line or a link of their own', () => {
  const PHISH = 'Sua conta sera bloqueada, acesse https://phish.example/login.';

  it("a confirmation greets without the sender's name and no typed link stays a link", async () => {
    const id = await quote({
      senderName: PHISH,
      senderEmail: 'vitima@cliente.example',
      itemDescription: 'Veja www.phish.example ou phish.example/pagar e http://10.0.0.1/x',
    });
    const [confirmation] = await stack.sink.waitFor(
      (m) => to(m) === 'vitima@cliente.example' && /^Recebemos/.test(m.subject ?? ''),
    );
    const [company] = await stack.sink.waitFor(
      (m) => to(m) === COMPANY_MAILBOX && String(m.html).includes('bloqueada'),
    );
    for (const mail of [confirmation!, company!]) {
      const html = String(mail.html);
      expect(html).not.toMatch(/<a\b[^>]*phish/i);
      for (const text of [html, mail.text ?? '']) {
        expect(text).not.toMatch(/https?:\/\//i);
        expect(text).not.toMatch(/phish\.example/i);
        expect(text).not.toContain('10.0.0.1');
      }
    }
    const html = String(confirmation!.html);
    expect(html).toContain('Olá!');
    expect(html).not.toMatch(/Olá,/);
    // The name is there, as data, defanged.
    expect(html).toContain('Nome informado');
    expect(html).toContain('hxxps[:]//phish[.]example/login');
    // The company's own e-mail stays an address one can write to.
    expect(String(company!.html)).toContain('vitima@cliente.example');
    expect(company!.replyTo?.text).toBe('vitima@cliente.example');
    expect((await queueOf(id)).map((i) => i.purpose)).toEqual(['company', 'confirmation']);
  });

  it('one mailbox gets at most 3 confirmations a day, however it is spelled; the company gets every request', async () => {
    const spellings = [
      'ana.lima@gmail.com',
      'analima+cotacao@gmail.com',
      'A.Na.Lima@Gmail.com',
      'a.n.a.l.i.m.a+x@gmail.com',
    ];
    const ids: string[] = [];
    for (const [i, email] of spellings.entries()) {
      ids.push(await quote({ senderName: `Orçamento Repetido ${i + 1}`, senderEmail: email }));
    }
    await stack.sink.waitFor(
      (m) => to(m) === COMPANY_MAILBOX && String(m.html).includes('Orçamento Repetido'),
      4,
    );
    // The fourth request's e-mails are rendered together: no confirmation among them.
    await expect.poll(async () => (await queueOf(ids[3]!)).length).toBeGreaterThan(0);
    expect((await queueOf(ids[3]!)).map((i) => i.purpose)).toEqual(['company']);
    const confirmations = () =>
      stack.sink.messages.filter(
        (m) =>
          spellings.some((s) => to(m).toLowerCase() === s.toLowerCase()) &&
          /^Recebemos/.test(m.subject ?? ''),
      );
    await expect.poll(() => confirmations().length).toBe(3);

    // 'Avise-me' draws on the same budget: the request is taken, no link goes out.
    const follow = await call(stack.url, '/api/avisos', {
      method: 'POST',
      body: { number: '08300000380', email: 'analima+avisos@gmail.com', consent: 'sim' },
    });
    expect(follow.status).toBe(202);
    const queued = await stack.admin(
      `/api/collections/mail_queue/records?filter=${encodeURIComponent(`purpose="follow-confirm" && to="analima+avisos@gmail.com"`)}`,
    );
    expect(queued.items).toEqual([]);
  });

  it("'Avise-me' links count against a quote's confirmation", async () => {
    for (const number of ['08300001190', '08300001271', '08300001352']) {
      const res = await call(stack.url, '/api/avisos', {
        method: 'POST',
        body: { number, email: 'bia@teste.example', consent: 'sim' },
      });
      expect(res.status).toBe(202);
    }
    await stack.sink.waitFor((m) => to(m) === 'bia@teste.example', 3);
    const id = await quote({ senderName: 'Bia Depois', senderEmail: 'Bia+cotacao@teste.example' });
    await expect.poll(async () => (await queueOf(id)).length).toBeGreaterThan(0);
    expect((await queueOf(id)).map((i) => i.purpose)).toEqual(['company']);
  });
});

describe('figures and names', () => {
  it('a weight or a size too small to be real is refused, in every form', async () => {
    for (const weight of [1e-320, '0.0000001', 0.0000001, '0,001']) {
      const res = await create('quotes', quotePayload({ weight }));
      expect(res.status, String(weight)).toBe(400);
      expect(res.body.data.weight.message).toBe('Use no mínimo 0,01 kg.');
    }
    const urgent = await create('urgent_requests', urgentPayload({ width: '0,01' }));
    expect(urgent.status).toBe(400);
    expect(urgent.body.data.width.message).toBe('Use no mínimo 0,1 cm.');
    const client = await signIn(stack.url, 'clients', CLIENT);
    const pickup = await create(
      'pickup_requests',
      pickupPayload({ peso: '0,001', altura: '0,05' }),
      client,
    );
    expect(pickup.status).toBe(400);
    expect(pickup.body.data.peso.message).toBe('Use no mínimo 0,01 kg.');
    expect(pickup.body.data.altura.message).toBe('Use no mínimo 0,1 cm.');
    // The smallest ones allowed are priced.
    const smallest = await create(
      'quotes',
      quotePayload({ weight: '0,01', width: '0,1', length: '0,1', height: '0,1' }),
    );
    expect(smallest.status, JSON.stringify(smallest.body)).toBe(200);
  });

  it("the public lookup shows a receiver's initials from letters only", async () => {
    const record = `dm${Date.now().toString(36)}`.padEnd(15, '0').slice(0, 15);
    const number = '08300010009';
    const at = new Date(Date.now() - 60_000).toISOString();
    const registered = await call(stack.url, '/api/equipe/rastreios', {
      method: 'POST',
      token: staff,
      body: { op: 'register', record, number, at },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const delivered = await call(stack.url, '/api/equipe/rastreios', {
      method: 'POST',
      token: staff,
      body: {
        op: 'stage',
        record,
        number,
        stage: 4,
        set: true,
        at: new Date().toISOString(),
        receiverName: '😀 <b>Ângela</b> Lima',
      },
    });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    const lookup = await call(stack.url, `/api/rastreio/${number}`);
    expect(lookup.body.deliveredTo).toBe('Â. L.');
  });
});
