// E-mail leaves the request path: a create stores the request and queues its e-mails; the queue job
// sends them, retries failures forever at a bounded interval, and never sends one twice.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/pocketbase.mjs';
import { MAIL_YIELDS_FROM_REQUESTS_PER_SECOND } from '../../src/domain/mail';
import { pickupPayload, quotePayload } from '../support/payloads';
import { call, CLIENT, COMPANY_MAILBOX, signIn, startStack, type Stack } from '../support/stack';
import { useStack } from '../support/use-stack';

interface QueueItem {
  id: string;
  record: string;
  purpose: string;
  to: string;
  status: string;
  attempts: number;
  nextAt: string;
  lastError: string;
  sentAt: string;
}

/** An SMTP peer that accepts and waits `delayMs` before the sink behind it greets (0: forever). */
class SlowSmtp {
  server: Server | null = null;
  sockets = new Set<Socket>();
  constructor(
    private target: () => number,
    private delayMs: number,
  ) {}
  async start() {
    const port = await freePort();
    this.server = createServer((client) => {
      this.sockets.add(client);
      client.on('error', () => undefined);
      if (this.delayMs === 0) return; // accepts, never greets
      setTimeout(() => {
        const upstream = connect(this.target(), '127.0.0.1');
        upstream.on('error', () => client.destroy());
        client.pipe(upstream).pipe(client);
      }, this.delayMs);
    });
    await new Promise<void>((r) => this.server!.listen(port, '127.0.0.1', () => r()));
    return port;
  }
  async stop() {
    for (const s of this.sockets) s.destroy();
    await new Promise((r) => this.server?.close(() => r(undefined)));
  }
}

const runQueue = (stack: Stack) => stack.admin('/api/crons/mail-queue', { method: 'POST' });

async function queueOf(stack: Stack, recordId: string): Promise<QueueItem[]> {
  const found = await stack.admin(
    `/api/collections/mail_queue/records?filter=${encodeURIComponent(`record="${recordId}"`)}&sort=purpose`,
  );
  return found.items;
}

async function createQuote(stack: Stack, senderName: string) {
  const res = await call(stack.url, '/api/collections/quotes/records', {
    method: 'POST',
    body: quotePayload({ senderName }),
  });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

describe('a mail outage never loses a request', () => {
  let stack: Stack;
  beforeAll(async () => {
    // The test counts attempts, so it alone runs the queue: the minute's cron never fires (31 Feb).
    stack = await startStack(
      { MAIL_RETRY_MAX_SECONDS: '0', MAIL_ALERT_SECONDS: '1', MAIL_QUEUE_SCHEDULE: '0 0 31 2 *' },
      { mailClock: false },
    );
  });
  afterAll(() => stack?.stop());

  it('queues the e-mails with the request, retries them without giving up, and sends each once', async () => {
    await stack.sink.stop();
    const ids: string[] = [];
    for (const name of ['Ana Fora', 'Bruno Fora']) ids.push(await createQuote(stack, name));
    // Stored at once, its mail still to go.
    for (const id of ids) {
      const record = await stack.admin(`/api/collections/quotes/records/${id}`);
      expect(record.mailStatus).toBe('pending');
    }
    // A mail job that never runs (or fails before writing anything) shows too, once the oldest
    // request has waited past the alert time (one second here).
    await expect
      .poll(async () => (await call(stack.url, '/api/health')).status, { timeout: 10_000 })
      .toBe(503);
    expect((await call(stack.url, '/api/health')).body.data.mail).toMatchObject({
      flowing: false,
      toRender: 2,
      waiting: 0,
    });

    // Far more attempts than the old bound of 8: still failing, still scheduled, never given up.
    for (let run = 1; run <= 10; run++) {
      await runQueue(stack);
      await expect
        .poll(async () => (await queueOf(stack, ids[1]!)).map((i) => i.attempts), {
          timeout: 10_000,
        })
        .toEqual([run, run]);
    }
    const failing = await queueOf(stack, ids[0]!);
    // To the company, and a confirmation to the sender.
    expect(failing.map((i) => [i.purpose, i.to])).toEqual([
      ['company', COMPANY_MAILBOX],
      ['confirmation', 'maria@cliente.example'],
    ]);
    for (const item of failing) {
      expect(item.status).toBe('failed');
      expect(item.lastError).not.toBe('');
      expect(item.nextAt).not.toBe('');
    }
    // The request shows its e-mail state to the staff inbox.
    const record = await stack.admin(`/api/collections/quotes/records/${ids[0]}`);
    expect(record).toMatchObject({ mailStatus: 'failed', mailAttempts: 10 });
    // Each failure is logged on the server.
    const failureLogs = async () =>
      (
        await stack.admin(
          `/api/logs?filter=${encodeURIComponent(`message="Falha ao enviar e-mail"`)}&perPage=1`,
        )
      ).totalItems;
    await expect.poll(failureLogs, { timeout: 10_000 }).toBeGreaterThanOrEqual(20);

    // A monitor sees that mail is not flowing.
    const stuck = await call(stack.url, '/api/health');
    expect(stuck.status).toBe(503);
    expect(stuck.body.data.mail).toMatchObject({ flowing: false, waiting: 4, failing: 4 });
    expect(stuck.body.data.mail.oldestWaitingSeconds).toBeGreaterThanOrEqual(1);

    await stack.sink.start();
    await Promise.all([runQueue(stack), runQueue(stack), runQueue(stack)]);
    for (const id of ids) {
      await expect
        .poll(async () => (await queueOf(stack, id)).map((i) => i.status), { timeout: 10_000 })
        .toEqual(['sent', 'sent']);
    }
    await runQueue(stack);
    await new Promise((r) => setTimeout(r, 500));
    for (const name of ['Ana Fora', 'Bruno Fora']) {
      const mails = stack.sink.messages.filter((m) => String(m.html).includes(name));
      expect(mails.map((m) => m.to && !Array.isArray(m.to) && m.to.text).sort()).toEqual(
        [COMPANY_MAILBOX, 'maria@cliente.example'].sort(),
      );
    }
    const healthy = await call(stack.url, '/api/health');
    expect(healthy.status).toBe(200);
    expect(healthy.body.data.mail).toMatchObject({
      flowing: true,
      toRender: 0,
      waiting: 0,
      oldestWaitingSeconds: 0,
    });
    const sent = await stack.admin(`/api/collections/quotes/records/${ids[0]}`);
    expect(sent.mailStatus).toBe('sent');
    expect(sent.mailSentAt).not.toBe('');
  });

  it('takes over an e-mail left half-sent by a stopped server process', async () => {
    await stack.sink.stop(); // so that the first run queues it and fails, leaving it to the test
    const id = await createQuote(stack, 'Carla Interrompida');
    await runQueue(stack);
    await expect.poll(async () => (await queueOf(stack, id)).length, { timeout: 10_000 }).toBe(2);
    await stack.sink.start();
    const [company] = await queueOf(stack, id);
    // As a process that died mid-send leaves it: claimed, 'sending', by another process.
    await stack.admin(`/api/collections/mail_queue/records/${company!.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'sending', claim: 'processo-parado', attempts: 1 }),
    });
    await runQueue(stack);
    await stack.sink.waitFor(
      (m) =>
        /^Cotação nº \d{6} — /.test(m.subject ?? '') &&
        String(m.html).includes('Carla Interrompida'),
    );
  });
});

describe('the request path never waits for the mail server', () => {
  let stack: Stack;
  const silent = new SlowSmtp(() => 0, 0);
  beforeAll(async () => {
    const port = await silent.start();
    stack = await startStack({ SMTP_PORT: String(port) });
  });
  afterAll(async () => {
    await stack?.stop();
    await silent.stop();
  });

  it('answers a create while the SMTP server accepts and never greets', async () => {
    // With mail sent inside the request, this create was held for minutes.
    const res = await fetch(`${stack.url}/api/collections/quotes/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(quotePayload({ senderName: 'Sem Espera' })),
      signal: AbortSignal.timeout(15_000),
    });
    expect(res.status).toBe(200);
    const id = ((await res.json()) as { id: string }).id;
    const stored = await stack.admin(`/api/collections/quotes/records/${id}`);
    expect(stored.senderName).toBe('Sem Espera');
  });
});

describe('a slow send is never started twice', () => {
  let stack: Stack;
  const slow = new SlowSmtp(() => stack.sink.port, 3000);
  beforeAll(async () => {
    const port = await slow.start();
    stack = await startStack({ SMTP_PORT: String(port) }, { mailClock: false });
  });
  afterAll(async () => {
    await stack?.stop();
    await slow.stop();
  });

  it('runs of the queue during a slow send leave it alone; it arrives once', async () => {
    const id = await createQuote(stack, 'Envio Lento');
    await runQueue(stack);
    await expect
      .poll(async () => (await queueOf(stack, id)).map((i) => i.status), { timeout: 5_000 })
      .toContain('sending');
    for (let i = 0; i < 5; i++) {
      await runQueue(stack);
      await new Promise((r) => setTimeout(r, 200));
    }
    await expect
      .poll(async () => (await queueOf(stack, id)).map((i) => i.status), { timeout: 20_000 })
      .toEqual(['sent', 'sent']);
    await new Promise((r) => setTimeout(r, 500));
    const mails = stack.sink.messages.filter((m) => String(m.html).includes('Envio Lento'));
    expect(mails).toHaveLength(2);
    for (const item of await queueOf(stack, id)) expect(item.attempts).toBe(1);
  });
});

describe('customers hear from us', () => {
  const stackOf = useStack();

  it('the requester of a quote gets a confirmation in Portuguese with how to reach us', async () => {
    await createQuote(stackOf(), 'Maria Confirma');
    const [mail] = await stackOf().sink.waitFor(
      (m) =>
        /^Recebemos sua solicitação de cotação/.test(m.subject ?? '') &&
        String(m.html).includes('Maria Confirma'),
    );
    expect(mail!.to).toMatchObject({ text: 'maria@cliente.example' });
    const html = String(mail!.html);
    for (const fact of [
      'Olá!',
      'Maria Confirma',
      'São Paulo - SP',
      'Goiânia - GO',
      '(11) 5555-0100',
    ])
      expect(html).toContain(fact);
    expect(html).toContain('R$ 124,50');
  });

  it('a pickup requester is told the request number', async () => {
    const token = await signIn(stackOf().url, 'clients', CLIENT);
    const res = await call(stackOf().url, '/api/collections/pickup_requests/records', {
      method: 'POST',
      token,
      body: pickupPayload(),
    });
    const number = res.body.number;
    const [mail] = await stackOf().sink.waitFor((m) =>
      (m.subject ?? '').startsWith(`Recebemos sua solicitação de coleta nº ${number}`),
    );
    expect(mail!.to).toMatchObject({ text: 'carla@cliente.example' });
    expect(String(mail!.html)).toContain(`A solicitação de coleta nº ${number} foi recebida.`);
  });
});

describe('in a burst, the company hears first', () => {
  let stack: Stack;
  beforeAll(async () => {
    // This test alone runs the queue, so it sees one run's order of sending.
    stack = await startStack({ MAIL_QUEUE_SCHEDULE: '0 0 31 2 *' }, { mailClock: false });
  });
  afterAll(() => stack?.stop());

  it("every waiting request's company e-mail goes before the requesters' confirmations", async () => {
    const names = ['Rajada Um', 'Rajada Dois', 'Rajada Três'];
    for (const name of names) await createQuote(stack, name);
    await runQueue(stack);
    const mails = await stack.sink.waitFor(
      (m) => names.some((name) => String(m.html).includes(name)),
      6,
      20_000,
    );
    const kinds = mails.map((m) =>
      /^Cotação nº \d{6} — /.test(m.subject ?? '') ? 'empresa' : 'confirmação',
    );
    expect(kinds).toEqual([
      'empresa',
      'empresa',
      'empresa',
      'confirmação',
      'confirmação',
      'confirmação',
    ]);
  });

  it('while requests keep coming faster than the mail gives way to, every e-mail still goes out', async () => {
    const names = ['Pico Um', 'Pico Dois', 'Pico Três', 'Pico Quatro', 'Pico Cinco', 'Pico Seis'];
    for (const name of names) await createQuote(stack, name);
    const ofBurst = (m: { subject?: string; html?: unknown }) =>
      /^Cotação nº \d{6} — /.test(m.subject ?? '') && names.some((n) => String(m.html).includes(n));
    // Eight visitors looking up numbers as fast as the server answers, for as long as it takes.
    let flooding = true;
    let answered = 0;
    const visitor = async () => {
      while (flooding) {
        const res = await fetch(`${stack.url}/api/rastreio/000000000`);
        await res.arrayBuffer();
        answered++;
      }
    };
    const started = Date.now();
    const visitors = Array.from({ length: 8 }, visitor);
    try {
      await runQueue(stack);
      await stack.sink.waitFor(ofBurst, names.length, 60_000);
    } finally {
      flooding = false;
      await Promise.all(visitors);
    }
    // The burst was one the senders give way to all along, not a lull they went through at speed.
    const perSecond = answered / ((Date.now() - started) / 1000);
    expect(perSecond).toBeGreaterThan(MAIL_YIELDS_FROM_REQUESTS_PER_SECOND);
  });
});
