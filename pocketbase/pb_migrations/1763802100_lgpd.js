/// <reference path="../../server/pocketbase.d.ts" />
// A person's records erased on request (`npm run lgpd -- apagar`, server/privacy/lgpd.ts) say who erased
// them; `anonymizedAt` already says when. Empty on records the retention job erased. The record
// keeps no other trace of the person, and a shipment's public lookup (stages, initials) is unchanged.

const COLLECTIONS = ['tracking', 'quotes', 'urgent_requests', 'pickup_requests'];

migrate(
  (app) => {
    for (const name of COLLECTIONS) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.add(new TextField({ name: 'erasedBy', max: 200 }));
      app.save(collection);
    }
  },
  (app) => {
    for (const name of COLLECTIONS) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.removeByName('erasedBy');
      app.save(collection);
    }
  },
);
