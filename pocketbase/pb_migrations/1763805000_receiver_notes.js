/// <reference path="../../server/pocketbase.d.ts" />
// The receiver speaks: a shipment with the addressee's e-mail (`recipientEmail`) mails them a
// private link (a token, not the public number) where they leave delivery instructions, an address
// complement, who else may receive (a neighbour, the porter) and a date to hold the parcel until
// (server/tracking/receiver.ts, src/domain/receiver-notes.ts).
//
// The token lives in `receiver_links`, which no account reads or writes (every rule null): staff
// lists, realtime and the public lookup never carry it, and only the server's routes find a
// shipment by it. A link goes with its shipment (cascade on delete).
//
// What the receiver asked is kept on the shipment (`receiver*`), so the office and the driver get it
// with the rest of the record through their normal sync and realtime. Personal data: erased with
// the rest of the shipment's. Each change is a row of the shipment's history ('receiver-note').

/** A select field's values as a plain array (the field holds a Go slice). */
function valuesOf(field) {
  const out = [];
  for (let i = 0; i < field.values.length; i++) out.push(field.values[i]);
  return out;
}

const RECEIVER_FIELDS = [
  'recipientEmail',
  'receiverInstructions',
  'receiverComplement',
  'receiverMayReceive',
  'receiverHoldUntil',
  'receiverNoteAt',
];

migrate(
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.fields.add(new TextField({ name: 'recipientEmail', max: 254 }));
    tracking.fields.add(new TextField({ name: 'receiverInstructions', max: 300 }));
    tracking.fields.add(new TextField({ name: 'receiverComplement', max: 100 }));
    tracking.fields.add(new TextField({ name: 'receiverMayReceive', max: 120 }));
    tracking.fields.add(
      new TextField({
        name: 'receiverHoldUntil',
        max: 10,
        pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2})?$',
      }),
    );
    tracking.fields.add(new DateField({ name: 'receiverNoteAt' }));
    app.save(tracking);

    app.save(
      new Collection({
        type: 'base',
        name: 'receiver_links',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          {
            name: 'tracking',
            type: 'relation',
            required: true,
            maxSelect: 1,
            collectionId: tracking.id,
            cascadeDelete: true,
          },
          { name: 'token', type: 'text', required: true, min: 32, max: 64, hidden: true },
          { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_receiver_links_token ON receiver_links (token)',
          'CREATE UNIQUE INDEX idx_receiver_links_tracking ON receiver_links (tracking)',
        ],
      }),
    );

    const history = app.findCollectionByNameOrId('shipment_history');
    const action = history.fields.getByName('action');
    const actions = valuesOf(action);
    if (actions.indexOf('receiver-note') === -1) actions.push('receiver-note');
    action.values = actions;
    app.save(history);

    const queue = app.findCollectionByNameOrId('mail_queue');
    const purpose = queue.fields.getByName('purpose');
    const purposes = valuesOf(purpose);
    if (purposes.indexOf('receiver-link') === -1) purposes.push('receiver-link');
    purpose.values = purposes;
    app.save(queue);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('receiver_links'));
    app.db().newQuery("DELETE FROM mail_queue WHERE purpose = 'receiver-link'").execute();
    const queue = app.findCollectionByNameOrId('mail_queue');
    const purpose = queue.fields.getByName('purpose');
    purpose.values = valuesOf(purpose).filter((v) => v !== 'receiver-link');
    app.save(queue);
    const tracking = app.findCollectionByNameOrId('tracking');
    for (const name of RECEIVER_FIELDS) tracking.fields.removeByName(name);
    app.save(tracking);
  },
);
