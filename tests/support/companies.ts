// Client companies and their people as the office makes them: a company with a real CNPJ, and a
// person invited by e-mail who sets a password from the link (a PocketBase password-reset token),
// as they would. Shared by the server tests (Vitest) and the browser tests (Playwright): it
// throws on its own instead of using either runner's expect.
import type { Browser } from '@playwright/test';
import { cnpjFrom } from './payloads';
import { call, signIn, STAFF, type Stack } from './stack';

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

/**
 * A new company (`name`) made by the office, and its administrator signed in on a phone of their
 * own: a 390 px context that may use the clipboard (the pages that show a secret once copy it).
 * The caller closes `phone`.
 */
export async function adminOnPhone(browser: Browser, stack: Stack, name: string) {
  const office = await signIn(stack.url, 'staff', STAFF);
  const company = await newCompany(stack, office, name);
  const admin = await invitedPerson(stack, company.id, true, office);
  const phone = await browser.newContext({
    baseURL: stack.url,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  try {
    const page = await phone.newPage();
    await page.goto('/acesso-conta');
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Senha').fill(admin.password);
    await page.getByRole('button', { name: 'Acessar Sistema' }).click();
    // Signed in: a client lands on the form (within the specs' expect timeout; a bare wait has none).
    await page.waitForURL(/\/formulario-solicitacao$/, { timeout: 10_000 });
    return { office, company, admin, phone, page };
  } catch (failure) {
    await phone.close();
    throw failure;
  }
}
