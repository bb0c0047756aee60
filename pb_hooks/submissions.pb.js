/// <reference path="../pocketbase/pb_data/types.d.ts" />

// Quotes, urgent requests and pickup requests (the kinds of src/domain/submissions.ts): checked
// with the shared domain rules, stored once per client-made id (mailStatus 'pending') and numbered
// (pickups); the mail job renders their e-mails into the queue and sends them, off the request path. Top-level code
// cannot read the catalogue (require works only in handlers), so each handler asks it whether the
// collection is a submission kind.

onRecordCreateRequest((e) => require(`${__hooks}/lib/submissions.js`).handleCreate(e));

onRecordUpdateRequest((e) => require(`${__hooks}/lib/submissions.js`).handleUpdate(e));

/**
 * The mail queue, every minute (the finest schedule cron has): new e-mails, and failed ones when
 * their time has come — a doubling delay up to an hour, then hourly, never given up.
 * MAIL_QUEUE_SCHEDULE changes the schedule (tests that count attempts drive the queue themselves).
 */
cronAdd('mail-queue', $os.getenv('MAIL_QUEUE_SCHEDULE') || '* * * * *', () => {
  // Followers' e-mails whose batch window has passed ('Avise-me') join the queue first; a fault
  // there never holds up the requests' e-mails.
  try {
    require(`${__hooks}/lib/follows.js`).enqueueDue($app);
  } catch (err) {
    $app.logger().error('Avisos de rastreio não preparados', 'error', String(err));
  }
  require(`${__hooks}/lib/mail.js`).drain($app, true);
});

// Three more senders on the same schedule: each send opens its own SMTP connection, so a burst of
// requests goes out four at a time. The claims keep them from ever sending one e-mail twice.
cronAdd('mail-queue-2', $os.getenv('MAIL_QUEUE_SCHEDULE') || '* * * * *', () => {
  require(`${__hooks}/lib/mail.js`).drain($app);
});
cronAdd('mail-queue-3', $os.getenv('MAIL_QUEUE_SCHEDULE') || '* * * * *', () => {
  require(`${__hooks}/lib/mail.js`).drain($app);
});
cronAdd('mail-queue-4', $os.getenv('MAIL_QUEUE_SCHEDULE') || '* * * * *', () => {
  require(`${__hooks}/lib/mail.js`).drain($app);
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
