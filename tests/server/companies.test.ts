// Many client companies: the office adds them with a real CNPJ, invites their people by e-mail
// (the link sets a password), a company's administrator invites and disables its own people, and
// disabling a person or a whole company ends its sessions at once. Each company reads only its own
// pickups, and each pickup names who asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_COMPANY_ID, NOT_A_CNPJ, TAX_ID_TAKEN } from '../../src/domain/companies';
import { newCompany as newCompanyOf, invitedPerson as invitedPersonOf } from '../support/companies';
import { pickupPayload, recordIds } from '../support/payloads';
import { call, CLIENT, signIn, STAFF, startStack, type Stack } from '../support/stack';

let stack: Stack;
let office = '';
const newId = recordIds('co');

beforeAll(async () => {
  // Every invited person signs in from 127.0.0.1: more than the ten a minute one address gets.
  stack = await startStack({ AUTH_PER_MINUTE: '120' });
  office = await signIn(stack.url, 'staff', STAFF);
});
afterAll(() => stack?.stop());

const post = (path: string, body: unknown, token = office) =>
  call(stack.url, path, { method: 'POST', token, body });

/** A session renewed: refused once the session has ended. */
const refresh = (token: string) =>
  call(stack.url, '/api/collections/clients/auth-refresh', { method: 'POST', token });

const newCompany = (name?: string) => newCompanyOf(stack, office, name);
const invitedPerson = (companyId: string, admin: boolean, by = office) =>
  invitedPersonOf(stack, companyId, admin, by);

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

describe("a company's address book", () => {
  const place = {
    empresa: 'Laboratório Vida',
    contato: 'Carla Lima',
    telefone: '(62) 3222-1000',
    email: 'carla@vida.example',
    endereco: 'Av. Goiás, 500 - Centro',
    cidade: 'Goiânia',
    estado: 'GO',
  };

  it("is shared by the company's people, checked by the form's rules, and kept from other companies", async () => {
    const company = await newCompany('Clínica Norte Ltda');
    const admin = await invitedPerson(company.id, true);
    const colleague = await invitedPerson(company.id, false, admin.session);
    const id = newId();

    const wrong = await post(
      '/api/cliente/enderecos',
      { ...place, id, telefone: '123', estado: 'XX' },
      admin.session,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.telefone.message).toMatch(/^Telefone inválido/);
    expect(wrong.body.data.estado.message).toMatch(/^Escolha uma das opções/);

    const saved = await post('/api/cliente/enderecos', { ...place, id }, admin.session);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // Sent again (a phone that lost the answer): still one entry.
    await post('/api/cliente/enderecos', { ...place, id }, admin.session);
    const seen = await call(stack.url, '/api/collections/address_book/records', {
      token: colleague.session,
    });
    expect(seen.body.items.map((e: { empresa: string }) => e.empresa)).toEqual([place.empresa]);

    // The colleague edits it; the first company's people neither read nor overwrite it.
    const edited = await post(
      '/api/cliente/enderecos',
      { ...place, id, contato: 'Carla Lima Souza' },
      colleague.session,
    );
    expect(edited.body.contato).toBe('Carla Lima Souza');
    const shared = await signIn(stack.url, 'clients', CLIENT);
    const elsewhere = await call(stack.url, `/api/collections/address_book/records/${id}`, {
      token: shared,
    });
    expect(elsewhere.status).toBe(404);
    const overwrite = await post(
      '/api/cliente/enderecos',
      { ...place, id, empresa: 'Tomada' },
      shared,
    );
    expect(overwrite.status).toBe(404);
    await post(`/api/cliente/enderecos/${id}/remover`, {}, shared);
    expect((await stack.admin(`/api/collections/address_book/records/${id}`)).empresa).toBe(
      place.empresa,
    );

    await post(`/api/cliente/enderecos/${id}/remover`, {}, admin.session);
    const after = await call(stack.url, '/api/collections/address_book/records', {
      token: admin.session,
    });
    expect(after.body.items).toEqual([]);
  });
});
