/// <reference path="../../server/pocketbase.d.ts" />
// Webhooks: a company's addresses (`webhooks`) and the queue of what is posted to them
// (`webhook_deliveries`), both read and written only by the server (server/webhooks/): the
// company's administrators and the office manage them through routes, never through the
// collections' own API, so every rule is null. The secret is hidden: the routes answer it once.

migrate(
  (app) => {
    const webhooks = new Collection({
      type: 'base',
      name: 'webhooks',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'company', type: 'text', required: true, max: 15 },
        { name: 'url', type: 'text', required: true, max: 500 },
        { name: 'secret', type: 'text', required: true, max: 100, hidden: true },
        { name: 'createdBy', type: 'text', max: 200 },
        { name: 'createdByAccount', type: 'text', max: 15 },
        // The sender holding the address now, and until when (compare-and-set by the senders).
        { name: 'lease', type: 'text', max: 20 },
        { name: 'leaseUntil', type: 'date' },
        // A receiver down or overloaded: nothing is posted to the address before this.
        { name: 'pausedUntil', type: 'date' },
        { name: 'created', type: 'autodate', onCreate: true },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE INDEX idx_webhooks_company ON webhooks (company)'],
    });
    app.save(webhooks);

    const deliveries = new Collection({
      type: 'base',
      name: 'webhook_deliveries',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'webhook', type: 'text', required: true, max: 15 },
        { name: 'company', type: 'text', max: 15 },
        // The shipment (empty for a test): its deliveries to one address go in order.
        { name: 'tracking', type: 'text', max: 15 },
        { name: 'number', type: 'text', max: 20 },
        { name: 'event', type: 'text', max: 40 },
        { name: 'msgId', type: 'text', max: 40 },
        { name: 'body', type: 'text', max: 20000 },
        // Written in the change's transaction after every delivery before it: the order of events.
        { name: 'seq', type: 'number', onlyInt: true },
        {
          name: 'status',
          type: 'select',
          values: ['pending', 'sending', 'sent', 'failed', 'gaveup'],
          maxSelect: 1,
        },
        { name: 'attempts', type: 'number', onlyInt: true },
        { name: 'nextAt', type: 'date' },
        { name: 'expiresAt', type: 'date' },
        { name: 'eventAt', type: 'date' },
        // The receiver's last answer: its status (0: none) and a short excerpt, or why none came.
        { name: 'lastStatus', type: 'number', onlyInt: true },
        { name: 'lastAnswer', type: 'text', max: 300 },
        { name: 'lastAt', type: 'date' },
        { name: 'sentAt', type: 'date' },
        { name: 'created', type: 'autodate', onCreate: true },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        // The senders' look at what is due.
        'CREATE INDEX idx_webhook_deliveries_due ON webhook_deliveries (status, nextAt)',
        // Is an earlier delivery of this shipment to this address still waiting?
        'CREATE INDEX idx_webhook_deliveries_line ON webhook_deliveries (webhook, tracking, seq)',
        // An address's deliveries, newest first (the company's list); the next number.
        'CREATE INDEX idx_webhook_deliveries_seq ON webhook_deliveries (webhook, seq)',
        'CREATE INDEX idx_webhook_deliveries_order ON webhook_deliveries (seq)',
      ],
    });
    app.save(deliveries);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('webhook_deliveries'));
    app.delete(app.findCollectionByNameOrId('webhooks'));
  },
);
