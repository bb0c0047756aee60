/// <reference path="../pocketbase/pb_data/types.d.ts" />

// Quotes, urgent requests and pickup requests: checked with the shared domain rules, stored once
// per client-made id, numbered (pickups), and mailed to the company after they are saved.

onRecordCreateRequest(
  (e) => require(`${__hooks}/lib/submissions.js`).handleCreate(e),
  'quotes',
  'urgent_requests',
  'pickup_requests',
);

onRecordAfterCreateSuccess(
  (e) => {
    e.next();
    require(`${__hooks}/lib/mail.js`).deliver(e.app, e.record);
  },
  'quotes',
  'urgent_requests',
  'pickup_requests',
);

/** Failed mail is retried with a doubling delay, up to a bound; then it stays visible as failed. */
cronAdd('mail-retry', '* * * * *', () => {
  require(`${__hooks}/lib/mail.js`).retryFailed($app);
});

/** The number the next pickup request will get, for the form to show (the client's session only). */
routerAdd(
  'GET',
  '/api/pedidos-coleta/proximo-numero',
  (e) => {
    e.response.header().set('Cache-Control', 'no-store');
    return e.json(200, { next: require(`${__hooks}/lib/submissions.js`).nextNumber(e.app) });
  },
  $apis.requireAuth('clients'),
);
