/// <reference path="../server/pocketbase.d.ts" />
/// <reference path="../server/hooks.d.ts" />

// Tracking records (server/tracking/): the public lookup, the staff's one write path, and the
// stamps every save gets.

/**
 * Anyone. Public lookup: the stages of one exact number, and nothing else about the record. An answered
 * lookup leaves no row in the request log (refusals still do): a row with the visitor's IP for
 * each, often a CPF's, and under steady traffic the growing log made the slowest lookups slower by
 * the minute (p99 at 500 req/s 15 -> 21 -> 25 ms over three runs; 10-12 ms without).
 */
routerAdd(
  'GET',
  '/api/rastreio/{number}',
  (e) => require(`${__hooks}/lib/generated/server.cjs`).answerLookup(e),
  $apis.skipSuccessActivityLog(),
);

/** Office and drivers. One change made on a staff phone or the office screen, sent from its outbox. */
routerAdd(
  'POST',
  '/api/equipe/rastreios',
  (e) => require(`${__hooks}/lib/generated/server.cjs`).applyChange(e),
  $apis.requireAuth('staff'),
);

/** Office and drivers. Several changes of one phone, in order, one answer each (a weak signal: few round trips). */
routerAdd(
  'POST',
  '/api/equipe/rastreios/lote',
  (e) => require(`${__hooks}/lib/generated/server.cjs`).applyBatch(e),
  $apis.requireAuth('staff'),
);

/** Office and drivers. A delivery's or a failed attempt's photo, sent after its change (never holding it up). */
routerAdd(
  'POST',
  '/api/equipe/rastreios/fotos',
  (e) => require(`${__hooks}/lib/generated/server.cjs`).applyPhoto(e),
  $apis.requireAuth('staff'),
);

// Every save: stage times stamped, followers counted and told, a deletion remembered.
onRecordCreate(
  (e) => require(`${__hooks}/lib/generated/server.cjs`).trackingCreated(e),
  'tracking',
);
onRecordUpdate(
  (e) => require(`${__hooks}/lib/generated/server.cjs`).trackingUpdated(e),
  'tracking',
);
onRecordDelete(
  (e) => require(`${__hooks}/lib/generated/server.cjs`).trackingDeleted(e),
  'tracking',
);

// The collection's REST writes are closed to every account (staff change records through the route
// above); these two keep a superuser's edits in the admin dashboard honest too: digits only and
// unique on create, and who marked each stage.
onRecordCreateRequest(
  (e) => require(`${__hooks}/lib/generated/server.cjs`).checkDashboardCreate(e),
  'tracking',
);
onRecordUpdateRequest(
  (e) => require(`${__hooks}/lib/generated/server.cjs`).trackingUpdateRequested(e),
  'tracking',
);
// A superuser's edit or delete in the dashboard goes into the shipment's history too (the create
// does, in checkDashboardCreate), in the same transaction.
onRecordUpdateRequest(
  (e) => require(`${__hooks}/lib/generated/server.cjs`).historyOfDashboardEdit(e),
  'tracking',
);
onRecordDeleteRequest(
  (e) => require(`${__hooks}/lib/generated/server.cjs`).historyOfDashboardDelete(e),
  'tracking',
);

/** Tombstones older than 90 days go (a phone away that long downloads the whole list again). */
cronAdd('tracking-tombstones', '15 4 * * *', () =>
  require(`${__hooks}/lib/generated/server.cjs`).dropTombstones(),
);

/** Office. The active drivers the office can assign a shipment to. */
routerAdd(
  'GET',
  '/api/equipe/motoristas',
  (e) => require(`${__hooks}/lib/generated/server.cjs`).answerDrivers(e),
  $apis.requireAuth('staff'),
);

/** Office. The shipment numbers this office account keeps reserved (topped up to a block of 50). */
routerAdd(
  'POST',
  '/api/equipe/numeros',
  (e) => require(`${__hooks}/lib/generated/server.cjs`).answerReservedNumbers(e),
  $apis.requireAuth('staff'),
);
