import type { SubmitOutcome } from '../lib/outbox';
import { toaster } from './toaster';

export const SAVED_ON_DEVICE = {
  title: 'Pedido guardado neste aparelho',
  description:
    'Sem conexão com o servidor agora: ele será enviado automaticamente assim que o sinal voltar.',
};

interface Messages {
  sent: { title: string; description?: string; duration: number };
  failed: { title: string; description?: string };
}

/** The toast for a submission's outcome (toasts sit top centre, as SPEC.md asks of the urgent one). */
export function announce(outcome: SubmitOutcome, messages: Messages): void {
  if (outcome.status === 'sent') {
    toaster.create({ ...messages.sent, type: 'success' });
    return;
  }
  if (outcome.status === 'queued' || outcome.status === 'needs-auth') {
    toaster.create({ ...SAVED_ON_DEVICE, type: 'info', duration: 8000 });
    return;
  }
  // Refused by the server: it stays in 'Envios' with the server's messages, so nothing is lost.
  toaster.create({ ...messages.failed, type: 'error', duration: 8000 });
}
