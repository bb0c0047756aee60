/// <reference path="../pocketbase/pb_data/types.d.ts" />

// Quotes, urgent requests and pickup requests (the kinds of src/domain/submissions.ts): checked
// with the shared domain rules, stored once per client-made id, numbered (pickups), and mailed to
// the company after they are saved. Top-level code cannot read the catalogue (require works only in
// handlers), so each handler asks it whether the collection is a submission kind.

onRecordCreateRequest((e) => require(`${__hooks}/lib/submissions.js`).handleCreate(e));

onRecordAfterCreateSuccess((e) => {
  e.next();
  const mail = require(`${__hooks}/lib/mail.js`);
  if (mail.isSubmission(e.record)) mail.deliver(e.app, e.record);
});

/** Failed mail is retried with a doubling delay, up to a bound; then it stays visible as failed. */
cronAdd('mail-retry', '* * * * *', () => {
  require(`${__hooks}/lib/mail.js`).retryFailed($app);
});

/** The number the next pickup request will get, for the form to show (the client's session only). */
routerAdd(
  'GET',
  '/api/pedidos-coleta/proximo-numero',
  (e) => {
    const { SUBMISSION_KINDS } = require(`${__hooks}/lib/generated/domain.cjs`);
    const { nextNumber } = require(`${__hooks}/lib/submissions.js`);
    e.response.header().set('Cache-Control', 'no-store');
    return e.json(200, { next: nextNumber(e.app, SUBMISSION_KINDS.pickup) });
  },
  $apis.requireAuth('clients'),
);
