/// <reference path="../../server/pocketbase.d.ts" />
// 'Marcar como atendida' in the staff inbox: when and by whom a request was handled. The name is
// kept as it was then (staff records are visible only to their owner, so a relation alone would not
// show it to the rest of the team).

const COLLECTIONS = ['quotes', 'urgent_requests', 'pickup_requests'];

migrate(
  (app) => {
    const staff = app.findCollectionByNameOrId('staff');
    for (const name of COLLECTIONS) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.add(new DateField({ name: 'handledAt' }));
      collection.fields.add(
        new RelationField({ name: 'handledBy', collectionId: staff.id, maxSelect: 1 }),
      );
      collection.fields.add(new TextField({ name: 'handledByName', max: 200 }));
      collection.indexes.push(`CREATE INDEX idx_${name}_handled ON ${name} (handledAt, created)`);
      app.save(collection);
    }
  },
  (app) => {
    for (const name of COLLECTIONS) {
      const collection = app.findCollectionByNameOrId(name);
      for (const field of ['handledAt', 'handledBy', 'handledByName']) {
        collection.fields.removeByName(field);
      }
      collection.indexes = collection.indexes.filter((i) => i.indexOf('_handled ') === -1);
      app.save(collection);
    }
  },
);
