// A client company's address book: saved, edited and removed by its people through these routes
// (the collection's own writes are closed), read through the collection's rules. Each entry is
// checked by the pickup form's rules (src/domain/address-book.ts) and belongs to the caller's
// company. The id is made on the device, so an entry saved with no signal and sent later is
// stored once however often it is sent.
import { fieldErrors } from '../core/errors';
import { admit } from '../http/roles';
import { ADDRESS_FIELDS, addressOf, checkAddressEntry } from '../../src/domain/address-book';
import { requesterName } from '../../src/domain/companies';

const BOOK = 'address_book';
const ID = /^[a-z0-9]{15}$/;

/** The caller's company's entry, or null when there is none with that id (another's is none). */
function findOwn(app: core.App, id: string, company: string): core.Record | null {
  try {
    const record = app.findRecordById(BOOK, id);
    return record.getString('company') === company ? record : null;
  } catch {
    return null;
  }
}

/** `POST /api/cliente/enderecos` (client): `{ id, ...fields }`, made or changed. */
export function saveAddressEntry(e: core.RequestEvent): void {
  const auth = admit(e, ['client']);
  const company = auth.getString('company');
  const body = (e.requestInfo().body || {}) as { [name: string]: unknown };
  const id = String(body.id ?? '');
  if (!ID.test(id)) throw fieldErrors({ id: 'Identificador inválido.' });
  const values = addressOf(body);
  const errors = checkAddressEntry(values);
  if (Object.keys(errors).length) throw fieldErrors(errors, 'Confira os campos destacados.');
  let record = findOwn(e.app, id, company);
  if (!record) {
    // An id another company's entry has: refused as that company's, never overwritten.
    try {
      e.app.findRecordById(BOOK, id);
      throw new NotFoundError('Endereço não encontrado.');
    } catch (err) {
      if (err instanceof NotFoundError) throw err;
    }
    record = new Record(e.app.findCollectionByNameOrId(BOOK));
    record.set('id', id);
    record.set('company', company);
  }
  for (const name of ADDRESS_FIELDS) record.set(name, values[name]);
  record.set('savedBy', requesterName(auth.getString('kind'), auth.getString('name')));
  e.app.save(record);
  const answer: { [name: string]: string } = { id, updated: record.getString('updated') };
  for (const name of ADDRESS_FIELDS) answer[name] = record.getString(name);
  e.json(200, answer);
}

/** `POST /api/cliente/enderecos/{id}/remover` (client): gone; already gone is no error. */
export function removeAddressEntry(e: core.RequestEvent): void {
  const auth = admit(e, ['client']);
  const record = findOwn(e.app, e.request!.pathValue('id'), auth.getString('company'));
  if (record) e.app.delete(record);
  e.json(200, { removed: true });
}
