/// <reference path="../pb_data/types.d.ts" />
// Tracking records change only through the staff route (POST /api/equipe/rastreios), which stamps
// stage times and authors once and accepts only the fields a change may carry: the collection's
// own create, update and delete rules are closed to every account (superusers excepted).
// The mail queue's read rule also refuses a disabled staff account, like every other staff rule.
// PocketBase's default 'users' collection, which nothing here uses, let anyone sign up: it goes.

const ACTIVE_STAFF = '@request.auth.collectionName = "staff" && @request.auth.disabled = false';
const OPEN_TRACKING = ACTIVE_STAFF;
const QUEUE_BEFORE = '@request.auth.collectionName = "staff" && source != "tracking_follows"';
const QUEUE_AFTER = ACTIVE_STAFF + ' && source != "tracking_follows"';

migrate(
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.createRule = null;
    tracking.updateRule = null;
    tracking.deleteRule = null;
    app.save(tracking);
    const queue = app.findCollectionByNameOrId('mail_queue');
    queue.listRule = QUEUE_AFTER;
    queue.viewRule = QUEUE_AFTER;
    app.save(queue);
    try {
      app.delete(app.findCollectionByNameOrId('users'));
    } catch (_) {
      // already gone
    }
  },
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.createRule = OPEN_TRACKING;
    tracking.updateRule = OPEN_TRACKING;
    tracking.deleteRule = OPEN_TRACKING;
    app.save(tracking);
    const queue = app.findCollectionByNameOrId('mail_queue');
    queue.listRule = QUEUE_BEFORE;
    queue.viewRule = QUEUE_BEFORE;
    app.save(queue);
  },
);
