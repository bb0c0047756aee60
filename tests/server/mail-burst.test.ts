// The company's inbox as a target: a flood of quotes within the limits cost the company one
// e-mail each. Past MAIL_BURST_LIMIT requests in ten minutes, the rest come as one summary e-mail,
// and the staff inbox still has every request. The forms' limit also counts per day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotePayload } from '../support/payloads';
import { call, COMPANY_MAILBOX, signIn, STAFF, startStack, type Stack } from '../support/stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ MAIL_BURST_LIMIT: '10', TRUSTED_PROXY_HEADERS: 'X-Forwarded-For' });
});
afterAll(() => stack?.stop());

const quoteFrom = (ip: string, name: string) =>
  call(stack.url, '/api/collections/quotes/records', {
    method: 'POST',
    headers: { 'X-Forwarded-For': ip },
    body: quotePayload({
      senderName: name,
      senderEmail: `${name.replace(/\W/g, '').toLowerCase()}@x.example`,
    }),
  });

describe('a burst of requests', () => {
  it('fifty quotes in a minute reach the company as ten e-mails and one summary', async () => {
    const names = Array.from({ length: 50 }, (_, i) => `Robô Número ${i + 1}`);
    for (const [i, name] of names.entries()) {
      const res = await quoteFrom(`198.51.100.${i % 5}`, name);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const toCompany = (m: { to?: unknown }) => JSON.stringify(m.to ?? '').includes(COMPANY_MAILBOX);
    const [summary] = await stack.sink.waitFor(
      (m) => toCompany(m) && /^Resumo: /.test(m.subject ?? ''),
      1,
      90_000,
    );
    // A moment for anything else still on its way to the company.
    await new Promise((r) => setTimeout(r, 2000));
    const companyMails = stack.sink.messages.filter(toCompany);
    expect(companyMails).toHaveLength(11);
    expect(summary!.subject).toBe('Resumo: 40 solicitações recebidas em sequência');
    // Every quote is in exactly one of them: its own e-mail or the summary.
    const summaryText = String(summary!.html);
    const own = companyMails.filter((m) => m !== summary).map((m) => String(m.html));
    for (const name of names) {
      const inOwn = own.filter((html) => html.includes(`>${name}<`)).length;
      const inSummary = summaryText.includes(`${name}:`) ? 1 : 0;
      expect(inOwn + inSummary, name).toBe(1);
    }
    // The staff inbox lists all fifty, and once the summary went, none waits for its e-mail.
    const office = await signIn(stack.url, 'staff', STAFF);
    const list = await call(stack.url, '/api/collections/quotes/records?perPage=100', {
      token: office,
    });
    expect(list.body.totalItems).toBe(50);
    await expect
      .poll(
        async () =>
          (
            await call(
              stack.url,
              `/api/collections/quotes/records?perPage=1&filter=${encodeURIComponent("mailStatus != 'sent'")}`,
              { token: office },
            )
          ).body.totalItems,
        { timeout: 10_000 },
      )
      .toBe(0);
    expect((await call(stack.url, '/api/health')).status).toBe(200);
  }, 150_000);

  it('one address may send a hundred requests of a kind a day, not more', async () => {
    const ip = '203.0.113.77';
    let refused = 0;
    for (let i = 0; i < 101; i++) {
      // Paced under the ten-second limit, which is not the one being tested.
      if (i > 0 && i % 25 === 0) await new Promise((r) => setTimeout(r, 10_500));
      const res = await quoteFrom(ip, `Pessoa ${i}`);
      if (res.status === 429) {
        refused++;
        expect(res.body.message).toMatch(/Muitas tentativas/);
      } else expect(res.status).toBe(200);
    }
    expect(refused).toBe(1);
    // Another address is not held back by it.
    expect((await quoteFrom('203.0.113.78', 'Outra Pessoa')).status).toBe(200);
  }, 120_000);
});
