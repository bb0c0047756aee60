/// <reference path="../pocketbase/pb_data/types.d.ts" />

// The request e-mails' routes for staff, 'Dispensar' and 'Reenviar e-mail' (the queue itself
// runs from submissions.pb.js).

/**
 * 'Dispensar' (staff): a request's e-mails that keep failing or were refused are given up — never
 * tried again, no longer shown as a problem, never holding /api/health.
 */
routerAdd(
  'POST',
  '/api/solicitacoes/{collection}/{id}/dispensar-email',
  (e) => {
    const mail = require(`${__hooks}/lib/mail.js`);
    const { collection, id } = mail.staffRequest(e);
    const dismissed = mail.dismiss(e.app, collection, id);
    if (dismissed < 0) throw new NotFoundError('Solicitação não encontrada.');
    return e.json(200, { dismissed });
  },
  $apis.requireAuth('staff'),
);

/** 'Reenviar e-mail' (staff): the request's e-mail to the company goes back to the queue. */
routerAdd(
  'POST',
  '/api/solicitacoes/{collection}/{id}/reenviar-email',
  (e) => {
    const mail = require(`${__hooks}/lib/mail.js`);
    const { collection, id } = mail.staffRequest(e);
    const outcome = mail.resend(e.app, collection, id);
    if (outcome === 'missing') throw new NotFoundError('Solicitação não encontrada.');
    if (outcome === 'sending') {
      return e.json(409, { message: 'O e-mail está sendo enviado agora.', status: 'sending' });
    }
    return e.json(200, { status: outcome });
  },
  $apis.requireAuth('staff'),
);
