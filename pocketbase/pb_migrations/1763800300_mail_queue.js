/// <reference path="../../server/pocketbase.d.ts" />
// Mail leaves the request path: a create stores the request and its e-mails in one transaction, and
// a job sends them (server/mail/queue.ts). Each e-mail is rendered when the request is stored, so the
// queue needs nothing else to send it. Staff can read the queue; nobody writes it through the API.
//
// Request numbers never repeat: the last number given is kept in `counters`, so deleting the newest
// pickup request does not hand its number out again.

const STAFF = '@request.auth.collectionName = "staff"';

function setMailFieldsHidden(app, hidden) {
  for (const name of ['quotes', 'urgent_requests', 'pickup_requests']) {
    const collection = app.findCollectionByNameOrId(name);
    for (const field of ['mailStatus', 'mailAttempts', 'mailError', 'mailSentAt', 'mailNextAt']) {
      collection.fields.getByName(field).hidden = hidden;
    }
    app.save(collection);
  }
}

migrate(
  (app) => {
    app.save(
      new Collection({
        type: 'base',
        name: 'mail_queue',
        listRule: STAFF,
        viewRule: STAFF,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          // The request it belongs to (collection and id), and whom it is for.
          { name: 'source', type: 'text', required: true, max: 60 },
          { name: 'record', type: 'text', required: true, max: 15 },
          { name: 'purpose', type: 'select', values: ['company', 'confirmation'], maxSelect: 1 },
          { name: 'to', type: 'text', required: true, max: 254 },
          { name: 'replyTo', type: 'text', max: 254 },
          { name: 'subject', type: 'text', max: 300 },
          { name: 'html', type: 'text', max: 200000, hidden: true },
          {
            name: 'status',
            type: 'select',
            values: ['pending', 'sending', 'sent', 'failed'],
            maxSelect: 1,
          },
          { name: 'attempts', type: 'number', onlyInt: true, min: 0 },
          { name: 'nextAt', type: 'date' },
          { name: 'lastError', type: 'text', max: 2000 },
          { name: 'sentAt', type: 'date' },
          // The server process that is sending it: a send in flight is never taken over by the same
          // process (it may still finish); one left by a stopped process is.
          { name: 'claim', type: 'text', max: 40, hidden: true },
          { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
          { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE INDEX idx_mail_queue_due ON mail_queue (status, nextAt)',
          'CREATE INDEX idx_mail_queue_record ON mail_queue (record)',
        ],
      }),
    );

    app.save(
      new Collection({
        type: 'base',
        name: 'counters',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'name', type: 'text', required: true, max: 60 },
          { name: 'value', type: 'number', onlyInt: true, min: 0 },
        ],
        indexes: ['CREATE UNIQUE INDEX idx_counters_name ON counters (name)'],
      }),
    );

    // Staff see each request's e-mail state (the inbox); it was hidden from everyone but superusers.
    setMailFieldsHidden(app, false);
  },
  (app) => {
    setMailFieldsHidden(app, true);
    app.delete(app.findCollectionByNameOrId('counters'));
    app.delete(app.findCollectionByNameOrId('mail_queue'));
  },
);
