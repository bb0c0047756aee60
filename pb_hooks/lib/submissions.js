// Quotes, urgent requests and pickup requests, all read from the domain's catalogue of kinds.
const domain = require(`${__hooks}/lib/generated/domain.cjs`);

/** The next request number of a numbered kind: its first number, then one more than the highest stored. */
function nextNumber(app, def) {
  const row = new DynamicModel({ max: 0 });
  app
    .db()
    .newQuery('SELECT COALESCE(MAX(number), 0) AS max FROM ' + def.collection)
    .one(row);
  return Math.max(row.max + 1, def.firstNumber);
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

/** A stored record as the catalogue reads it: its stored fields, numbers as numbers. */
function plain(record, def) {
  const out = { id: record.id, created: record.getString('created') };
  for (const field of domain.storedFields(def)) {
    out[field.name] =
      field.type === 'number' ? record.getFloat(field.name) : record.getString(field.name);
  }
  return out;
}

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
  for (const name in prepared.record) e.record.set(name, prepared.record[name]);
  // Mail state belongs to the server alone.
  e.record.set('mailStatus', 'pending');
  e.record.set('mailAttempts', 0);
  e.record.set('mailError', '');
  e.record.set('mailSentAt', '');
  e.record.set('mailNextAt', '');

  // PocketBase answers with the stored record (mail state fields are hidden from non-superusers).
  if (def.firstNumber === undefined) return e.next();

  // Request numbers: the first one, then +1, unique across devices even when created at once.
  e.app.runInTransaction((txApp) => {
    e.record.set('number', nextNumber(txApp, def));
    e.app = txApp;
    e.next();
  });
}

module.exports = { handleCreate, receipt, nextNumber, plain };
