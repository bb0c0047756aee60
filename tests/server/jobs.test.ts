// The scheduled jobs (the mail queue, 'Avise-me', retention, tombstones) work on the root app,
// whatever hook last ran in the pooled VM each one gets: a stage change saved in a transaction
// used to leave that finished transaction as the VM's `$app`, and every job landing there failed
// ("sql: transaction has already been committed or rolled back"): e-mails stopped going out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfFrom, quotePayload } from '../support/payloads';
import { call, signIn, STAFF, startStack, type Stack } from '../support/stack';

let stack: Stack;
let token = '';

beforeAll(async () => {
  stack = await startStack({}, { mailClock: false });
  token = await signIn(stack.url, 'staff', STAFF);
});
afterAll(() => stack?.stop());

/**
 * Wait until the server's log, written in batches a few seconds late, holds everything logged so
 * far: a request made now is in it.
 */
async function logCaughtUp() {
  const marker = `registro-${Date.now()}`;
  await fetch(`${stack.url}/api/${marker}`);
  await expect
    .poll(
      async () =>
        (await stack.admin(`/api/logs?filter=${encodeURIComponent(`data.url ~ "${marker}"`)}`))
          .totalItems,
      { timeout: 15_000 },
    )
    .toBe(1);
}

describe('the scheduled jobs', () => {
  it('keep working after a change saved in a transaction', { timeout: 120_000 }, async () => {
    // A quote whose e-mails the mail job renders and sends at the next minute, as in production
    // (the senders started by the scheduler, not through the API: a request passing through a VM
    // sets its app again, which would hide the fault).
    const sent = await call(stack.url, '/api/collections/quotes/records', {
      method: 'POST',
      body: quotePayload({ senderName: 'Depois da Etapa' }),
    });
    expect(sent.status).toBe(200);
    // A number registered from a phone: saved in a transaction, whose save hooks run in a pooled
    // VM of their own with the transaction's app.
    const record = `jobs${Date.now().toString(36)}`.padEnd(15, '0').slice(0, 15);
    const made = await call(stack.url, '/api/equipe/rastreios', {
      method: 'POST',
      token,
      body: {
        op: 'register',
        record,
        number: cpfFrom(Date.now()),
        at: new Date().toISOString(),
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);

    // The next minute's four senders run at once, in the first free VMs: one of them gets the
    // VM the save hooks left (on the old code this failed in every run tried; it cannot fail
    // spuriously, only miss the fault if the pool handed out VMs otherwise).
    await stack.sink.waitFor((m) => String(m.html).includes('Depois da Etapa'), 2, 90_000);
    await logCaughtUp();
    expect(await stack.serverErrors()).toBe('(nenhum)');
  });
});
