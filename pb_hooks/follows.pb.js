/// <reference path="../pocketbase/pb_data/types.d.ts" />

// 'Avise-me': follow a tracking number by e-mail (pb_hooks/lib/follows.js). The
// stage-change hooks are in tracking.pb.js; the e-mails go out with the mail queue's job.

routerAdd('POST', '/api/avisos', (e) => require(`${__hooks}/lib/follows.js`).subscribe(e));

routerAdd('POST', '/api/avisos/confirmar', (e) => require(`${__hooks}/lib/follows.js`).confirm(e));

routerAdd('POST', '/api/avisos/cancelar/{token}', (e) =>
  require(`${__hooks}/lib/follows.js`).cancel(e),
);

/** A mail app that opens the List-Unsubscribe address instead of posting to it: the page asks first. */
routerAdd('GET', '/api/avisos/cancelar/{token}', (e) =>
  e.redirect(303, '/rastrear?cancelar=' + encodeURIComponent(e.request.pathValue('token'))),
);

/** Hourly: no unconfirmed subscription past 48 hours, none at all past 90 days (LGPD). */
cronAdd('follows-cleanup', '50 * * * *', () => {
  require(`${__hooks}/lib/follows.js`).cleanup($app);
});
