/// <reference path="../server/pocketbase.d.ts" />
/// <reference path="../server/hooks.d.ts" />

// A shipment's history (server/tracking/history.ts) is append-only. Its API rules let no account create,
// change or delete a row; these hooks refuse it to a superuser too (the dashboard, a script with a
// superuser's token) and to any save of a row that is not the server's own first write. Only the
// retention job and `npm run lgpd` rewrite rows, to anonymise them, with the hooks off.

onRecordCreateRequest(
  () => require(`${__hooks}/lib/generated/server.cjs`).refuseHistoryChange(),
  'shipment_history',
);
onRecordUpdateRequest(
  () => require(`${__hooks}/lib/generated/server.cjs`).refuseHistoryChange(),
  'shipment_history',
);
onRecordDeleteRequest(
  () => require(`${__hooks}/lib/generated/server.cjs`).refuseHistoryChange(),
  'shipment_history',
);
onRecordUpdate(
  () => require(`${__hooks}/lib/generated/server.cjs`).refuseHistoryChange(),
  'shipment_history',
);
onRecordDelete(
  () => require(`${__hooks}/lib/generated/server.cjs`).refuseHistoryChange(),
  'shipment_history',
);
