/// <reference path="../server/pocketbase.d.ts" />
/// <reference path="../server/hooks.d.ts" />

// 'Avise-me': follow a tracking number by e-mail (server/tracking/follows.ts). The stage-change hooks are in
// tracking.pb.js; the e-mails go out with the mail queue's jobs (submissions.pb.js).

routerAdd('POST', '/api/avisos', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).subscribe(e),
);

routerAdd('POST', '/api/avisos/confirmar', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).confirm(e),
);

routerAdd('POST', '/api/avisos/cancelar/{token}', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).cancel(e),
);

/** A mail app that opens the List-Unsubscribe address instead of posting to it: the page asks first. */
routerAdd('GET', '/api/avisos/cancelar/{token}', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).openCancelLink(e),
);

/** Hourly: no unconfirmed subscription past 48 hours, none at all past 90 days (LGPD). */
cronAdd('follows-cleanup', '50 * * * *', () =>
  require(`${__hooks}/lib/generated/server.cjs`).forgetOldFollows(),
);
