import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotePayload } from '../support/payloads';
import { call, startStack, type Stack } from '../support/stack';

interface StoredQuote {
  mailStatus: string;
  mailAttempts: number;
  mailError: string;
  mailSentAt: string;
  mailNextAt: string;
}

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ MAIL_MAX_ATTEMPTS: '3' });
});
afterAll(() => stack?.stop());

const runRetryJob = () => stack.admin('/api/crons/mail-retry', { method: 'POST' });
/** The job runs in the background: wait until the record shows the expected state. */
async function waitForQuote(name: string, check: (r: StoredQuote) => boolean) {
  await expect.poll(async () => check((await quoteBy(name))[0]), { timeout: 10_000 }).toBe(true);
  return (await quoteBy(name))[0];
}
const quoteBy = async (name: string) =>
  (
    await stack.admin(
      `/api/collections/quotes/records?filter=${encodeURIComponent(`senderName="${name}"`)}`,
    )
  ).items;

describe('a mail outage never loses a submission', () => {
  it('stores the requests as failed, and the retry delivers each exactly once', async () => {
    await stack.sink.stop();
    const names = ['Ana Fora', 'Bruno Fora', 'Caio Fora'];
    for (const senderName of names) {
      const res = await call(stack.url, '/api/collections/quotes/records', {
        method: 'POST',
        body: quotePayload({ senderName }),
      });
      expect(res.status).toBe(200);
    }
    for (const name of names) {
      const [record] = await quoteBy(name);
      expect(record.mailStatus).toBe('failed');
      expect(record.mailAttempts).toBe(1);
      expect(record.mailError).not.toBe('');
    }

    await stack.sink.start();
    await Promise.all([runRetryJob(), runRetryJob()]); // two runs at once still send each mail once
    for (const name of names) await waitForQuote(name, (r) => r.mailStatus === 'sent');
    await runRetryJob();
    const mails = await stack.sink.waitFor((m) => names.some((n) => String(m.html).includes(n)), 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(
      stack.sink.messages.filter((m) => names.some((n) => String(m.html).includes(n))),
    ).toHaveLength(3);
    expect(mails.map((m) => m.subject)).toEqual(Array(3).fill('Solicitação de Cotação'));
    for (const name of names) {
      const [record] = await quoteBy(name);
      expect(record.mailStatus).toBe('sent');
      expect(record.mailSentAt).not.toBe('');
    }
  });

  it('gives up after the bound and leaves the request visible as failed', async () => {
    await stack.sink.stop();
    await call(stack.url, '/api/collections/quotes/records', {
      method: 'POST',
      body: quotePayload({ senderName: 'Dora Fora' }),
    });
    await runRetryJob();
    await waitForQuote('Dora Fora', (r) => r.mailAttempts === 2 && r.mailStatus === 'failed');
    await runRetryJob();
    const record = await waitForQuote(
      'Dora Fora',
      (r) => r.mailAttempts === 3 && r.mailStatus === 'failed',
    );
    expect(record.mailStatus).toBe('failed');
    expect(record.mailNextAt).toBe('');

    await stack.sink.start();
    await runRetryJob();
    await new Promise((r) => setTimeout(r, 300));
    expect(stack.sink.messages.filter((m) => String(m.html).includes('Dora Fora'))).toHaveLength(0);
    const [after] = await quoteBy('Dora Fora');
    expect(after.mailStatus).toBe('failed');
  });
});
