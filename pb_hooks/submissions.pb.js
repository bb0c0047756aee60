/// <reference path="../server/pocketbase.d.ts" />
/// <reference path="../server/hooks.d.ts" />

// Quotes, urgent requests and pickup requests (server/requests/submissions.ts): checked with the shared
// domain rules, stored once per client-made id (mailStatus 'pending') and numbered (pickups); the
// mail jobs render their e-mails into the queue and send them, off the request path. Each handler
// asks the server whether the collection is a kind of request (top-level code cannot require).

onRecordCreateRequest((e) => require(`${__hooks}/lib/generated/server.cjs`).handleCreate(e));

onRecordUpdateRequest((e) => require(`${__hooks}/lib/generated/server.cjs`).handleUpdate(e));

/**
 * The mail queue, every minute (the finest schedule cron has): new e-mails, and failed ones when
 * their time has come — a doubling delay up to an hour, then hourly, never given up.
 * MAIL_QUEUE_SCHEDULE changes the schedule (tests that count attempts drive the queue themselves).
 * The first sender also renders new requests' e-mails and the followers' ('Avise-me'); three more
 * on the same schedule send a burst four at a time (the claims keep them from sending one twice).
 */
const schedule = $os.getenv('MAIL_QUEUE_SCHEDULE') || '* * * * *';
cronAdd('mail-queue', schedule, () =>
  require(`${__hooks}/lib/generated/server.cjs`).sendMail('mail-queue', true),
);
cronAdd('mail-queue-2', schedule, () =>
  require(`${__hooks}/lib/generated/server.cjs`).sendMail('mail-queue-2', false),
);
cronAdd('mail-queue-3', schedule, () =>
  require(`${__hooks}/lib/generated/server.cjs`).sendMail('mail-queue-3', false),
);
cronAdd('mail-queue-4', schedule, () =>
  require(`${__hooks}/lib/generated/server.cjs`).sendMail('mail-queue-4', false),
);

/** Corporate client. The number the next pickup request will get, for the form to show (the client's session only). */
routerAdd(
  'GET',
  '/api/pedidos-coleta/proximo-numero',
  (e) => require(`${__hooks}/lib/generated/server.cjs`).answerNextPickupNumber(e),
  $apis.requireAuth('clients'),
);

/** Corporate client. Several pickup requests in one request, in order (a spreadsheet's rows). */
routerAdd(
  'POST',
  '/api/pedidos-coleta/lote',
  (e) => require(`${__hooks}/lib/generated/server.cjs`).createPickupBatch(e),
  $apis.requireAuth('clients'),
);

// A corporate client reads exactly the fields listed for it of its own pickup requests, and
// filters and sorts by no other (server/clients/view.ts).
onRecordEnrich(
  (e) => require(`${__hooks}/lib/generated/server.cjs`).clientView(e),
  'pickup_requests',
);
onRecordsListRequest(
  (e) => require(`${__hooks}/lib/generated/server.cjs`).checkClientList(e),
  'pickup_requests',
);
onRealtimeSubscribeRequest((e) =>
  require(`${__hooks}/lib/generated/server.cjs`).checkClientSubscriptions(e),
);
