// Many client companies: the office adds them with a real CNPJ, invites their people by e-mail
// (the link sets a password), a company's administrator invites and disables its own people, and
// disabling a person or a whole company ends its sessions at once. Each company reads only its own
// pickups, and each pickup names who asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_COMPANY_ID, NOT_A_CNPJ, TAX_ID_TAKEN } from '../../src/domain/companies';
import { cnpjFrom, pickupPayload, recordIds } from '../support/payloads';
import { call, CLIENT, signIn, STAFF, startStack, type Stack } from '../support/stack';

let stack: Stack;
let office = '';
const newId = recordIds('co');

beforeAll(async () => {
  stack = await startStack();
  office = await signIn(stack.url, 'staff', STAFF);
});
afterAll(() => stack?.stop());

const post = (path: string, body: unknown, token = office) =>
  call(stack.url, path, { method: 'POST', token, body });

/** A session renewed: refused once the session has ended. */
const refresh = (token: string) =>
  call(stack.url, '/api/collections/clients/auth-refresh', { method: 'POST', token });

let serial = 0;
async function newCompany(name = 'Loja Exemplo Ltda') {
  serial += 1;
  const taxId = cnpjFrom(`${String(Date.now()).slice(-6)}${String(serial).padStart(2, '0')}`);
  const made = await post('/api/clientes', {
    name,
    taxId,
    stateRegistration: '123.456.789',
    street: 'Rua das Flores, 100 - Centro',
    town: 'Goiânia - go',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body as { id: string; taxId: string; town: string };
}

/** Invite a person and set their password through the e-mailed link, as they would. */
async function invitedPerson(companyId: string, admin: boolean, by = office) {
  const email = `pessoa${Date.now()}${serial++}@empresa.example`;
  const invited = await post(
    `/api/clientes/${companyId}/pessoas`,
    { name: 'Paula Pessoa', email, admin },
    by,
  );
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  const [mail] = await stack.sink.waitFor((m) => JSON.stringify(m.to).includes(email));
  const token = /\/convite#([^"'<\s]+)/.exec(String(mail!.html))?.[1] ?? '';
  expect(token).not.toBe('');
  const password = 'senha-da-paula-123';
  const set = await post(
    '/api/collections/clients/confirm-password-reset',
    { token, password, passwordConfirm: password },
    '',
  );
  expect(set.status, JSON.stringify(set.body)).toBe(204);
  const session = await signIn(stack.url, 'clients', { email, password });
  return { id: invited.body.id as string, email, password, session, mail: mail! };
}

describe("the office's client companies", () => {
  it('are made with a real CNPJ, once per CNPJ, and say what is wrong in Portuguese', async () => {
    const wrong = await post('/api/clientes', {
      name: 'X',
      taxId: '11.222.333/0001-00',
      street: 'Rua 1',
      town: 'Goiânia - GO',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.taxId.message).toMatch(/^CNPJ inválido/);

    const cpf = await post('/api/clientes', {
      name: 'X',
      taxId: '111.444.777-35',
      street: 'Rua 1',
      town: 'Goiânia - GO',
    });
    expect(cpf.body.data.taxId.message).toContain(NOT_A_CNPJ);

    const noTown = await post('/api/clientes', {
      name: 'X',
      taxId: '11.222.333/0001-81',
      street: 'Rua 1',
      town: 'Goiânia',
    });
    expect(noTown.body.data.town.message).toMatch(/cidade e a UF/);

    const company = await newCompany();
    expect(company.taxId).toMatch(/^\d\d\.\d{3}\.\d{3}\/\d{4}-\d\d$/);
    expect(company.town).toBe('Goiânia - GO');
    const again = await post('/api/clientes', {
      name: 'Outra',
      taxId: company.taxId.replace(/\D/g, ''),
      street: 'Rua 2',
      town: 'Anápolis - GO',
    });
    expect(again.status).toBe(400);
    expect(again.body.data.taxId.message).toContain(TAX_ID_TAKEN);
  });

  it("the configuration's client is the first company, and its shared password belongs to it", async () => {
    const client = await signIn(stack.url, 'clients', CLIENT);
    const own = await call(stack.url, '/api/collections/companies/records', { token: client });
    expect(own.body.items.map((c: { id: string }) => c.id)).toEqual([FIRST_COMPANY_ID]);
    const all = await call(stack.url, '/api/collections/companies/records', { token: office });
    expect(all.body.totalItems).toBeGreaterThanOrEqual(1);
  });
});

describe("a company's people", () => {
  it('set their password from the invitation, ask for pickups in their own name, and see only their company', async () => {
    const company = await newCompany('Papelaria Aurora Ltda');
    const admin = await invitedPerson(company.id, true);
    expect(String(admin.mail.subject)).toContain('Papelaria Aurora Ltda');

    const id = newId();
    const made = await post(
      '/api/collections/pickup_requests/records',
      pickupPayload({ id }),
      admin.session,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const stored = await stack.admin(`/api/collections/pickup_requests/records/${id}`);
    expect(stored.company).toBe(company.id);
    expect(stored.requestedBy).toBe('Paula Pessoa');

    // Its colleague reads it; the first company's shared password does not.
    const colleague = await invitedPerson(company.id, false, admin.session);
    const theirs = await call(stack.url, '/api/collections/pickup_requests/records', {
      token: colleague.session,
    });
    expect(theirs.body.items.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(theirs.body.items[0].requestedBy).toBe('Paula Pessoa');
    const shared = await signIn(stack.url, 'clients', CLIENT);
    const others = await call(stack.url, `/api/collections/pickup_requests/records/${id}`, {
      token: shared,
    });
    expect(others.status).toBe(404);

    // The company's e-mail about the pickup names this company's fixed site.
    const [toCompany] = await stack.sink.waitFor(
      (m) =>
        String(m.html).includes(String(made.body.number)) &&
        String(m.html).includes('Rua das Flores'),
    );
    expect(String(toCompany!.html)).toContain('Papelaria Aurora Ltda');
  });

  it("only an administrator of that company invites and disables; a disabled person's session ends", async () => {
    const company = await newCompany('Farmácia Boa Saúde Ltda');
    const other = await newCompany('Outra Empresa Ltda');
    const admin = await invitedPerson(company.id, true);
    const person = await invitedPerson(company.id, false, admin.session);

    const byPerson = await post(
      `/api/clientes/${company.id}/pessoas`,
      { name: 'Zé', email: 'ze@empresa.example', admin: false },
      person.session,
    );
    expect(byPerson.status).toBe(403);
    const elsewhere = await post(
      `/api/clientes/${other.id}/pessoas`,
      { name: 'Zé', email: 'ze2@empresa.example', admin: false },
      admin.session,
    );
    expect(elsewhere.status).toBe(403);
    const taken = await post(
      `/api/clientes/${company.id}/pessoas`,
      { name: 'Paula de novo', email: person.email.toUpperCase(), admin: false },
      admin.session,
    );
    expect(taken.status).toBe(400);
    expect(taken.body.data.email.message).toMatch(/já tem um acesso/);

    const self = await post(
      `/api/clientes/pessoas/${admin.id}/situacao`,
      { disabled: true },
      admin.session,
    );
    expect(self.status).toBe(400);

    const off = await post(
      `/api/clientes/pessoas/${person.id}/situacao`,
      { disabled: true },
      admin.session,
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await refresh(person.session)).status).toBe(401);
    const again = await fetch(`${stack.url}/api/collections/clients/auth-with-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identity: person.email, password: person.password }),
    });
    expect(again.status).toBe(403);
    expect(((await again.json()) as { message: string }).message).toMatch(/desativado/);
  });

  it("disabling the company ends every one of its people's sessions, and enabling lets them in again", async () => {
    const company = await newCompany('Distribuidora Sol Ltda');
    const admin = await invitedPerson(company.id, true);
    const off = await post(`/api/clientes/${company.id}/situacao`, { disabled: true });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.disabled).toBe(true);
    expect((await refresh(admin.session)).status).toBe(401);
    const signIn403 = await fetch(`${stack.url}/api/collections/clients/auth-with-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identity: admin.email, password: admin.password }),
    });
    expect(signIn403.status).toBe(403);

    await post(`/api/clientes/${company.id}/situacao`, { disabled: false });
    const back = await signIn(stack.url, 'clients', admin);
    const mine = await call(stack.url, '/api/collections/pickup_requests/records', { token: back });
    expect(mine.status).toBe(200);
  });
});
