/// <reference path="../../server/pocketbase.d.ts" />
/* global SelectField -- a PocketBase JSVM class, like the others eslint.config.js lists */
// A mail server's permanent refusal (5xx) ends an e-mail's retries ('refused'), and staff can give
// up one that keeps failing ('dismissed'): neither is tried again nor holds /api/health. Each
// request shows its confirmation's trouble too (`confirmationStatus`), and `mail_budget` counts
// the confirmations each mailbox got in the last 24 hours (a hash of the mailbox, never the address).

const REQUESTS = ['quotes', 'urgent_requests', 'pickup_requests'];
const QUEUE_STATES = ['pending', 'sending', 'sent', 'failed'];
const REQUEST_STATES = ['pending', 'sent', 'failed'];
const GIVEN_UP = ['refused', 'dismissed'];

migrate(
  (app) => {
    const queue = app.findCollectionByNameOrId('mail_queue');
    queue.fields.getByName('status').values = QUEUE_STATES.concat(GIVEN_UP);
    app.save(queue);

    for (const name of REQUESTS) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.getByName('mailStatus').values = REQUEST_STATES.concat(GIVEN_UP);
      // Empty while there is nothing to tell: most confirmations cost no write to the request.
      collection.fields.add(
        new SelectField({
          name: 'confirmationStatus',
          values: ['sent', 'failed', 'refused', 'dismissed', 'skipped'],
          maxSelect: 1,
        }),
      );
      app.save(collection);
    }

    app.save(
      new Collection({
        type: 'base',
        name: 'mail_budget',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'key', type: 'text', required: true, max: 64 },
          { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        ],
        indexes: [
          'CREATE INDEX idx_mail_budget_key ON mail_budget (key, created)',
          'CREATE INDEX idx_mail_budget_created ON mail_budget (created)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('mail_budget'));
    // Given-up e-mails go back to failing (retried again, as before this migration).
    app
      .db()
      .newQuery("UPDATE mail_queue SET status = 'failed' WHERE status IN ('refused', 'dismissed')")
      .execute();
    const queue = app.findCollectionByNameOrId('mail_queue');
    queue.fields.getByName('status').values = QUEUE_STATES;
    app.save(queue);
    for (const name of REQUESTS) {
      app
        .db()
        .newQuery(
          'UPDATE ' +
            name +
            " SET mailStatus = 'failed' WHERE mailStatus IN ('refused', 'dismissed')",
        )
        .execute();
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.getByName('mailStatus').values = REQUEST_STATES;
      collection.fields.removeByName('confirmationStatus');
      app.save(collection);
    }
  },
);
