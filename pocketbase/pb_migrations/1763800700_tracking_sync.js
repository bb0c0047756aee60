/// <reference path="../../server/pocketbase.d.ts" />
// The staff list lives on each phone and is kept current incrementally (changes since the last
// sync, by `updated`). A deleted record leaves a tombstone here, so phones that were offline when
// it was deleted drop it too. Tombstones are kept 90 days; a phone away longer downloads all again.

const ACTIVE = '@request.auth.collectionName = "staff" && @request.auth.disabled = false';

migrate(
  (app) => {
    app.save(
      new Collection({
        type: 'base',
        name: 'tracking_deletions',
        listRule: ACTIVE,
        viewRule: ACTIVE,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'record', type: 'text', required: true, max: 15 },
          { name: 'number', type: 'text', max: 32 },
          { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
          { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
        ],
        indexes: ['CREATE INDEX idx_tracking_deletions_created ON tracking_deletions (created)'],
      }),
    );
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.indexes.push('CREATE INDEX idx_tracking_updated ON tracking (updated)');
    app.save(tracking);
  },
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.indexes = tracking.indexes.filter((i) => i.indexOf('idx_tracking_updated') === -1);
    app.save(tracking);
    app.delete(app.findCollectionByNameOrId('tracking_deletions'));
  },
);
