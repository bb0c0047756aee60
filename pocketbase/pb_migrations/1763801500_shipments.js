/// <reference path="../../server/pocketbase.d.ts" />
/* global SelectField, NumberField -- PocketBase JSVM classes */
// A tracking record grows into a shipment ('remessa'): both parties with their address in parts,
// contents, weight and size, invoice, service and promised date, the driver it is assigned to,
// and the request it was made from (one shipment per request: a unique index). Records made
// before keep working with these fields empty. The fields mirror src/domain/shipments.ts
// (tests/server/catalogue.test.ts checks that they agree). Each request learns the shipment it
// became (server-owned fields, like its mail state).

const UF = 'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SE SP TO'.split(
  ' ',
);
const REQUESTS = ['quotes', 'urgent_requests', 'pickup_requests'];
const PURPOSES = ['company', 'confirmation', 'follow-confirm', 'follow-update'];

function partyFields(prefix) {
  return [
    new TextField({ name: prefix + 'Name', max: 200 }),
    new TextField({ name: prefix + 'Document', max: 18 }),
    new TextField({ name: prefix + 'Phone', max: 15 }),
    new TextField({ name: prefix + 'Zip', max: 9 }),
    new TextField({ name: prefix + 'Street', max: 200 }),
    new TextField({ name: prefix + 'StreetNumber', max: 20 }),
    new TextField({ name: prefix + 'Complement', max: 100 }),
    new TextField({ name: prefix + 'District', max: 100 }),
    new TextField({ name: prefix + 'City', max: 100 }),
    new SelectField({ name: prefix + 'State', values: UF, maxSelect: 1 }),
  ];
}

function shipmentFields(staffId) {
  return partyFields('sender').concat(partyFields('recipient'), [
    new TextField({ name: 'contents', max: 200 }),
    new NumberField({ name: 'weightKg' }),
    new NumberField({ name: 'lengthCm' }),
    new NumberField({ name: 'widthCm' }),
    new NumberField({ name: 'heightCm' }),
    new TextField({ name: 'invoiceNumber', max: 60 }),
    new NumberField({ name: 'invoiceValueCents' }),
    new SelectField({ name: 'service', values: ['Expressa', 'Urgente'], maxSelect: 1 }),
    new TextField({ name: 'promisedDate', max: 10, pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2})?$' }),
    new RelationField({
      name: 'driver',
      collectionId: staffId,
      maxSelect: 1,
      cascadeDelete: false,
    }),
    new TextField({ name: 'request', max: 40 }),
    new DateField({ name: 'detailsChangedAt' }),
  ]);
}

migrate(
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    for (const field of shipmentFields(app.findCollectionByNameOrId('staff').id)) {
      tracking.fields.add(field);
    }
    tracking.indexes.push(
      "CREATE UNIQUE INDEX idx_tracking_request ON tracking (request) WHERE request != ''",
    );
    tracking.indexes.push('CREATE INDEX idx_tracking_driver ON tracking (driver)');
    app.save(tracking);

    // The requester's e-mail with the shipment's number.
    const queue = app.findCollectionByNameOrId('mail_queue');
    queue.fields.getByName('purpose').values = PURPOSES.concat(['shipment-created']);
    app.save(queue);

    for (const name of REQUESTS) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.add(new TextField({ name: 'shipment', max: 15 }));
      collection.fields.add(new TextField({ name: 'shipmentNumber', max: 32 }));
      app.save(collection);
    }
  },
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.indexes = tracking.indexes.filter(
      (index) =>
        index.indexOf('idx_tracking_request') === -1 && index.indexOf('idx_tracking_driver') === -1,
    );
    for (const field of shipmentFields('')) tracking.fields.removeByName(field.name);
    app.save(tracking);
    const queue = app.findCollectionByNameOrId('mail_queue');
    queue.fields.getByName('purpose').values = PURPOSES;
    app.save(queue);
    for (const name of REQUESTS) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.removeByName('shipment');
      collection.fields.removeByName('shipmentNumber');
      app.save(collection);
    }
  },
);
