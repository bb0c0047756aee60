/// <reference path="../../server/pocketbase.d.ts" />
// Shipment numbers reserved ahead by each office account, as carriers' contract clients reserve
// label ranges: a shipment made with no signal gets its final number (and its label) at once, and
// the server takes a number only from the account that reserved it, once. Written and read only by
// the server's route (server/tracking/numbers.ts); closed to every account.

migrate(
  (app) => {
    const staff = app.findCollectionByNameOrId('staff');
    app.save(
      new Collection({
        type: 'base',
        name: 'shipment_numbers',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'number', type: 'text', required: true, pattern: '^[1-9][0-9]{11}$' },
          {
            name: 'account',
            type: 'relation',
            required: true,
            collectionId: staff.id,
            maxSelect: 1,
            cascadeDelete: false,
          },
          { name: 'usedAt', type: 'date' },
          { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_shipment_numbers_number ON shipment_numbers (number)',
          'CREATE INDEX idx_shipment_numbers_account ON shipment_numbers (account, usedAt)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('shipment_numbers'));
  },
);
