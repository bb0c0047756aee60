// Client companies and their people as the office makes them: a company with a real CNPJ, and a
// person invited by e-mail who sets a password from the link (a PocketBase password-reset token),
// as they would. Shared by the server tests of companies and of the API.
import { expect } from 'vitest';
import { cnpjFrom } from './payloads';
import { call, signIn, type Stack } from './stack';

let serial = 0;

/** 'Novo cliente' by the office (`office`: its session). */
export async function newCompany(stack: Stack, office: string, name = 'Loja Exemplo Ltda') {
  serial += 1;
  const taxId = cnpjFrom(`${String(Date.now()).slice(-6)}${String(serial).padStart(2, '0')}`);
  const made = await call(stack.url, '/api/clientes', {
    method: 'POST',
    token: office,
    body: {
      name,
      taxId,
      stateRegistration: '123.456.789',
      street: 'Rua das Flores, 100 - Centro',
      town: 'Goiânia - go',
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body as { id: string; taxId: string; town: string };
}

/**
 * A person invited to a company by `by` (the office, or the company's administrator), who sets a
 * password through the e-mailed link and signs in.
 */
export async function invitedPerson(stack: Stack, companyId: string, admin: boolean, by: string) {
  const email = `pessoa${Date.now()}${serial++}@empresa.example`;
  const invited = await call(stack.url, `/api/clientes/${companyId}/pessoas`, {
    method: 'POST',
    token: by,
    body: { name: 'Paula Pessoa', email, admin },
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  const [mail] = await stack.sink.waitFor((m) => JSON.stringify(m.to).includes(email));
  const token = /\/convite#([^"'<\s]+)/.exec(String(mail!.html))?.[1] ?? '';
  expect(token).not.toBe('');
  const password = 'senha-da-paula-123';
  const set = await call(stack.url, '/api/collections/clients/confirm-password-reset', {
    method: 'POST',
    body: { token, password, passwordConfirm: password },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(204);
  const session = await signIn(stack.url, 'clients', { email, password });
  return { id: invited.body.id as string, email, password, session, mail: mail! };
}
