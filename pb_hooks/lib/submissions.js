const domain = require(`${__hooks}/lib/generated/domain.cjs`);

const KIND = { quotes: 'quote', urgent_requests: 'urgent', pickup_requests: 'pickup' };
const FIRST_REQUEST_NUMBER = 1035;

/** The next pickup request number: 1035 first, then one more than the highest stored. */
function nextNumber(app) {
  const row = new DynamicModel({ max: 0 });
  app.db().newQuery('SELECT COALESCE(MAX(number), 0) AS max FROM pickup_requests').one(row);
  return Math.max(row.max + 1, FIRST_REQUEST_NUMBER);
}

/** What a sender learns back: enough to confirm delivery, nothing of anybody else's data. */
function receipt(record) {
  const out = { id: record.id, created: record.getString('created') };
  if (record.collection().name === 'pickup_requests') out.number = record.getInt('number');
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

function applyDefaults(kind, record) {
  const blank = (name) => record.getString(name).trim() === '';
  if (kind === 'quote' || kind === 'urgent') {
    for (const f of ['senderCity', 'recipientCity'])
      if (blank(f)) record.set(f, domain.NOT_INFORMED);
    if (blank('recipientReceiver'))
      record.set('recipientReceiver', record.getString('recipientName'));
  }
  if (kind === 'quote') {
    if (blank('itemDescription')) record.set('itemDescription', domain.NOT_INFORMED);
    if (blank('parcelType')) record.set('parcelType', 'encomenda');
    // The server prices the quote itself: a sender's own figures are never trusted.
    const quote = domain.quoteParcel({
      weightKg: record.getFloat('weight'),
      lengthCm: record.getFloat('length'),
      widthCm: record.getFloat('width'),
      heightCm: record.getFloat('height'),
      invoiceCents: domain.declaredValueCents(record.getString('invoiceValue')),
    });
    record.set('insuranceFee', domain.formatDecimal(quote.insuranceCents / 100));
    record.set(
      'price',
      quote.totalCents === null ? domain.CONSULTAR : domain.formatDecimal(quote.totalCents / 100),
    );
  }
  if (kind === 'pickup' && blank('saiLocalColeta')) record.set('saiLocalColeta', 'sim');
  // Mail state belongs to the server alone.
  record.set('mailStatus', 'pending');
  record.set('mailAttempts', 0);
  record.set('mailError', '');
  record.set('mailSentAt', '');
  record.set('mailNextAt', '');
}

function handleCreate(e) {
  const collectionName = e.collection.name;
  const kind = KIND[collectionName];
  const body = e.requestInfo().body || {};

  // A retry of something already stored: answer as the first time, store and mail nothing again.
  const existing = findExisting(e.app, collectionName, body.id);
  if (existing) return e.json(200, receipt(existing));

  const values = {};
  for (const key in body) values[key] = body[key];
  if (kind === 'quote' && !values.parcelType) values.parcelType = 'encomenda';
  if (kind === 'pickup' && !values.saiLocalColeta) values.saiLocalColeta = 'sim';
  const errors = domain.validateSubmission(domain.RULES[kind], values);
  if (Object.keys(errors).length > 0) {
    throw new BadRequestError('Confira os campos destacados.', fieldErrors(errors));
  }
  applyDefaults(kind, e.record);

  // PocketBase answers with the stored record (mail state fields are hidden from non-superusers).
  if (kind !== 'pickup') return e.next();

  // Request numbers: 1035 first, then +1, unique across devices even when created at once.
  e.app.runInTransaction((txApp) => {
    e.record.set('number', nextNumber(txApp));
    e.app = txApp;
    e.next();
  });
}

module.exports = { handleCreate, receipt, nextNumber };
