/// <reference path="../../server/pocketbase.d.ts" />
// Tracking changes made offline on drivers' phones: when each stage was last changed,
// so the later action on a stage wins when two phones catch up; and proof of delivery — who
// received, an optional CPF, and a photo readable by staff only (a protected file). A number
// registered offline keeps the time it was registered on the phone (`created` is when it arrived).

const CHANGED = ['stage1ChangedAt', 'stage2ChangedAt', 'stage3ChangedAt', 'stage4ChangedAt'];

migrate(
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    for (const name of CHANGED) tracking.fields.add(new DateField({ name }));
    tracking.fields.add(new DateField({ name: 'registeredAt' }));
    tracking.fields.add(new TextField({ name: 'receiverName', max: 120 }));
    tracking.fields.add(new TextField({ name: 'receiverCpf', max: 11, pattern: '^[0-9]*$' }));
    tracking.fields.add(
      new FileField({
        name: 'deliveryPhoto',
        maxSelect: 1,
        maxSize: 5 * 1024 * 1024,
        mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
        protected: true,
      }),
    );
    app.save(tracking);
  },
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    for (const name of CHANGED.concat([
      'registeredAt',
      'receiverName',
      'receiverCpf',
      'deliveryPhoto',
    ])) {
      tracking.fields.removeByName(name);
    }
    app.save(tracking);
  },
);
