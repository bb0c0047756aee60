/// <reference path="../../server/pocketbase.d.ts" />
// One staff account per person (npm run staff): an account can be switched off, and what staff do
// on tracking records says who did it. Every staff-only rule now also refuses a disabled account.

const OLD = '@request.auth.collectionName = "staff"';
const ACTIVE = '@request.auth.collectionName = "staff" && @request.auth.disabled = false';
const GUARDED = ['tracking', 'quotes', 'urgent_requests', 'pickup_requests', 'mail_queue'];
const RULES = ['listRule', 'viewRule', 'createRule', 'updateRule', 'deleteRule'];
const WHO = ['registeredBy', 'stage1By', 'stage2By', 'stage3By', 'stage4By'];

function setRules(app, from, to) {
  for (const name of GUARDED) {
    const collection = app.findCollectionByNameOrId(name);
    for (const rule of RULES) {
      if (collection[rule] === from) collection[rule] = to;
    }
    app.save(collection);
  }
}

migrate(
  (app) => {
    const staff = app.findCollectionByNameOrId('staff');
    staff.fields.add(new BoolField({ name: 'disabled' }));
    app.save(staff);
    const tracking = app.findCollectionByNameOrId('tracking');
    for (const name of WHO) tracking.fields.add(new TextField({ name, max: 200 }));
    app.save(tracking);
    setRules(app, OLD, ACTIVE);
  },
  (app) => {
    setRules(app, ACTIVE, OLD);
    const tracking = app.findCollectionByNameOrId('tracking');
    for (const name of WHO) tracking.fields.removeByName(name);
    app.save(tracking);
    const staff = app.findCollectionByNameOrId('staff');
    staff.fields.removeByName('disabled');
    app.save(staff);
  },
);
