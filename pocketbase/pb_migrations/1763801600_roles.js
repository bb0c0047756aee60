/// <reference path="../../server/pocketbase.d.ts" />
/* global SelectField -- a PocketBase JSVM class */
// Two kinds of staff account: 'escritorio' (the office: every shipment and request, as before)
// and 'motorista' (a driver: only the shipments assigned to it, read and changed on the server's
// rules, realtime included). Existing accounts have no role and stay office.
//
// A shipment taken from a driver (reassigned, or deleted) leaves a tombstone naming that driver,
// so it leaves the driver's phone at its next sync; office phones take only deletions.

const ACTIVE = '@request.auth.collectionName = "staff" && @request.auth.disabled = false';
const OFFICE = ACTIVE + ' && @request.auth.role != "motorista"';
const OWN = ACTIVE + ' && (@request.auth.role != "motorista" || driver = @request.auth.id)';
const TOMBSTONES =
  ACTIVE +
  ' && ((@request.auth.role != "motorista" && unassigned = false) || ' +
  '(@request.auth.role = "motorista" && driver = @request.auth.id))';
const REQUESTS = ['quotes', 'urgent_requests', 'pickup_requests'];
const QUEUE = ACTIVE + ' && source != "tracking_follows"';

function setRules(app, name, rules) {
  const collection = app.findCollectionByNameOrId(name);
  for (const rule in rules) collection[rule] = rules[rule];
  app.save(collection);
}

migrate(
  (app) => {
    const staff = app.findCollectionByNameOrId('staff');
    staff.fields.add(
      new SelectField({ name: 'role', values: ['escritorio', 'motorista'], maxSelect: 1 }),
    );
    app.save(staff);

    const tombstones = app.findCollectionByNameOrId('tracking_deletions');
    tombstones.fields.add(new TextField({ name: 'driver', max: 15 }));
    tombstones.fields.add(new BoolField({ name: 'unassigned' }));
    tombstones.listRule = TOMBSTONES;
    tombstones.viewRule = TOMBSTONES;
    app.save(tombstones);

    setRules(app, 'tracking', { listRule: OWN, viewRule: OWN });
    for (const name of REQUESTS) {
      setRules(app, name, {
        listRule: OFFICE,
        viewRule: OFFICE,
        updateRule: OFFICE,
        deleteRule: OFFICE,
      });
    }
    setRules(app, 'mail_queue', {
      listRule: QUEUE + ' && @request.auth.role != "motorista"',
      viewRule: QUEUE + ' && @request.auth.role != "motorista"',
    });
  },
  (app) => {
    setRules(app, 'tracking', { listRule: ACTIVE, viewRule: ACTIVE });
    for (const name of REQUESTS) {
      setRules(app, name, {
        listRule: ACTIVE,
        viewRule: ACTIVE,
        updateRule: ACTIVE,
        deleteRule: ACTIVE,
      });
    }
    setRules(app, 'mail_queue', { listRule: QUEUE, viewRule: QUEUE });
    const tombstones = app.findCollectionByNameOrId('tracking_deletions');
    tombstones.fields.removeByName('driver');
    tombstones.fields.removeByName('unassigned');
    tombstones.listRule = ACTIVE;
    tombstones.viewRule = ACTIVE;
    app.save(tombstones);
    const staff = app.findCollectionByNameOrId('staff');
    staff.fields.removeByName('role');
    app.save(staff);
  },
);
