/// <reference path="../../server/pocketbase.d.ts" />
// The receiver's signature drawn on the driver's phone: a PNG that follows the delivery through the
// photo queue (`POST /api/equipe/rastreios/fotos`, target 'assinatura') and is kept beside the
// delivery's photo, protected like it (staff read it with a short-lived file token), cleared with
// it when the delivery is undone and erased with it by the retention job.

migrate(
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.fields.add(
      new FileField({
        name: 'deliverySignature',
        maxSelect: 1,
        maxSize: 1024 * 1024,
        mimeTypes: ['image/png', 'image/webp'],
        protected: true,
      }),
    );
    app.save(tracking);
  },
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.fields.removeByName('deliverySignature');
    app.save(tracking);
  },
);
