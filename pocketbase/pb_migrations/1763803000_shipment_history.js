/// <reference path="../../server/pocketbase.d.ts" />
// A shipment's history: one row per thing that happened to a tracking record (made, edited,
// assigned, a stage, an attempt, a decision, a label printed, deleted), written by the staff's one
// write path in the transaction of the change it records (server/tracking/history.ts). Append-only: no
// account may create, change or delete a row, and the record hooks refuse a superuser's change too;
// only the retention job and `npm run lgpd` rewrite a row, to anonymise it. The office reads it;
// drivers, clients and the public never do.
//
// `tracking` and `account` are plain ids, not relations: a row outlives its shipment (it records
// the deletion) and the account that acted, and a relation would be emptied by PocketBase when
// either is deleted, which the hooks refuse.
//
// The tracking record also gains `driverChangedAt`: when its driver was last chosen, so an
// assignment made earlier on another device, arriving late, does not undo a newer one.

const OFFICE =
  '@request.auth.collectionName = "staff" && @request.auth.disabled = false && ' +
  '@request.auth.role != "motorista"';

migrate(
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.fields.add(new DateField({ name: 'driverChangedAt' }));
    app.save(tracking);

    app.save(
      new Collection({
        type: 'base',
        name: 'shipment_history',
        listRule: OFFICE,
        viewRule: OFFICE,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'tracking', type: 'text', required: true, max: 15 },
          { name: 'number', type: 'text', max: 40 },
          {
            name: 'action',
            type: 'select',
            required: true,
            maxSelect: 1,
            values: [
              'created',
              'edited',
              'assigned',
              'unassigned',
              'stage-set',
              'stage-cleared',
              'attempt',
              'decision',
              'label',
              'deleted',
            ],
          },
          { name: 'by', type: 'text', max: 200 },
          { name: 'account', type: 'text', max: 15 },
          { name: 'at', type: 'date', required: true },
          { name: 'details', type: 'json', maxSize: 50000 },
          { name: 'anonymizedAt', type: 'date' },
          { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        ],
        indexes: [
          'CREATE INDEX idx_shipment_history_tracking ON shipment_history (tracking, at)',
          'CREATE INDEX idx_shipment_history_anonymized ON shipment_history (anonymizedAt, created)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('shipment_history'));
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.fields.removeByName('driverChangedAt');
    app.save(tracking);
  },
);
