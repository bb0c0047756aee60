/// <reference path="../../server/pocketbase.d.ts" />
/* global JSONField -- PocketBase JSVM class */
// The delivery code: a shipment that asks for one keeps a salt and a hash of it (`pinSalt`,
// `pinHash`; the driver's phone checks a typed code against them with no signal), and the wrong
// codes counted by the server (`pinWrong`); the fifth sends it to 'Pendências' with
// `pendingReason = 'pin'`. The code itself is only in the addressee's e-mail ('delivery-pin',
// dropped from the queue once sent). Each wrong code is a row of the shipment's history.
// `recipientEmail` is where the code goes (added by the receiver's link when that came first).

/** A select field's values as a plain array (the field holds a Go slice). */
function valuesOf(field) {
  const out = [];
  for (let i = 0; i < field.values.length; i++) out.push(field.values[i]);
  return out;
}

function addValue(field, value) {
  const values = valuesOf(field);
  if (values.indexOf(value) === -1) values.push(value);
  field.values = values;
}

migrate(
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    if (!tracking.fields.getByName('recipientEmail')) {
      tracking.fields.add(new TextField({ name: 'recipientEmail', max: 254 }));
    }
    tracking.fields.add(new TextField({ name: 'pinSalt', max: 64 }));
    tracking.fields.add(new TextField({ name: 'pinHash', max: 64 }));
    tracking.fields.add(new JSONField({ name: 'pinWrong', maxSize: 4000 }));
    tracking.fields.add(new TextField({ name: 'pendingReason', max: 20 }));
    app.save(tracking);

    const queue = app.findCollectionByNameOrId('mail_queue');
    addValue(queue.fields.getByName('purpose'), 'delivery-pin');
    app.save(queue);

    const history = app.findCollectionByNameOrId('shipment_history');
    addValue(history.fields.getByName('action'), 'pin-wrong');
    app.save(history);
  },
  (app) => {
    app.db().newQuery("DELETE FROM mail_queue WHERE purpose = 'delivery-pin'").execute();
    const queue = app.findCollectionByNameOrId('mail_queue');
    const purpose = queue.fields.getByName('purpose');
    purpose.values = valuesOf(purpose).filter((v) => v !== 'delivery-pin');
    app.save(queue);
    const tracking = app.findCollectionByNameOrId('tracking');
    for (const name of ['pinSalt', 'pinHash', 'pinWrong', 'pendingReason']) {
      tracking.fields.removeByName(name);
    }
    app.save(tracking);
  },
);
