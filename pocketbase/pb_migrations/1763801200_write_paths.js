/// <reference path="../../server/pocketbase.d.ts" />
// Every staff rule refuses a disabled account. An earlier migration meant to add that clause but
// compared the rules with `===`, which never matches a rule read from a collection (a Go string
// pointer), so only the mail queue's rule had it; here each rule is set outright.
//
// Tracking records change only through the staff route (POST /api/equipe/rastreios), which stamps
// stage times and authors once and accepts only the fields a change may carry: the collection's
// own create, update and delete rules are closed to every account (superusers excepted).
//
// PocketBase's default 'users' collection, which nothing here uses, let anyone sign up: it goes.

const STAFF = '@request.auth.collectionName = "staff"';
const ACTIVE_STAFF = STAFF + ' && @request.auth.disabled = false';
const REQUESTS = ['quotes', 'urgent_requests', 'pickup_requests'];
const QUEUE_BEFORE = STAFF + ' && source != "tracking_follows"';
const QUEUE_AFTER = ACTIVE_STAFF + ' && source != "tracking_follows"';

function setRules(app, name, rules) {
  const collection = app.findCollectionByNameOrId(name);
  for (const rule in rules) collection[rule] = rules[rule];
  app.save(collection);
}

migrate(
  (app) => {
    setRules(app, 'tracking', {
      listRule: ACTIVE_STAFF,
      viewRule: ACTIVE_STAFF,
      createRule: null,
      updateRule: null,
      deleteRule: null,
    });
    for (const name of REQUESTS) {
      setRules(app, name, {
        listRule: ACTIVE_STAFF,
        viewRule: ACTIVE_STAFF,
        updateRule: ACTIVE_STAFF,
        deleteRule: ACTIVE_STAFF,
      });
    }
    setRules(app, 'mail_queue', { listRule: QUEUE_AFTER, viewRule: QUEUE_AFTER });
    try {
      app.delete(app.findCollectionByNameOrId('users'));
    } catch (_) {
      // already gone
    }
  },
  (app) => {
    setRules(app, 'tracking', {
      listRule: STAFF,
      viewRule: STAFF,
      createRule: STAFF,
      updateRule: STAFF,
      deleteRule: STAFF,
    });
    for (const name of REQUESTS) {
      setRules(app, name, {
        listRule: STAFF,
        viewRule: STAFF,
        updateRule: STAFF,
        deleteRule: STAFF,
      });
    }
    setRules(app, 'mail_queue', { listRule: QUEUE_BEFORE, viewRule: QUEUE_BEFORE });
  },
);
