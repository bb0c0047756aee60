/// <reference path="../../server/pocketbase.d.ts" />
/* global NumberField */
// A driver's planned order of its stops ('Minhas entregas', 'Subir' and 'Descer'): each shipment's
// place in it (1 = first), set by the driver's phone through the staff route, seen by the office.

migrate(
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.fields.add(new NumberField({ name: 'stopOrder', onlyInt: true, min: 0 }));
    app.save(tracking);
  },
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.fields.removeByName('stopOrder');
    app.save(tracking);
  },
);
