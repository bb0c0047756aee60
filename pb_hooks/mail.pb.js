/// <reference path="../pocketbase/pb_data/types.d.ts" />

// The request e-mails' routes for staff (the queue itself runs from submissions.pb.js).

/**
 * 'Dispensar' (staff): a request's e-mails that keep failing or were refused are given up — never
 * tried again, no longer shown as a problem, never holding /api/health.
 */
routerAdd(
  'POST',
  '/api/solicitacoes/{collection}/{id}/dispensar-email',
  (e) => {
    if (e.auth.getBool('disabled'))
      throw new ForbiddenError('Esta conta da equipe foi desativada.');
    const { kindOfCollection } = require(`${__hooks}/lib/generated/domain.cjs`);
    const def = kindOfCollection(e.request.pathValue('collection'));
    if (!def) throw new NotFoundError('Tipo de solicitação desconhecido.');
    const dismissed = require(`${__hooks}/lib/mail.js`).dismiss(
      e.app,
      def.collection,
      e.request.pathValue('id'),
    );
    if (dismissed < 0) throw new NotFoundError('Solicitação não encontrada.');
    return e.json(200, { dismissed });
  },
  $apis.requireAuth('staff'),
);
