// Client companies and their people. The office adds, edits and disables companies ('Clientes');
// the office, or a company's administrator, invites a person by e-mail and disables one. A
// disabled account, or any account of a disabled company, loses its sessions and live connections
// at once (a new token key; accountSaved closes the connections) and every rule refuses it.
// The rules and texts are the domain's (src/domain/companies.ts).
import { company as brand, siteUrl } from '../core/config';
import { fieldErrors } from '../core/errors';
import { admit } from '../http/roles';
import { queue, toHtml } from '../mail/queue';
import {
  EMAIL_TAKEN,
  INVITE_RULES,
  TAX_ID_TAKEN,
  checkCompany,
  inviteLink,
  inviteMail,
  storedCompany,
  type CompanyFields,
} from '../../src/domain/companies';
import { validateSubmission } from '../../src/domain/fields';
import { isMailAddress } from '../../src/domain/text';

const COMPANIES = 'companies';
const CLIENTS = 'clients';
const COMPANY_FIELDS: (keyof CompanyFields)[] = [
  'name',
  'taxId',
  'stateRegistration',
  'street',
  'town',
];

const NOT_ADMIN = 'Só um administrador da empresa convida e desativa pessoas.';

type Body = { [name: string]: unknown };
const bodyOf = (e: core.RequestEvent) => (e.requestInfo().body || {}) as Body;

function findCompany(app: core.App, id: string): core.Record {
  try {
    return app.findRecordById(COMPANIES, id);
  } catch {
    throw new NotFoundError('Cliente não encontrado.');
  }
}

function viewOf(record: core.Record) {
  const out: { [name: string]: unknown } = { id: record.id };
  for (const name of COMPANY_FIELDS) out[name] = record.getString(name);
  out.disabled = record.getBool('disabled');
  return out;
}

/** The company's fields checked and set on the record; a CNPJ another company has is refused. */
function fill(app: core.App, record: core.Record, body: Body): void {
  const values: Body = {};
  for (const name of COMPANY_FIELDS) values[name] = body[name] ?? '';
  const errors = checkCompany(values);
  if (Object.keys(errors).length) throw fieldErrors(errors, 'Confira os campos destacados.');
  const clean = storedCompany(values);
  const same = arrayOf(new DynamicModel({ id: '' }));
  app
    .db()
    .newQuery('SELECT id FROM companies WHERE taxId = {:taxId} AND id != {:id} LIMIT 1')
    .bind({ taxId: clean.taxId, id: record.id })
    .all(same);
  if (same.length) throw fieldErrors({ taxId: TAX_ID_TAKEN }, TAX_ID_TAKEN + '.');
  for (const name of COMPANY_FIELDS) record.set(name, clean[name]);
}

/** `POST /api/clientes` (office): 'Novo cliente'. */
export function createCompany(e: core.RequestEvent): void {
  admit(e, ['office']);
  const record = new Record(e.app.findCollectionByNameOrId(COMPANIES));
  fill(e.app, record, bodyOf(e));
  e.app.save(record);
  e.json(200, viewOf(record));
}

/** `POST /api/clientes/{id}` (office): a company's fields edited. */
export function editCompany(e: core.RequestEvent): void {
  admit(e, ['office']);
  const record = findCompany(e.app, e.request!.pathValue('id'));
  fill(e.app, record, bodyOf(e));
  e.app.save(record);
  e.json(200, viewOf(record));
}

/** Every session of the account ends (a new token key): its live connections close on save. */
function endSessions(account: core.Record): void {
  account.refreshTokenKey();
}

/** `POST /api/clientes/{id}/situacao` (office): `{ disabled }`: the company off, or on again. */
export function setCompanyDisabled(e: core.RequestEvent): void {
  admit(e, ['office']);
  const disabled = bodyOf(e).disabled;
  if (typeof disabled !== 'boolean') throw fieldErrors({ disabled: 'Informe true ou false.' });
  const id = e.request!.pathValue('id');
  e.app.runInTransaction((txApp) => {
    const record = findCompany(txApp, id);
    if (record.getBool('disabled') === disabled) return;
    record.set('disabled', disabled);
    record.set('disabledAt', disabled ? new Date().toISOString() : '');
    txApp.save(record);
    if (!disabled) return;
    const people = txApp.findRecordsByFilter(CLIENTS, 'company = {:id}', '', 0, 0, { id });
    for (const person of people) {
      endSessions(person!);
      txApp.save(person!);
    }
  });
  e.json(200, viewOf(findCompany(e.app, id)));
}

/** The office, or an administrator of this company; any other account is refused. */
function mayManagePeople(auth: core.Record, companyId: string): void {
  if (auth.collection().name !== CLIENTS) return;
  if (auth.getString('kind') !== 'administrador' || auth.getString('company') !== companyId) {
    throw new ForbiddenError(NOT_ADMIN);
  }
}

/** The office, or some company's administrator (which company is checked once the record is found). */
function admitPeopleManager(e: core.RequestEvent): core.Record {
  const auth = admit(e, ['office', 'client']);
  if (auth.collection().name === CLIENTS && auth.getString('kind') !== 'administrador') {
    throw new ForbiddenError(NOT_ADMIN);
  }
  return auth;
}

function admitForCompany(e: core.RequestEvent, companyId: string): core.Record {
  const auth = admit(e, ['office', 'client']);
  mayManagePeople(auth, companyId);
  return auth;
}

/** Queue the invitation, with a fresh link (a password-reset token), in the caller's transaction. */
function sendInvite(txApp: core.App, person: core.Record, companyName: string, by: string): void {
  const link = inviteLink(siteUrl(txApp), person.newPasswordResetToken());
  const content = inviteMail(
    {
      name: person.getString('name'),
      companyName,
      invitedBy: by,
      admin: person.getString('kind') === 'administrador',
    },
    link,
    brand,
  );
  queue(txApp, {
    source: CLIENTS,
    record: person.id,
    purpose: 'client-invite',
    to: person.getString('email'),
    replyTo: content.replyTo,
    subject: content.subject,
    html: toHtml(content),
  });
}

function personView(record: core.Record) {
  return {
    id: record.id,
    name: record.getString('name'),
    email: record.getString('email'),
    kind: record.getString('kind'),
    disabled: record.getBool('disabled'),
  };
}

/**
 * `POST /api/clientes/{id}/pessoas` (office, or the company's administrator): `{ name, email,
 * admin }`. The account is made with a password nobody knows; the e-mailed link sets the person's.
 */
export function invitePerson(e: core.RequestEvent): void {
  const companyId = e.request!.pathValue('id');
  const auth = admitForCompany(e, companyId);
  const body = bodyOf(e);
  const values = { name: String(body.name ?? '').trim(), email: String(body.email ?? '').trim() };
  const errors = validateSubmission(INVITE_RULES, values);
  if (!errors.email && !isMailAddress(values.email)) errors.email = 'Email inválido';
  if (Object.keys(errors).length) throw fieldErrors(errors, 'Confira os campos destacados.');
  const email = values.email.toLowerCase();
  let person: core.Record | undefined;
  e.app.runInTransaction((txApp) => {
    const company = findCompany(txApp, companyId);
    if (company.getBool('disabled')) throw new BadRequestError('Este cliente está desativado.');
    try {
      txApp.findAuthRecordByEmail(CLIENTS, email);
      throw fieldErrors({ email: EMAIL_TAKEN }, EMAIL_TAKEN);
    } catch (err) {
      if (err instanceof BadRequestError) throw err;
    }
    person = new Record(txApp.findCollectionByNameOrId(CLIENTS));
    person.set('email', email);
    person.set('name', values.name);
    person.set('company', companyId);
    person.set('kind', body.admin === true ? 'administrador' : 'pessoa');
    person.set('verified', false);
    // Its company's administrator and the office read the address (the rules choose who that is).
    person.set('emailVisibility', true);
    person.setRandomPassword();
    txApp.save(person);
    sendInvite(txApp, person, company.getString('name'), auth.getString('name') || brand.shortName);
  });
  e.json(200, personView(person!));
}

function findPerson(app: core.App, id: string): core.Record {
  try {
    return app.findRecordById(CLIENTS, id);
  } catch {
    throw new NotFoundError('Pessoa não encontrada.');
  }
}

/** `POST /api/clientes/pessoas/{id}/situacao` (office, or its company's administrator): `{ disabled }`. */
export function setPersonDisabled(e: core.RequestEvent): void {
  const auth = admitPeopleManager(e);
  const person = findPerson(e.app, e.request!.pathValue('id'));
  mayManagePeople(auth, person.getString('company'));
  const disabled = bodyOf(e).disabled;
  if (typeof disabled !== 'boolean') throw fieldErrors({ disabled: 'Informe true ou false.' });
  if (disabled && auth.id === person.id) {
    throw new BadRequestError('Você não pode desativar o seu próprio acesso.');
  }
  if (person.getBool('disabled') !== disabled) {
    person.set('disabled', disabled);
    if (disabled) endSessions(person);
    e.app.save(person);
  }
  e.json(200, personView(person));
}

/** `POST /api/clientes/pessoas/{id}/convite` (office, or its administrator): the link sent again. */
export function resendInvite(e: core.RequestEvent): void {
  const auth = admitPeopleManager(e);
  const person = findPerson(e.app, e.request!.pathValue('id'));
  mayManagePeople(auth, person.getString('company'));
  if (person.getBool('disabled')) throw new BadRequestError('Esta pessoa está desativada.');
  if (person.getString('kind') === 'compartilhada') {
    throw new BadRequestError('A senha compartilhada não recebe convite.');
  }
  e.app.runInTransaction((txApp) => {
    const company = findCompany(txApp, person.getString('company'));
    sendInvite(txApp, person, company.getString('name'), auth.getString('name') || brand.shortName);
  });
  e.json(200, personView(person));
}

/**
 * The accounts of a disabled company, and disabled accounts, cannot sign in (staff accounts are
 * refused by refuseDisabledSignIn).
 */
export function refuseDisabledClient(e: core.RecordAuthRequestEvent): void {
  const record = e.record;
  if (record && record.collection().name === CLIENTS) {
    if (record.getBool('disabled')) {
      throw new ForbiddenError(
        'Este acesso foi desativado. Fale com o administrador da sua empresa.',
      );
    }
    const companyId = record.getString('company');
    if (companyId && findCompany(e.app, companyId).getBool('disabled')) {
      throw new ForbiddenError(
        `O acesso desta empresa está desativado. Fale com a ${brand.shortName}.`,
      );
    }
  }
  e.next();
}

/** The company of a client account (its fixed site, for a pickup's e-mail and shipment). */
export function companyOf(app: core.App, id: string): CompanyFields | undefined {
  if (!id) return undefined;
  try {
    const record = app.findRecordById(COMPANIES, id);
    const out = {} as CompanyFields;
    for (const name of COMPANY_FIELDS) out[name] = record.getString(name);
    return out;
  } catch {
    return undefined;
  }
}
