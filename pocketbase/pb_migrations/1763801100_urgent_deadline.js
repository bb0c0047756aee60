/// <reference path="../../server/pocketbase.d.ts" />
// Urgent requests say by when the customer needs the delivery ('Prazo desejado para a entrega'),
// as the catalogue's rule says (src/domain/submissions.ts; tests/server/catalogue.test.ts checks).

migrate(
  (app) => {
    const urgent = app.findCollectionByNameOrId('urgent_requests');
    urgent.fields.add(new TextField({ name: 'desiredDeadline', max: 100 }));
    app.save(urgent);
  },
  (app) => {
    const urgent = app.findCollectionByNameOrId('urgent_requests');
    urgent.fields.removeByName('desiredDeadline');
    app.save(urgent);
  },
);
