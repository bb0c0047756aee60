/// <reference path="../../server/pocketbase.d.ts" />
/* global NumberField -- PocketBase JSVM class */
// Where a delivery happened, when the driver let the phone share its position (as a failed
// attempt already may): kept with the proof of delivery for the client company's 'Comprovante de
// entrega', cleared when the delivery is undone and erased with the receiver's data by the
// retention job. 0, 0 is none. Never in the public lookup.

migrate(
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.fields.add(new NumberField({ name: 'deliveryLatitude', min: -90, max: 90 }));
    tracking.fields.add(new NumberField({ name: 'deliveryLongitude', min: -180, max: 180 }));
    app.save(tracking);
  },
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.fields.removeByName('deliveryLatitude');
    tracking.fields.removeByName('deliveryLongitude');
    app.save(tracking);
  },
);
