/// <reference path="../../server/pocketbase.d.ts" />
// When a request's personal data was erased (server/privacy/retention.ts, LGPD).

const COLLECTIONS = ['quotes', 'urgent_requests', 'pickup_requests'];

migrate(
  (app) => {
    for (const name of COLLECTIONS) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.add(new DateField({ name: 'anonymizedAt' }));
      collection.indexes.push(`CREATE INDEX idx_${name}_created ON ${name} (created)`);
      app.save(collection);
    }
  },
  (app) => {
    for (const name of COLLECTIONS) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.removeByName('anonymizedAt');
      collection.indexes = collection.indexes.filter((i) => i.indexOf('_created ') === -1);
      app.save(collection);
    }
  },
);
