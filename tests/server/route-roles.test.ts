// Every custom route names the callers it admits. This walks each route registered in pb_hooks/
// with each kind of caller and checks that exactly the ones named get past the door (any answer
// but 401 and 403); a new route cannot arrive without a row here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotePayload } from '../support/payloads';
import { call, CLIENT, DRIVER, signIn, STAFF, startStack, type Stack } from '../support/stack';

type Caller = 'anyone' | 'client' | 'office' | 'driver';
const EVERYONE: Caller[] = ['anyone', 'client', 'office', 'driver'];

/** Who may call each route: the callers a person would expect, not read off the code. */
const ADMITS: Record<string, Caller[]> = {
  'GET /api/rastreio/{number}': EVERYONE,
  'POST /api/avisos': EVERYONE,
  'POST /api/avisos/confirmar': EVERYONE,
  'POST /api/avisos/cancelar/{token}': EVERYONE,
  'GET /api/avisos/cancelar/{token}': EVERYONE,
  // The receiver's private page: the token is the key, not an account.
  'GET /api/recebedor/{token}': EVERYONE,
  'POST /api/recebedor/{token}': EVERYONE,
  'POST /api/equipe/rastreios': ['office', 'driver'],
  'POST /api/equipe/rastreios/lote': ['office', 'driver'],
  'POST /api/equipe/rastreios/fotos': ['office', 'driver'],
  'GET /api/equipe/motoristas': ['office'],
  'POST /api/equipe/numeros': ['office'],
  'POST /api/solicitacoes/{collection}/{id}/reenviar-email': ['office'],
  'POST /api/solicitacoes/{collection}/{id}/dispensar-email': ['office'],
  'GET /api/pedidos-coleta/proximo-numero': ['client'],
  'POST /api/pedidos-coleta/lote': ['client'],
  // What a client company reads of its own shipments: its people only (the office reads the
  // shipment itself; drivers and the public never read a company's proof or prices).
  'GET /api/comprovantes/{number}': ['client'],
  'GET /api/comprovantes/{number}/foto': ['client'],
  'GET /api/comprovantes/{number}/assinatura': ['client'],
  'GET /api/extrato': ['client'],
  // Client companies: the office; their people also a company's administrator (the client here
  // is a company's shared password, which manages nobody).
  // A client company's address book: its people.
  'POST /api/cliente/enderecos': ['client'],
  'POST /api/cliente/enderecos/{id}/remover': ['client'],
  'POST /api/clientes': ['office'],
  'POST /api/clientes/{id}': ['office'],
  'POST /api/clientes/{id}/situacao': ['office'],
  'POST /api/clientes/{id}/pessoas': ['office'],
  'POST /api/clientes/pessoas/{id}/situacao': ['office'],
  'POST /api/clientes/pessoas/{id}/convite': ['office'],
  // A company's webhooks: the office, and the company's administrator (refused to the shared
  // password here, as to a person who is not an administrator).
  'GET /api/cliente/webhooks': ['office'],
  'POST /api/cliente/webhooks': ['office'],
  'DELETE /api/cliente/webhooks/{id}': ['office'],
  'POST /api/cliente/webhooks/{id}/teste': ['office'],
  'GET /api/cliente/webhooks/{id}/entregas': ['office'],
  'POST /api/cliente/webhooks/entregas/{id}/reenviar': ['office'],
  // The API for a company's own systems: an API key, never an account (tests/server/api.test.ts
  // walks it with keys); its document is anyone's. The keys themselves: only a company's
  // administrator (the client here is a company's shared password), not even the office.
  'GET /api/v1/openapi.json': EVERYONE,
  'POST /api/v1/cotacoes': [],
  'POST /api/v1/coletas': [],
  'GET /api/v1/coletas': [],
  'GET /api/v1/coletas/{id}': [],
  'GET /api/v1/remessas': [],
  'GET /api/v1/remessas/{number}': [],
  'GET /api/v1/remessas/{number}/etiqueta': [],
  'GET /api/cliente/chaves': [],
  'POST /api/cliente/chaves': [],
  'POST /api/cliente/chaves/{id}/revogar': [],
  // Only a superuser, for `npm run lgpd`: none of the four.
  'POST /api/lgpd/exportar': [],
  'POST /api/lgpd/apagar': [],
};

/** Every `routerAdd('METHOD', '/path', …)` in pb_hooks/. */
function registeredRoutes(): string[] {
  const dir = join(import.meta.dirname, '../../pb_hooks');
  const routes: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.pb.js'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const m of text.matchAll(/routerAdd\(\s*'([A-Z]+)',\s*'([^']+)'/g)) {
      routes.push(`${m[1]} ${m[2]}`);
    }
  }
  return routes.sort();
}

let stack: Stack;
const tokens: Record<Caller, string> = { anyone: '', client: '', office: '', driver: '' };
let quote = '';

beforeAll(async () => {
  stack = await startStack();
  tokens.client = await signIn(stack.url, 'clients', CLIENT);
  tokens.office = await signIn(stack.url, 'staff', STAFF);
  tokens.driver = await signIn(stack.url, 'staff', DRIVER);
  const made = await call(stack.url, '/api/collections/quotes/records', {
    method: 'POST',
    body: quotePayload(),
  });
  quote = made.body.id;
});
afterAll(() => stack?.stop());

describe('custom routes', () => {
  it('are each listed here with the callers they admit', () => {
    expect(registeredRoutes()).toEqual(Object.keys(ADMITS).sort());
  });

  it.each(Object.entries(ADMITS))('%s admits exactly %j', async (route, admitted) => {
    const [method, pattern] = route.split(' ') as [string, string];
    const path = pattern
      .replace('{number}', '123456789')
      .replace('{collection}', 'quotes')
      .replace('{id}', quote)
      .replace('{token}', 'x'.repeat(32));
    for (const caller of EVERYONE) {
      const res = await fetch(`${stack.url}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(tokens[caller] ? { Authorization: tokens[caller] } : {}),
        },
        // A stage change is what a driver may send; every other body is just empty.
        body:
          method === 'GET'
            ? undefined
            : JSON.stringify(path === '/api/equipe/rastreios' ? { op: 'stage' } : {}),
      }).then(async (r) => {
        const text = await r.text();
        // The cancellation link answers a page, not JSON.
        const body = r.headers.get('content-type')?.includes('json') ? JSON.parse(text) : { text };
        return { status: r.status, body };
      });
      const passed = res.status !== 401 && res.status !== 403;
      expect(passed, `${caller}: ${res.status} ${JSON.stringify(res.body)}`).toBe(
        admitted.includes(caller),
      );
      // Refusals are in Portuguese like every other answer.
      if (!passed) expect(res.body.message).toMatch(/[ãçéêíóú]|Entre|Sem permissão|Só /);
    }
  });
});
