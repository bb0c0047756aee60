/// <reference path="../../server/pocketbase.d.ts" />
// Shipments keep personal data only as long as requests do: past the retention period the daily
// job (server/privacy/retention.ts) erases names, documents, phones, street addresses, the receiver's name
// and CPF, the attempts' notes and positions and every photo, and stamps anonymizedAt, so each
// record is done once.

migrate(
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.fields.add(new DateField({ name: 'anonymizedAt' }));
    tracking.indexes.push(
      'CREATE INDEX idx_tracking_anonymized ON tracking (anonymizedAt, created)',
    );
    app.save(tracking);
  },
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.indexes = tracking.indexes.filter((i) => i.indexOf('idx_tracking_anonymized') === -1);
    tracking.fields.removeByName('anonymizedAt');
    app.save(tracking);
  },
);
