// A city written with a UF that contradicts its CEP is refused by the server with the words the
// form shows (the catalogue's cepProblems, the same rule the browser runs), so a request sent
// from an old page or by hand cannot carry it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotePayload, urgentPayload } from '../support/payloads';
import { call, startStack, type Stack } from '../support/stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ PB_RATE_LIMITS: 'off' });
});
afterAll(() => stack?.stop());

describe('a place that contradicts its CEP', () => {
  it('an urgent request whose recipient city names another UF is refused, naming the CEP’s', async () => {
    const res = await call(stack.url, '/api/collections/urgent_requests/records', {
      method: 'POST',
      // 80020-000 is Curitiba, PR.
      body: urgentPayload({ recipientCity: 'Curitiba - SP' }),
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data)).toEqual(['recipientCity']);
    expect(res.body.data.recipientCity.message).toBe('Este CEP é de PR: confira a UF.');
  });

  it('a quote whose sender city names another UF is refused too', async () => {
    const res = await call(stack.url, '/api/collections/quotes/records', {
      method: 'POST',
      body: quotePayload({ senderCity: 'São Paulo/RJ' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.data.senderCity.message).toBe('Este CEP é de SP: confira a UF.');
  });

  it('a city with the CEP’s own UF, or with none, is stored as typed', async () => {
    for (const recipientCity of ['Curitiba - PR', 'Curitiba']) {
      const res = await call(stack.url, '/api/collections/urgent_requests/records', {
        method: 'POST',
        body: urgentPayload({ recipientCity }),
      });
      expect(res.status).toBe(200);
      const stored = await stack.admin(`/api/collections/urgent_requests/records/${res.body.id}`);
      expect(stored.recipientCity).toBe(recipientCity);
    }
  });
});
