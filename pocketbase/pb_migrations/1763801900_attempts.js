/// <reference path="../../server/pocketbase.d.ts" />
/* global JSONField, NumberField -- PocketBase JSVM classes */
// Failed delivery attempts ('Não entregue'): each shipment keeps its log (reason, time on the
// phone, who, the position when the driver allowed it, the photo's file name), and after the last
// allowed attempt it waits in the office's 'Pendências' (pendingSince) until the office sends it
// out again or returns it to the sender (returnedAt). The attempts' photos are protected files,
// staff only. Followers ('Avise-me') are told of attempts as of stages: toldAttempts counts those
// already in an e-mail. The entries' shape is src/domain/attempts.ts.

migrate(
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.fields.add(new JSONField({ name: 'attemptLog', maxSize: 20000 }));
    tracking.fields.add(new DateField({ name: 'pendingSince' }));
    tracking.fields.add(new DateField({ name: 'returnedAt' }));
    tracking.fields.add(
      new FileField({
        name: 'attemptPhotos',
        maxSelect: 20,
        maxSize: 5 * 1024 * 1024,
        mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
        protected: true,
      }),
    );
    app.save(tracking);
    const follows = app.findCollectionByNameOrId('tracking_follows');
    follows.fields.add(new NumberField({ name: 'toldAttempts', onlyInt: true, min: 0 }));
    app.save(follows);
  },
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    for (const name of ['attemptLog', 'pendingSince', 'returnedAt', 'attemptPhotos']) {
      tracking.fields.removeByName(name);
    }
    app.save(tracking);
    const follows = app.findCollectionByNameOrId('tracking_follows');
    follows.fields.removeByName('toldAttempts');
    app.save(follows);
  },
);
