/// <reference path="../../server/pocketbase.d.ts" />
// A shipment made from a request keeps when that request arrived ('Coleta solicitada', the first
// line of its public history), so the public lookup reads it with its one narrow query.

migrate(
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.fields.add(new DateField({ name: 'requestedAt' }));
    app.save(tracking);
    // Shipments made before: from their request, where it is still there.
    for (const [kind, collection] of [
      ['quote', 'quotes'],
      ['urgent', 'urgent_requests'],
      ['pickup', 'pickup_requests'],
    ]) {
      app
        .db()
        .newQuery(
          `UPDATE tracking SET requestedAt = (SELECT created FROM ${collection} ` +
            `WHERE '${kind}:' || ${collection}.id = tracking.request) ` +
            `WHERE request LIKE '${kind}:%'`,
        )
        .execute();
    }
  },
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.fields.removeByName('requestedAt');
    app.save(tracking);
  },
);
