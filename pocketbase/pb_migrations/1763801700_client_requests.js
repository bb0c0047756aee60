/// <reference path="../../server/pocketbase.d.ts" />
/* global NumberField */
// 'Minhas solicitações': the corporate client reads its own pickup requests (the account that made
// each one is kept in `client`, set by the server), and what became of each: the shipment's number,
// its latest stage and, once delivered, the receiver's initials and the time — copied onto the
// request by the server as the shipment changes, so the client never reads a shipment itself.

const ACTIVE = '@request.auth.collectionName = "staff" && @request.auth.disabled = false';
const OFFICE = ACTIVE + ' && @request.auth.role != "motorista"';
const OWN_PICKUPS =
  '(' + OFFICE + ') || (@request.auth.collectionName = "clients" && client = @request.auth.id)';
const REQUESTS = ['quotes', 'urgent_requests', 'pickup_requests'];
const SHIPMENT_STATE = ['shipmentStage', 'shipmentDeliveredTo', 'shipmentDeliveredAt'];

migrate(
  (app) => {
    for (const name of REQUESTS) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.add(
        new NumberField({ name: 'shipmentStage', onlyInt: true, min: 0, max: 4 }),
      );
      collection.fields.add(new TextField({ name: 'shipmentDeliveredTo', max: 60 }));
      collection.fields.add(new DateField({ name: 'shipmentDeliveredAt' }));
      if (name === 'pickup_requests') {
        collection.fields.add(new TextField({ name: 'client', max: 15 }));
        collection.listRule = OWN_PICKUPS;
        collection.viewRule = OWN_PICKUPS;
      }
      app.save(collection);
    }
    // Pickups made before: there is one corporate client account; they are its own.
    const clients = arrayOf(new DynamicModel({ id: '' }));
    app.db().newQuery('SELECT id FROM clients LIMIT 2').all(clients);
    if (clients.length === 1) {
      app
        .db()
        .newQuery("UPDATE pickup_requests SET client = {:id} WHERE client = ''")
        .bind({ id: clients[0].id })
        .execute();
    }
  },
  (app) => {
    for (const name of REQUESTS) {
      const collection = app.findCollectionByNameOrId(name);
      for (const field of SHIPMENT_STATE.concat(name === 'pickup_requests' ? ['client'] : [])) {
        collection.fields.removeByName(field);
      }
      if (name === 'pickup_requests') {
        collection.listRule = OFFICE;
        collection.viewRule = OFFICE;
      }
      app.save(collection);
    }
  },
);
