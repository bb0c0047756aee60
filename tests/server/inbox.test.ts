// The staff inbox's rules on the server: staff read every request with its e-mail state, mark it
// handled (who and when), and ask for the e-mail again; nobody changes what a customer sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotePayload } from '../support/payloads';
import { call, COMPANY_MAILBOX, signIn, STAFF, startStack, type Stack } from '../support/stack';

let stack: Stack;
let staffToken: string;
let quoteId: string;

beforeAll(async () => {
  stack = await startStack();
  staffToken = await signIn(stack.url, 'staff', STAFF);
  const created = await call(stack.url, '/api/collections/quotes/records', {
    method: 'POST',
    body: quotePayload({ senderName: 'Caixa de Entrada' }),
  });
  quoteId = created.body.id;
  await stack.sink.waitFor((m) => String(m.html).includes('Caixa de Entrada'), 2);
});
afterAll(() => stack?.stop());

describe('staff in the requests inbox', () => {
  it('read a request with its e-mail state', async () => {
    await expect
      .poll(
        async () =>
          (
            await call(stack.url, `/api/collections/quotes/records/${quoteId}`, {
              token: staffToken,
            })
          ).body.mailStatus,
      )
      .toBe('sent');
    const list = await call(
      stack.url,
      `/api/collections/mail_queue/records?filter=${encodeURIComponent(`record="${quoteId}"`)}`,
      { token: staffToken },
    );
    expect(list.body.items.map((i: { to: string }) => i.to)).toContain(COMPANY_MAILBOX);
  });

  it('cannot change what the customer sent, not even the price', async () => {
    for (const change of [
      { priceCents: 1 },
      { senderName: 'Outro' },
      { handled: true, priceCents: 1 },
    ]) {
      const res = await call(stack.url, `/api/collections/quotes/records/${quoteId}`, {
        method: 'PATCH',
        token: staffToken,
        body: change,
      });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message).toMatch(/não pode ser alterado/);
    }
    const stored = await stack.admin(`/api/collections/quotes/records/${quoteId}`);
    expect(stored.priceCents).toBe(12450);
    expect(stored.senderName).toBe('Caixa de Entrada');
  });

  it('mark it handled, with who and when, and undo it', async () => {
    const marked = await call(stack.url, `/api/collections/quotes/records/${quoteId}`, {
      method: 'PATCH',
      token: staffToken,
      body: { handled: true },
    });
    expect(marked.status).toBe(200);
    expect(marked.body.handledAt).not.toBe('');
    expect(marked.body.handledByName).not.toBe('');
    expect(marked.body.priceCents).toBe(12450);
    const undone = await call(stack.url, `/api/collections/quotes/records/${quoteId}`, {
      method: 'PATCH',
      token: staffToken,
      body: { handled: false },
    });
    expect(undone.body.handledAt).toBe('');
  });

  it('send the company e-mail again', async () => {
    const before = stack.sink.messages.filter(
      (m) =>
        /^Cotação nº \d{6} — /.test(m.subject ?? '') && String(m.html).includes('Caixa de Entrada'),
    ).length;
    const res = await call(stack.url, `/api/solicitacoes/quotes/${quoteId}/reenviar-email`, {
      method: 'POST',
      token: staffToken,
    });
    expect(res.status).toBe(200);
    await stack.sink.waitFor(
      (m) =>
        /^Cotação nº \d{6} — /.test(m.subject ?? '') && String(m.html).includes('Caixa de Entrada'),
      before + 1,
    );
  });

  it('a visitor can neither resend nor mark', async () => {
    expect(
      (
        await call(stack.url, `/api/solicitacoes/quotes/${quoteId}/reenviar-email`, {
          method: 'POST',
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await call(stack.url, `/api/collections/quotes/records/${quoteId}`, {
          method: 'PATCH',
          body: { handled: true },
        })
      ).status,
    ).toBe(404);
    expect((await call(stack.url, '/api/collections/mail_queue/records')).body.items ?? []).toEqual(
      [],
    );
  });
});
