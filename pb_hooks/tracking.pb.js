/// <reference path="../pocketbase/pb_data/types.d.ts" />

/**
 * Public lookup: the stages of one exact number, and nothing else about the record. An answered
 * lookup leaves no row in the request log (refusals still do): a row with the visitor's IP for
 * each, often a CPF's, and under steady traffic the growing log made the slowest lookups slower by
 * the minute (p99 at 500 req/s 15 -> 21 -> 25 ms over three runs; 10-12 ms without).
 */
routerAdd(
  'GET',
  '/api/rastreio/{number}',
  (e) => {
    const number = e.request.pathValue('number');
    if (!/^[0-9]{1,32}$/.test(number)) {
      throw new BadRequestError('Use apenas números no número de rastreio.');
    }
    const view = require(`${__hooks}/lib/tracking.js`).lookUp(e.app, number);
    if (!view) throw new NotFoundError('Número de rastreio não encontrado');
    e.response.header().set('Cache-Control', 'no-store');
    return e.json(200, view);
  },
  $apis.skipSuccessActivityLog(),
);

/** One change made on a staff phone, sent from its outbox (see src/domain/tracking-changes.ts). */
routerAdd(
  'POST',
  '/api/equipe/rastreios',
  (e) => require(`${__hooks}/lib/tracking.js`).applyChange(e),
  $apis.requireAuth('staff'),
);

// Stages are a sorted set; each set stage keeps the time it was reached, cleared when unset.
// A new stage also tells the number's followers ('Avise-me'), in the same transaction.
onRecordCreate((e) => {
  require(`${__hooks}/lib/tracking.js`).stampStages(e.record);
  const follows = require(`${__hooks}/lib/follows.js`);
  e.record.set('followers', follows.followersOf(e.app, e.record.getString('number')));
  return e.next();
}, 'tracking');

onRecordUpdate((e) => {
  require(`${__hooks}/lib/tracking.js`).stampStages(e.record);
  require(`${__hooks}/lib/follows.js`).stagesChanged(e.app, e.record);
  return e.next();
}, 'tracking');

// The collection's REST writes are closed to every account (staff change records through the route
// above); these two keep a superuser's edits in the admin dashboard honest too.

/** Digits only, with the message the management screen shows; the unique index catches races. */
onRecordCreateRequest((e) => {
  const { checkField, TRACKING_NUMBER_RULE } = require(`${__hooks}/lib/generated/domain.cjs`);
  const message = checkField(TRACKING_NUMBER_RULE, e.record.getString('number'), {});
  if (message) {
    throw new BadRequestError('Dados inválidos.', {
      number: new ValidationError('invalid_number', message),
    });
  }
  try {
    e.app.findFirstRecordByData('tracking', 'number', e.record.getString('number'));
  } catch (_) {
    require(`${__hooks}/lib/tracking.js`).stampAuthors(e, true);
    return e.next();
  }
  throw new BadRequestError('Dados inválidos.', {
    number: new ValidationError('validation_not_unique', 'Este número já foi registrado'),
  });
}, 'tracking');

/** Who marked each stage (the staff screen shows it). */
onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/tracking.js`).stampAuthors(e, false);
  return e.next();
}, 'tracking');

/** A deletion leaves a tombstone (in the same transaction), for phones that were offline. */
onRecordDelete((e) => {
  e.next();
  const row = new Record(e.app.findCollectionByNameOrId('tracking_deletions'));
  row.set('record', e.record.id);
  row.set('number', e.record.getString('number'));
  e.app.save(row);
  require(`${__hooks}/lib/follows.js`).recordDeleted(e.app, e.record.getString('number'));
}, 'tracking');

/** Tombstones older than 90 days go (a phone away that long downloads the whole list again). */
cronAdd('tracking-tombstones', '15 4 * * *', () => {
  const cutoff = new Date(Date.now() - 90 * 24 * 60 * 60 * 1000).toISOString().replace('T', ' ');
  $app
    .db()
    .newQuery('DELETE FROM tracking_deletions WHERE created < {:cutoff}')
    .bind({ cutoff })
    .execute();
});
