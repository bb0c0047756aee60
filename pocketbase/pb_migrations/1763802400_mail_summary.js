/// <reference path="../../server/pocketbase.d.ts" />
// The company's inbox as a target: past a number of requests in a short window, each request's
// company e-mail is kept back ('held') and one summary e-mail ('summary') lists them all. A held
// e-mail names its summary (`summary`) and takes that summary's outcome once it is sent.

function addValue(field, value) {
  if (field.values.indexOf(value) === -1) field.values = field.values.concat([value]);
}

migrate(
  (app) => {
    const queue = app.findCollectionByNameOrId('mail_queue');
    addValue(queue.fields.getByName('purpose'), 'summary');
    addValue(queue.fields.getByName('status'), 'held');
    queue.fields.add(new TextField({ name: 'summary', max: 15 }));
    queue.addIndex('idx_mail_queue_summary', false, 'summary', '');
    app.save(queue);
  },
  (app) => {
    const queue = app.findCollectionByNameOrId('mail_queue');
    app.db().newQuery("UPDATE mail_queue SET status = 'pending' WHERE status = 'held'").execute();
    app.db().newQuery("DELETE FROM mail_queue WHERE purpose = 'summary'").execute();
    queue.removeIndex('idx_mail_queue_summary');
    queue.fields.removeByName('summary');
    queue.fields.getByName('purpose').values = queue.fields
      .getByName('purpose')
      .values.filter((v) => v !== 'summary');
    queue.fields.getByName('status').values = queue.fields
      .getByName('status')
      .values.filter((v) => v !== 'held');
    app.save(queue);
  },
);
