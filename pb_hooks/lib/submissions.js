// Quotes, urgent requests and pickup requests, all read from the domain's catalogue of kinds.
const domain = require(`${__hooks}/lib/generated/domain.cjs`);

function highest(app, def) {
  const row = new DynamicModel({ max: 0 });
  app
    .db()
    .newQuery('SELECT COALESCE(MAX(number), 0) AS max FROM ' + def.collection)
    .one(row);
  const counter = new DynamicModel({ value: 0 });
  try {
    app
      .db()
      .newQuery('SELECT value FROM counters WHERE name = {:name}')
      .bind({ name: def.collection })
      .one(counter);
  } catch (_) {
    // no number given yet
  }
  return Math.max(row.max, counter.value);
}

/**
 * The number the next request of a numbered kind will get: its first number, then one more than
 * the highest ever given (kept in `counters`, so a deleted request's number is never given again).
 */
function nextNumber(app, def) {
  return Math.max(highest(app, def) + 1, def.firstNumber);
}

/** Take the next number, inside the transaction that stores the request. */
function takeNumber(txApp, def) {
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

/** What a sender learns back: enough to confirm delivery, nothing of anybody else's data. */
function receipt(record, def) {
  const out = { id: record.id, created: record.getString('created') };
  if (def.firstNumber !== undefined) out.number = record.getInt('number');
  return out;
}

function findExisting(app, collectionName, id) {
  if (!id) return null;
  try {
    return app.findRecordById(collectionName, id);
  } catch (_) {
    return null;
  }
}

function fieldErrors(errors) {
  const data = {};
  for (const name in errors) data[name] = new ValidationError('invalid_' + name, errors[name]);
  return data;
}

/** Fields PocketBase itself keeps on every record. */
const SYSTEM_FIELDS = ['id', 'created', 'updated'];

function handleCreate(e) {
  const def = domain.kindOfCollection(e.collection.name);
  if (!def) return e.next();
  const body = e.requestInfo().body || {};

  // A retry of something already stored: answer as the first time, store and mail nothing again.
  const existing = findExisting(e.app, def.collection, body.id);
  if (existing) return e.json(200, receipt(existing, def));

  // Defaults, checks, numbers read and the quote priced: once, by the domain. A sender's own
  // figures for derived fields are never taken.
  const prepared = domain.prepareSubmission(def, body);
  if (!prepared.ok) {
    throw new BadRequestError('Confira os campos destacados.', fieldErrors(prepared.errors));
  }
  // PocketBase has already copied every field of the body onto the record: whatever the sender
  // may not write (who handled it, when it was anonymized, the e-mail's state, a price, a number)
  // goes back to empty, and only what the domain prepared is kept.
  const names = e.collection.fields.fieldNames();
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    if (SYSTEM_FIELDS.indexOf(name) === -1 && !(name in prepared.record)) e.record.set(name, null);
  }
  for (const name in prepared.record) e.record.set(name, prepared.record[name]);
  // Stored with mailStatus 'pending': the mail job renders and sends its e-mails from there, so
  // the create does nothing more than check, price and store (mail is off the request path).
  e.record.set('mailStatus', 'pending');
  e.record.set('mailAttempts', 0);

  // One transaction: the request and its number (first one, then +1, unique across devices even
  // when created at once) are stored together or not at all, and only if the collection's create
  // rule lets this sender in (checked on the stored row, as PocketBase's own create does).
  e.app.runInTransaction((txApp) => {
    if (def.firstNumber !== undefined) e.record.set('number', takeNumber(txApp, def));
    try {
      txApp.save(e.record);
    } catch (err) {
      throw new BadRequestError('Failed to create record.', err);
    }
    // A rule read here is a Go string pointer: null when closed, String() its text otherwise.
    const rule = e.collection.createRule;
    if (e.hasSuperuserAuth() || (rule !== null && String(rule) === '')) return;
    if (rule === null || !txApp.canAccessRecord(e.record, e.requestInfo(), String(rule))) {
      throw new ForbiddenError('Sem permissão para enviar esta solicitação.');
    }
  });
  // The sender learns what a retry would: the id, when it was stored and its number, never the
  // stored record with its e-mail state.
  return e.json(200, receipt(e.record, def));
}

/**
 * Staff read requests and mark them handled; nobody changes what a customer sent (superusers in the
 * admin dashboard excepted). The only thing a staff update may carry is `handled: true | false`.
 */
function handleUpdate(e) {
  const def = domain.kindOfCollection(e.collection.name);
  if (!def || e.hasSuperuserAuth()) return e.next();
  const body = e.requestInfo().body || {};
  const other = Object.keys(body).filter((k) => k !== 'handled');
  if (other.length > 0 || typeof body.handled !== 'boolean') {
    throw new BadRequestError(
      'O que o cliente enviou não pode ser alterado: a equipe só marca a solicitação como atendida.',
    );
  }
  if (body.handled && !e.record.getString('handledAt')) {
    e.record.set('handledAt', new Date().toISOString().replace('T', ' '));
    e.record.set('handledBy', e.auth.id);
    e.record.set('handledByName', e.auth.getString('name') || e.auth.email());
  } else if (!body.handled) {
    e.record.set('handledAt', '');
    e.record.set('handledBy', '');
    e.record.set('handledByName', '');
  }
  return e.next();
}

module.exports = { handleCreate, handleUpdate, receipt, nextNumber };
