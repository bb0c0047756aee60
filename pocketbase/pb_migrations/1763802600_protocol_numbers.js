/// <reference path="../../server/pocketbase.d.ts" />
/* global NumberField -- a PocketBase JSVM class */
// Quotes and urgent requests get a protocol number too, drawn at random by the server (six
// digits, unique in the kind): the requester reads it on screen and in the e-mail and quotes it
// when calling; the office's e-mail names it. Requests stored before keep none.

const KINDS = ['quotes', 'urgent_requests'];

migrate(
  (app) => {
    for (const name of KINDS) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.add(
        new NumberField({ name: 'number', onlyInt: true, min: 100000, max: 999999 }),
      );
      // Only numbered requests: those stored before have none (0).
      collection.addIndex(`idx_${name}_number`, true, 'number', 'number > 0');
      app.save(collection);
    }
  },
  (app) => {
    for (const name of KINDS) {
      const collection = app.findCollectionByNameOrId(name);
      collection.removeIndex(`idx_${name}_number`);
      collection.fields.removeByName('number');
      app.save(collection);
    }
  },
);
