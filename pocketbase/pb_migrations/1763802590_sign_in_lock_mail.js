/// <reference path="../../server/pocketbase.d.ts" />
// An account locked after too many wrong passwords e-mails its owner (server/accounts/sign-in.ts), through
// the mail queue like every other e-mail.

/** The purposes the queue accepts, as a plain array (the field holds a Go slice). */
function purposes(queue) {
  const values = queue.fields.getByName('purpose').values;
  const out = [];
  for (let i = 0; i < values.length; i++) out.push(values[i]);
  return out;
}

migrate(
  (app) => {
    const queue = app.findCollectionByNameOrId('mail_queue');
    const values = purposes(queue);
    if (values.indexOf('sign-in-lock') === -1) values.push('sign-in-lock');
    queue.fields.getByName('purpose').values = values;
    app.save(queue);
  },
  (app) => {
    app.db().newQuery("DELETE FROM mail_queue WHERE purpose = 'sign-in-lock'").execute();
    const queue = app.findCollectionByNameOrId('mail_queue');
    queue.fields.getByName('purpose').values = purposes(queue).filter((v) => v !== 'sign-in-lock');
    app.save(queue);
  },
);
