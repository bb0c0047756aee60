/// <reference path="../pocketbase/pb_data/types.d.ts" />

// A session that ends (the account disabled, its password changed, every session signed out by a
// new token key) also ends the live connections it opened: PocketBase checks a token only when a
// realtime subscription is made, so an open stream would otherwise go on delivering records.
onRecordUpdate(
  (e) => {
    const sessions = require(`${__hooks}/lib/sessions.js`);
    const before = sessions.sessionState(e.record.original());
    e.next();
    if (sessions.sessionsEnded(before, sessions.sessionState(e.record))) {
      sessions.endLiveConnections(e.app, e.record);
    }
  },
  'staff',
  'clients',
);
