/**
 * What the person is told about the outbox, in one place: the outcome of a submission just made
 * (sent, kept on the device, waiting for a sign-in, refused) and the news that something kept on
 * the device has reached the server. Screens pass their own words; the tones, durations and the
 * shared texts live here. Plain data: the screens hand it to the toaster.
 */
// Types only: a form page shows these messages without loading the engine (the device database
// and the server's client load with the first submit).
import type { Notice, OutboxItem, SubmitOutcome } from './engine';

export type Tone = 'success' | 'info' | 'warning' | 'error';
export interface Message extends Notice {
  type: Tone;
  duration: number;
}

type Words = Notice | ((item: OutboxItem) => Notice);

export interface OutcomeWords {
  sent: Words;
  /** Kept on the device, to go when the signal returns (default: `SAVED_ON_DEVICE`). */
  queued?: Words;
  /** Kept until the person signs in again (default: the `queued` words). */
  needsAuth?: Words;
  /** Refused by the server (see `refusal` for the usual words). */
  failed: Words;
}

export const SAVED_ON_DEVICE: Notice = {
  title: 'Pedido guardado neste aparelho',
  description:
    'Sem conexão com o servidor agora: ele será enviado automaticamente assim que o sinal voltar.',
};

const DURATION: Record<Tone, number> = {
  success: 6000,
  info: 8000,
  warning: 10_000,
  error: 10_000,
};

function message(words: Words, item: OutboxItem, type: Tone): Message {
  const notice = typeof words === 'function' ? words(item) : words;
  return { duration: DURATION[type], ...notice, type };
}

/** What to tell the person about a submission they just made. */
export function outcomeMessage(outcome: SubmitOutcome, words: OutcomeWords): Message {
  const { item } = outcome;
  const queued = words.queued ?? SAVED_ON_DEVICE;
  switch (outcome.status) {
    case 'sent':
      return message(words.sent, item, 'success');
    case 'queued':
      return message(queued, item, 'info');
    case 'needs-auth':
      return message(words.needsAuth ?? queued, item, 'warning');
    case 'failed':
      return message(words.failed, item, 'error');
  }
}

/**
 * The usual words for a refusal: the fields the server named, and that nothing was lost (what
 * was typed stays in the form and in 'Envios'); `otherwise` when it named none.
 */
export function refusal(otherwise: Notice): (item: OutboxItem) => Notice {
  return (item) => {
    const fields = Object.values(item.fieldErrors ?? {});
    return fields.length ? refusedFields(fields) : otherwise;
  };
}

/** The server refused some fields: say which, and that nothing was lost. */
export function refusedFields(fieldMessages: string[]): Notice {
  return {
    title: 'Confira os dados destacados',
    description: `O servidor não aceitou: ${fieldMessages.join('; ')}. O pedido continua guardado em Envios até ser corrigido.`,
  };
}

/** Something that waited on the device has reached the server (its kind's `delivered` words). */
export function deliveredMessage(notice: Notice): Message {
  return { duration: 10_000, ...notice, type: 'success' };
}

/**
 * Where a staff phone's work stands, in one calm line: 'Tudo enviado às 14:32' once nothing waits,
 * or '3 alterações e 2 fotos aguardando sinal' ('aguardando envio' while a connection is up).
 * Empty when nothing was ever sent from here.
 */
export function waitingLine(
  changes: number,
  photos: number,
  lastSentAt: number | null,
  offline: boolean,
): string {
  if (changes === 0 && photos === 0) {
    if (!lastSentAt) return '';
    const time = new Date(lastSentAt).toLocaleTimeString('pt-BR', {
      hour: '2-digit',
      minute: '2-digit',
    });
    return `Tudo enviado às ${time}`;
  }
  const parts = [
    changes ? (changes === 1 ? '1 alteração' : `${changes} alterações`) : '',
    photos ? (photos === 1 ? '1 foto' : `${photos} fotos`) : '',
  ].filter(Boolean);
  return `${parts.join(' e ')} ${offline ? 'aguardando sinal' : 'aguardando envio'}`;
}
