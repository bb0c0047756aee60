/// <reference path="../../server/pocketbase.d.ts" />
// 'Avise-me': visitors follow a tracking number by e-mail (src/domain/follows.ts).
// Nobody reads or writes subscriptions through the API: the routes in pb_hooks/follows.pb.js do,
// so the answer never says whether a number exists. Staff see only how many follow a record
// (`tracking.followers`). The mail queue gains the two e-mails and a one-click unsubscribe address.

const STAFF = '@request.auth.collectionName = "staff"';
const STAFF_NOT_FOLLOWS = STAFF + ' && source != "tracking_follows"';

migrate(
  (app) => {
    app.save(
      new Collection({
        type: 'base',
        name: 'tracking_follows',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'number', type: 'text', required: true, max: 32, pattern: '^[0-9]+$' },
          { name: 'email', type: 'text', required: true, max: 254 },
          // The mailbox, however the address is spelled: what the per-address limit counts.
          { name: 'addressKey', type: 'text', required: true, max: 254, hidden: true },
          {
            name: 'status',
            type: 'select',
            required: true,
            values: ['pending', 'confirmed'],
            maxSelect: 1,
          },
          // In the confirmation and unsubscribe links; never shown through the API.
          { name: 'token', type: 'text', required: true, max: 64, hidden: true },
          // Counts requests per connection for the limit; a hash, not the address itself.
          { name: 'ipHash', type: 'text', max: 64, hidden: true },
          { name: 'confirmedAt', type: 'date' },
          // When it was asked (its link is valid 48 hours from then), when the confirmation e-mail
          // was last queued and how many times (again at most every 10 minutes, 3 in all).
          { name: 'askedAt', type: 'date', required: true },
          { name: 'linkSentAt', type: 'date' },
          { name: 'linksSent', type: 'number', onlyInt: true, min: 0 },
          // The highest stage the follower has been told of (at confirmation: the stage then).
          { name: 'toldStage', type: 'number', onlyInt: true, min: 0, max: 4 },
          // A batched e-mail is due at this time (several quick changes go out as one).
          { name: 'notifyAt', type: 'date' },
          // Kept until delivery, a cancellation, or this time (90 days after asking), whichever first.
          { name: 'expiresAt', type: 'date', required: true },
          { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
          { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_follows_email_number ON tracking_follows (email, number)',
          'CREATE UNIQUE INDEX idx_follows_token ON tracking_follows (token)',
          'CREATE INDEX idx_follows_number ON tracking_follows (number)',
          'CREATE INDEX idx_follows_notify ON tracking_follows (notifyAt)',
          'CREATE INDEX idx_follows_ip ON tracking_follows (ipHash, created)',
          'CREATE INDEX idx_follows_address ON tracking_follows (addressKey, created)',
          'CREATE INDEX idx_follows_expires ON tracking_follows (expiresAt)',
        ],
      }),
    );

    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.fields.add(new NumberField({ name: 'followers', onlyInt: true, min: 0 }));
    app.save(tracking);

    const queue = app.findCollectionByNameOrId('mail_queue');
    queue.fields.getByName('purpose').values = [
      'company',
      'confirmation',
      'follow-confirm',
      'follow-update',
    ];
    queue.fields.add(new TextField({ name: 'unsubscribe', max: 500, hidden: true }));
    // Staff see the requests' e-mails (the inbox), never whom the notices go to.
    queue.listRule = STAFF_NOT_FOLLOWS;
    queue.viewRule = STAFF_NOT_FOLLOWS;
    app.save(queue);
  },
  (app) => {
    const queue = app.findCollectionByNameOrId('mail_queue');
    queue.fields.removeByName('unsubscribe');
    queue.fields.getByName('purpose').values = ['company', 'confirmation'];
    queue.listRule = STAFF;
    queue.viewRule = STAFF;
    app.save(queue);
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.fields.removeByName('followers');
    app.save(tracking);
    app.delete(app.findCollectionByNameOrId('tracking_follows'));
  },
);
