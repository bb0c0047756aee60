/// <reference path="../../server/pocketbase.d.ts" />
// Three demo tracking records, for the local default only (scripts/start.mjs sets PB_SEED_DEMO=1
// when no data directory was chosen). A real deployment starts empty.
const DEMO = [
  { number: '123456789', stages: ['1'] },
  { number: '987654321', stages: ['1', '2', '3'] },
  { number: '52998224725', stages: ['1', '2', '3', '4'] },
];

migrate(
  (app) => {
    if ($os.getenv('PB_SEED_DEMO') !== '1') return;
    const collection = app.findCollectionByNameOrId('tracking');
    const now = new Date().toISOString().replace('T', ' ');
    for (const demo of DEMO) {
      const record = new Record(collection);
      record.set('number', demo.number);
      record.set('stages', demo.stages);
      for (const s of demo.stages) record.set('stage' + s + 'At', now);
      app.save(record);
    }
  },
  (app) => {
    for (const demo of DEMO) {
      try {
        app.delete(app.findFirstRecordByData('tracking', 'number', demo.number));
      } catch (_) {
        // already gone
      }
    }
  },
);
