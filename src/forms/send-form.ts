import type { SubmissionKind } from '../domain/submissions';
import { outcomeMessage, refusal, type OutcomeWords } from '../offline/messages';
import { DEVICE_FULL, isQuotaError } from '../lib/storage';
import { toaster } from '../components/toaster';
import type { Problems, SubmitContext } from './use-rules-form';

/** The toast of a submit attempt's errors: the next attempt's outcome takes its place. */
export const FORM_PROBLEMS = 'problemas-formulario';

/**
 * A submit attempt that found errors: the form's own words (`spec`) when something required is
 * empty; otherwise what is wrong, field by field.
 */
export function announceProblems(
  { missing, invalid }: Problems,
  spec: { title: string; description?: string },
): void {
  toaster.replace(FORM_PROBLEMS, {
    ...(missing.length
      ? spec
      : { title: 'Confira os dados destacados', description: invalid.join('; ') }),
    type: 'error',
    duration: 5000,
  });
}

/**
 * A valid form goes through the outbox; the person hears the outcome and the form follows it.
 * `failed` is what to say when the server refused without naming a field.
 */
export async function sendForm(
  kind: SubmissionKind,
  values: Record<string, unknown>,
  context: SubmitContext,
  words: Pick<OutcomeWords, 'sent'> & { failed: { title: string; description?: string } },
): Promise<void> {
  // Sent as typed: the server reads the numbers with the same domain parsers (and prices quotes).
  let outcome;
  try {
    // The outbox (the device's database, the server's client) loads with the first submit, or
    // before it when the browser is idle: a form page goes live without it.
    const { submit } = await import('../offline');
    outcome = await submit(kind, values, undefined, context.replaces);
  } catch (error) {
    // Not even stored on the device (a full disk): the form keeps everything that was typed.
    if (!isQuotaError(error)) throw error;
    toaster.create({ ...DEVICE_FULL, type: 'error', duration: 15_000 });
    return;
  }
  toaster.dismiss(FORM_PROBLEMS);
  toaster.create(outcomeMessage(outcome, { sent: words.sent, failed: refusal(words.failed) }));
  if (outcome.status === 'failed') context.refused(outcome.item);
  else context.reset();
}
