// Client companies and their people as the office makes them: a company with a real CNPJ, and a
// person invited by e-mail who sets a password from the link (a PocketBase password-reset token),
// as they would. Shared by the server tests (Vitest) and the browser tests (Playwright): it
// throws on its own instead of using either runner's expect.
import { cnpjFrom } from './payloads';
import { call, signIn, type Stack } from './stack';

function must(ok: unknown, what: string): void {
  if (!ok) throw new Error(what);
}

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
  must(made.status === 200, `new company: ${made.status} ${JSON.stringify(made.body)}`);
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
  must(invited.status === 200, `invitation: ${invited.status} ${JSON.stringify(invited.body)}`);
  const [mail] = await stack.sink.waitFor((m) => JSON.stringify(m.to).includes(email));
  const token = /\/convite#([^"'<\s]+)/.exec(String(mail!.html))?.[1] ?? '';
  must(token, 'no /convite# link in the invitation');
  const password = 'senha-da-paula-123';
  const set = await call(stack.url, '/api/collections/clients/confirm-password-reset', {
    method: 'POST',
    body: { token, password, passwordConfirm: password },
  });
  must(set.status === 204, `password: ${set.status} ${JSON.stringify(set.body)}`);
  const session = await signIn(stack.url, 'clients', { email, password });
  return { id: invited.body.id as string, email, password, session, mail: mail! };
}
