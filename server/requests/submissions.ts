// Quotes, urgent requests and pickup requests, all read from the domain's catalogue of kinds.
import { admit } from '../http/roles';
import { fieldErrors } from '../core/errors';
import {
  PROTOCOL_DIGITS,
  SUBMISSION_KINDS,
  isNumbered,
  isRequestId,
  kindOfCollection,
  prepareSubmission,
  type SubmissionKindDef,
} from '../../src/domain/submissions';
import { stored } from '../core/config';
import { requesterName } from '../../src/domain/companies';
import { API_MESSAGES } from '../../src/domain/api';

/** A row of one number read into a DynamicModel. */
type NumberRow = { max: number; value: number };

function highest(app: core.App, def: SubmissionKindDef): number {
  const row = new DynamicModel({ max: 0 }) as unknown as NumberRow;
  app
    .db()
    .newQuery('SELECT COALESCE(MAX(number), 0) AS max FROM ' + def.collection)
    .one(row);
  const counter = new DynamicModel({ value: 0 }) as unknown as NumberRow;
  try {
    app
      .db()
      .newQuery('SELECT value FROM counters WHERE name = {:name}')
      .bind({ name: def.collection })
      .one(counter);
  } catch {
    // no number given yet
  }
  return Math.max(row.max, counter.value);
}

/**
 * The number the next request of a numbered kind will get: its first number, then one more than
 * the highest ever given (kept in `counters`, so a deleted request's number is never given again).
 */
export function nextNumber(app: core.App, def: SubmissionKindDef): number {
  return Math.max(highest(app, def) + 1, def.firstNumber ?? 1);
}

/** Take the next number, inside the transaction that stores the request. */
function takeNumber(txApp: core.App, def: SubmissionKindDef): number {
  const number = nextNumber(txApp, def);
  txApp
    .db()
    .newQuery(
      'INSERT INTO counters (id, name, value) VALUES ({:id}, {:name}, {:value}) ' +
        'ON CONFLICT(name) DO UPDATE SET value = excluded.value',
    )
    .bind({
      id: $security.randomStringWithAlphabet(15, 'abcdefghijklmnopqrstuvwxyz0123456789'),
      name: def.collection,
      value: number,
    })
    .execute();
  return number;
}

/** A protocol number drawn at random, with no zero in front. */
function drawnDigits(): number {
  for (;;) {
    const digits = $security.randomStringWithAlphabet(PROTOCOL_DIGITS, '0123456789');
    if (digits[0] !== '0') return Number(digits);
  }
}

/**
 * A protocol number no request of the kind has: drawn at random (a number says nothing about any
 * other), drawn again on a clash.
 */
function drawProtocol(app: core.App, def: SubmissionKindDef): number {
  for (;;) {
    const number = drawnDigits();
    const taken = new DynamicModel({ n: 0 });
    app
      .db()
      // 'number > 0' is the unique index's own condition: without it SQLite scans the table.
      .newQuery(
        `SELECT COUNT(*) AS n FROM ${def.collection} WHERE number = {:number} AND number > 0`,
      )
      .bind({ number })
      .one(taken);
    if (taken.n === 0) return number;
  }
}

/** What a sender learns back: enough to confirm delivery, nothing of anybody else's data. */
export interface Receipt {
  id: string;
  created: string;
  number?: number;
}

function receipt(record: core.Record, def: SubmissionKindDef): Receipt {
  const out: Receipt = {
    id: record.id,
    created: record.getString('created'),
  };
  if (isNumbered(def)) out.number = record.getInt('number');
  return out;
}

function findExisting(app: core.App, collectionName: string, id: unknown): core.Record | null {
  if (typeof id !== 'string') return null;
  if (!id) return null;
  try {
    return app.findRecordById(collectionName, id);
  } catch {
    return null;
  }
}

/** Fields PocketBase itself keeps on every record. */
const SYSTEM_FIELDS = ['id', 'created', 'updated'];

/** Per collection: its field names but the system's, and the version they were read from. */
const fieldLists = new Map<string, { version: string; names: string[] }>();

/**
 * A collection's fields but the system's, read from PocketBase once per version of the collection
 * in each hook VM: reading the names one by one from PocketBase took a tenth of a create's time.
 */
function ownFields(collection: core.Collection): string[] {
  const version = collection.updated.string();
  const known = fieldLists.get(collection.id);
  if (known && known.version === version) return known.names;
  const names: string[] = [];
  const all = collection.fields.fieldNames();
  for (let i = 0; i < all.length; i++) {
    if (SYSTEM_FIELDS.indexOf(all[i]!) === -1) names.push(String(all[i]));
  }
  fieldLists.set(collection.id, { version, names });
  return names;
}

/**
 * What PocketBase's own SkipSuccessActivityLog middleware sets: a request that succeeds leaves no
 * row in the request log (a refused one still does). For the records API's create: the creates
 * answered by the middleware never reach the request log.
 */
const SKIP_SUCCESS_LOG = '__skipSuccessActivityLogger';

/** A kind of request and its collection. */
export interface CreatedKind {
  def: SubmissionKindDef;
  collection: core.Collection;
}

/**
 * The kind whose REST create address this is (`/api/collections/{name or id}/records`), if any:
 * PocketBase finds a collection by its name in any case or by its id, and so does this.
 */
export function kindCreatedAt(app: core.App, path: string): CreatedKind | undefined {
  const parts = path.split('/');
  if (parts.length !== 5 || parts[1] !== 'api' || parts[2] !== 'collections') return undefined;
  if (parts[4] !== 'records' || !parts[3]) return undefined;
  let collection: core.Collection;
  try {
    collection = app.findCachedCollectionByNameOrId(parts[3]);
  } catch {
    return undefined; // no such collection: the records API answers 404
  }
  const def = kindOfCollection(collection.name);
  return def ? { def, collection } : undefined;
}

/**
 * A request posted to its collection's REST address, answered by the middleware itself
 * (server/http/site.ts) instead of PocketBase's records API: the records API would first copy the
 * whole body onto a record and run its create machinery for the domain to replace every field,
 * and it runs its hook in a second JS machine while the middleware holds the first. Under a burst
 * every machine in use stays in memory, and each garbage collection marks them all.
 */
export function createSubmission(e: core.RequestEvent, { def, collection }: CreatedKind): void {
  e.json(200, store(e, collection, def, new Record(collection)).receipt);
}

/**
 * The records API's create (the admin dashboard, the batch API, a collection named by its id): for
 * a kind of request, the same checks and save as `createSubmission`.
 */
export function handleCreate(e: core.RecordRequestEvent): void {
  const collection = e.collection!;
  const def = kindOfCollection(collection.name);
  if (!def) return e.next();
  e.json(200, store(e, collection, def, e.record!).receipt);
}

/**
 * Who asks for a pickup when no account does: a company's own system, by its API key (server/api/),
 * which the caller has already admitted. Its pickups are the company's, named by the key.
 */
export interface Requester {
  company: string;
  requestedBy: string;
}

/**
 * A pickup request from a company's system (`POST /api/v1/coletas`): the form's checks, number,
 * storage and e-mails, and its retries by id, exactly as the form's. `created` is false for a
 * retry (the first one's receipt). An id another company's request has is refused, not answered.
 */
export function createPickup(
  e: core.RequestEvent,
  by: Requester,
): { receipt: Receipt; created: boolean } {
  const collection = e.app.findCachedCollectionByNameOrId(SUBMISSION_KINDS.pickup.collection);
  return store(e, collection, SUBMISSION_KINDS.pickup, new Record(collection), by);
}

/**
 * One of several pickup requests a signed-in client sent together (server/requests/pickup-batch.ts),
 * `fields` as one create would carry them: the same checks, number, rule and storage.
 */
export function storePickup(e: core.RequestEvent, fields: { [field: string]: unknown }): Receipt {
  const collection = e.app.findCachedCollectionByNameOrId(SUBMISSION_KINDS.pickup.collection);
  return store(e, collection, SUBMISSION_KINDS.pickup, new Record(collection), undefined, fields)
    .receipt;
}

/**
 * Check, price and store one request; its receipt (a retry gets the first one's). `by`: a sender
 * the caller admitted itself (an API key), in place of the session's account and the create rule.
 */
function store(
  e: core.RequestEvent,
  collection: core.Collection,
  def: SubmissionKindDef,
  record: core.Record,
  by?: Requester,
  body: { [field: string]: unknown } = e.requestInfo().body || {},
): { receipt: Receipt; created: boolean } {
  // A stored request is its own trace; the log would keep each requester's IP address for a week
  // (personal data we do not need), and writing it took a third of a create's time under load.
  e.set(SKIP_SUCCESS_LOG, true);

  // A retry of something already stored is answered as the first time, with nothing stored or
  // mailed again. It is not looked for first: almost every create is new, and the save itself
  // refuses an id that exists (its primary key), so the lookup (a query, and an exception in the
  // hook when nothing is found) is paid only by a retry, after the save or the checks refuse it.
  const asRetry = (): { receipt: Receipt; created: boolean } | undefined => {
    const existing = findExisting(e.app, def.collection, body.id);
    if (!existing) return undefined;
    if (by && existing.getString('company') !== by.company) {
      throw fieldErrors({ id: API_MESSAGES.idTaken }, API_MESSAGES.idTaken);
    }
    return { receipt: receipt(existing, def), created: false };
  };

  // Defaults, checks, numbers read and the quote priced: once, by the domain. A sender's own
  // figures for derived fields are never taken.
  const prepared = prepareSubmission(def, body);
  if (!prepared.ok) {
    // The first send passed the checks that refuse this one (rules that changed since, say).
    const retry = asRetry();
    if (retry) return retry;
    throw fieldErrors(prepared.errors, 'Confira os campos destacados.');
  }
  // Only what the domain prepared is kept: whatever the sender may not write (who handled it, when
  // it was anonymized, the e-mail's state, a price, a number) stays empty, also on a record the
  // records API filled from the body. The id is the sender's own, so that a retry finds it.
  // Stored with mailStatus 'pending': the mail job renders and sends its e-mails from there, so
  // the create does nothing more than check, price and store (mail is off the request path).
  // One load of every field instead of a call per field: each call from the hooks into PocketBase
  // costs, and these were a fifth of a create's time in the hook.
  const values: Record<string, unknown> = {};
  const names = ownFields(collection);
  for (let i = 0; i < names.length; i++) values[names[i]!] = null;
  for (const name in prepared.record) values[name] = prepared.record[name];
  values.mailStatus = 'pending';
  values.mailAttempts = 0;
  record.load(values);
  if (body.id !== undefined && body.id !== null && body.id !== '') {
    if (!isRequestId(body.id)) throw fieldErrors({ id: 'Identificador inválido.' });
    record.set('id', body.id);
  }
  // 'Minhas solicitações': the client account reads the requests its company made, and who asked.
  if (by) {
    record.set('company', by.company);
    record.set('requestedBy', by.requestedBy);
  } else if (e.auth && e.auth.collection().name === 'clients') {
    record.set('client', e.auth.id);
    record.set('company', e.auth.getString('company'));
    record.set('requestedBy', requesterName(e.auth.getString('kind'), e.auth.getString('name')));
  }

  // A rule read here is a Go string pointer: null when closed, String() its text otherwise.
  const rule = collection.createRule;
  const open = e.hasSuperuserAuth() || by !== undefined || (rule !== null && String(rule) === '');
  // A drawn number is tried as drawn: the number's unique index refuses one that is taken, and
  // only then is one drawn that no request has (a query per draw, which most creates skip).
  if (def.drawnNumber) record.set('number', drawnDigits());
  // Saved without PocketBase's own validation: every field was set above from what the domain
  // checked and prepared (its rules match the collection's fields: tests/server/catalogue.test.ts),
  // the id was checked, and the unique indexes (the id, the number) are SQLite's to refuse. The
  // validation would check it all again, with a query per unique index: a tenth of a create.
  const save = (txApp: core.App) => {
    for (let tries = 1; ; tries++) {
      try {
        txApp.saveNoValidate(record);
        return;
      } catch (err) {
        const text = String(err);
        if (/unique/i.test(text) && /\bid\b/.test(text)) throw new Error(ALREADY_STORED);
        // The number was taken, or two requests drew the same free one at once: draw again.
        if (def.drawnNumber && tries < 5 && /number/.test(text) && /unique/i.test(text)) {
          record.set('number', drawProtocol(txApp, def));
          continue;
        }
        throw new BadRequestError('Failed to create record.', err);
      }
    }
  };
  // A request of an open kind with no number is one row: one save, no transaction around it (a
  // third of the save's time under load).
  try {
    storeOnce(e, record, def, rule === null ? null : String(rule), open, save);
  } catch (err) {
    // Thrown inside a transaction it comes back through PocketBase as another error: its text tells.
    if (String(err).indexOf(ALREADY_STORED) === -1) throw err;
    const retry = asRetry();
    if (retry) return retry;
    throw new BadRequestError('Failed to create record.');
  }
  // The sender learns what a retry would: the id, when it was stored and its number, never the
  // stored record with its e-mail state.
  return { receipt: receipt(record, def), created: true };
}

/** What a save refused for its id reports: a request with that id is stored already. */
const ALREADY_STORED = 'A request with this id is stored already.';

/** The request's row, and its number where the kind counts them, stored in one go. */
function storeOnce(
  e: core.RequestEvent,
  record: core.Record,
  def: SubmissionKindDef,
  rule: string | null,
  open: boolean,
  save: (txApp: core.App) => void,
): void {
  if (open && def.firstNumber === undefined) save(e.app);
  else {
    // One transaction: the request and its number (first one, then +1, unique across devices
    // even when created at once) are stored together or not at all, and only if the collection's
    // create rule lets this sender in (checked on the stored row, as PocketBase's own create does).
    e.app.runInTransaction((txApp) => {
      if (def.firstNumber !== undefined) record.set('number', takeNumber(txApp, def));
      save(txApp);
      if (open) return;
      if (rule === null || !txApp.canAccessRecord(record, e.requestInfo(), rule)) {
        throw new ForbiddenError('Sem permissão para enviar esta solicitação.');
      }
    });
  }
}

/** A request marked handled by a staff account, unless someone marked it before. */
export function markHandled(record: core.Record, account: string, name: string): void {
  if (record.getString('handledAt')) return;
  record.set('handledAt', stored());
  record.set('handledBy', account);
  record.set('handledByName', name);
}

/**
 * Staff read requests and mark them handled; nobody changes what a customer sent (superusers in the
 * admin dashboard excepted). The only thing a staff update may carry is `handled: true | false`.
 */
export function handleUpdate(e: core.RecordRequestEvent): void {
  const def = kindOfCollection(e.collection!.name);
  const record = e.record!;
  if (!def || e.hasSuperuserAuth()) return e.next();
  const body = e.requestInfo().body || {};
  const other = Object.keys(body).filter((k) => k !== 'handled');
  if (other.length > 0 || typeof body.handled !== 'boolean') {
    throw new BadRequestError(
      'O que o cliente enviou não pode ser alterado: a equipe só marca a solicitação como atendida.',
    );
  }
  const auth = e.auth!;
  if (body.handled) markHandled(record, auth.id, auth.getString('name') || auth.email());
  else {
    record.set('handledAt', '');
    record.set('handledBy', '');
    record.set('handledByName', '');
  }
  return e.next();
}

/** GET /api/pedidos-coleta/proximo-numero: the number the next pickup request will get. */
export function answerNextPickupNumber(e: core.RequestEvent): void {
  admit(e, ['client']);
  e.response.header().set('Cache-Control', 'no-store');
  e.json(200, { next: nextNumber(e.app, SUBMISSION_KINDS.pickup) });
}
