import type { SubmissionKind } from '../domain/submissions';
import type { SubmitOutcome } from '../lib/outbox';
import { DEVICE_FULL, isQuotaError } from '../lib/storage';
import { toaster } from './toaster';
import type { Problems, SubmitContext } from './use-rules-form';

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
  // Refused by the server: what was typed stays in the form (and in 'Envios') with the server's
  // messages, so nothing is lost and the person knows what to correct.
  const fields = Object.values(outcome.item.fieldErrors ?? {});
  if (fields.length > 0) {
    toaster.create({ ...refusedToast(fields), type: 'error', duration: 10_000 });
    return;
  }
  toaster.create({ ...messages.failed, type: 'error', duration: 8000 });
}

/** The server refused some fields: say which, and that nothing was lost. */
export function refusedToast(fieldMessages: string[]) {
  return {
    title: 'Confira os dados destacados',
    description: `O servidor não aceitou: ${fieldMessages.join('; ')}. O pedido continua guardado em Envios até ser corrigido.`,
  };
}

/**
 * A submit attempt that found errors: SPEC.md §8's words (`spec`) when something required is
 * empty; otherwise what is wrong, field by field.
 */
export function announceProblems(
  { missing, invalid }: Problems,
  spec: { title: string; description?: string },
): void {
  toaster.create({
    ...(missing.length
      ? spec
      : { title: 'Confira os dados destacados', description: invalid.join('; ') }),
    type: 'error',
    duration: 5000,
  });
}

/** A valid form goes through the outbox; the person hears the outcome and the form follows it. */
export async function sendForm(
  kind: SubmissionKind,
  values: Record<string, unknown>,
  context: SubmitContext,
  messages: Messages,
): Promise<void> {
  // Sent as typed: the server reads the numbers with the same domain parsers (and prices quotes).
  let outcome: SubmitOutcome;
  try {
    // The outbox (the device's database, the server's client) loads with the first submit, or
    // before it when the browser is idle (the header's badge): a form page goes live without it.
    const { submit } = await import('../lib/outbox');
    outcome = await submit(kind, values, undefined, context.replaces);
  } catch (error) {
    // Not even stored on the device (a full disk): the form keeps everything that was typed.
    if (!isQuotaError(error)) throw error;
    toaster.create({ ...DEVICE_FULL, type: 'error', duration: 15_000 });
    return;
  }
  announce(outcome, messages);
  if (outcome.status === 'failed') context.refused(outcome.item);
  else context.reset();
}
