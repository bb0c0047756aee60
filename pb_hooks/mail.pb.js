/// <reference path="../server/pocketbase.d.ts" />
/// <reference path="../server/hooks.d.ts" />

// The request e-mails' routes for staff (server/mail/routes.ts); the queue itself runs from the
// jobs in submissions.pb.js.

/** Office. 'Dispensar': a request's e-mails that keep failing or were refused are given up. */
routerAdd(
  'POST',
  '/api/solicitacoes/{collection}/{id}/dispensar-email',
  (e) => require(`${__hooks}/lib/generated/server.cjs`).answerDismiss(e),
  $apis.requireAuth('staff'),
);

/** Office. 'Reenviar e-mail': the request's e-mail to the company goes back to the queue. */
routerAdd(
  'POST',
  '/api/solicitacoes/{collection}/{id}/reenviar-email',
  (e) => require(`${__hooks}/lib/generated/server.cjs`).answerResend(e),
  $apis.requireAuth('staff'),
);
