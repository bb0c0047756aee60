/// <reference path="../../server/pocketbase.d.ts" />
// A shipment keeps whom the driver should ask for at the door ('Quem deve receber'), carried
// from the request's 'Recebedor': the driver's delivery dialog starts with it. Personal data:
// erased with the rest of the shipment's (retention, npm run lgpd).

migrate(
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.fields.add(new TextField({ name: 'recipientReceiver', max: 120 }));
    app.save(tracking);
  },
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.fields.removeByName('recipientReceiver');
    app.save(tracking);
  },
);
