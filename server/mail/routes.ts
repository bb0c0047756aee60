// The staff's routes for a request's e-mails, 'Dispensar' and 'Reenviar e-mail' (the queue itself
// is queue.ts, run by the jobs in submissions.pb.js).
import { dismiss, resend, staffRequest } from './queue';

/**
 * 'Dispensar': a request's e-mails that keep failing or were refused are given up — never tried
 * again, no longer shown as a problem, never holding /api/health.
 */
export function answerDismiss(e: core.RequestEvent): void {
  const { collection, id } = staffRequest(e);
  const dismissed = dismiss(e.app, collection, id);
  if (dismissed < 0) throw new NotFoundError('Solicitação não encontrada.');
  e.json(200, { dismissed });
}

/** 'Reenviar e-mail': the request's e-mail to the company goes back to the queue. */
export function answerResend(e: core.RequestEvent): void {
  const { collection, id } = staffRequest(e);
  const outcome = resend(e.app, collection, id);
  if (outcome === 'missing') throw new NotFoundError('Solicitação não encontrada.');
  if (outcome === 'sending') {
    e.json(409, { message: 'O e-mail está sendo enviado agora.', status: 'sending' });
    return;
  }
  e.json(200, { status: outcome });
}
