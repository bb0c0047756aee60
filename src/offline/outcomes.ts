/**
 * What a kind of outbox item is (`KindDefinition`), and what the server's answer means for an
 * item: stored, refused for good, to wait, to try again soon. No IndexedDB here: the engine
 * writes what these decide.
 */
import type { Table } from 'dexie';
import type { OutboxItem, OutboxKind } from '../lib/db';
import { ClientResponseError, fieldMessages } from '../lib/pocketbase';

const FIRST_DELAY_MS = 2000;
const MAX_DELAY_MS = 5 * 60_000;
const NO_ANSWER_MAX_DELAY_MS = 4000;

/** What a kind's `send` reports once the server has stored the item. */
export interface Delivery {
  /** What the server answered that the person may be told (a request number, a message). */
  result: Record<string, unknown>;
  /** The payload to keep from now on (e.g. without a photo the server already has). */
  payload?: Record<string, unknown>;
  /** Tell the person even if the item went at once (news they did not expect). */
  notice?: boolean;
  /** Other tables written in the same transaction that marks the item sent, by `alongside`. */
  tables?: Table[];
  alongside?: () => Promise<void>;
}

/** An item's fields once the server has stored it. */
export const deliveredFields = (delivery: Delivery) => ({
  state: 'sent' as const,
  sentAt: Date.now(),
  result: delivery.result,
  ...(delivery.payload ? { payload: delivery.payload } : {}),
  lastError: '',
  fieldErrors: undefined,
  leaseUntil: undefined,
  ...(delivery.notice ? { notice: 1 as const } : {}),
});

/** One item's outcome in a batch. */
export type BatchOutcome = Delivery | { error: unknown } | undefined;

/** What a refusal means, when a kind reads it differently from the engine's default. */
export type Refusal = 'failed' | { waitMs: number };

/** A message for the person, as a toast shows it. */
export interface Notice {
  title: string;
  description?: string;
  /** How long it stays on screen, in ms (each tone has its own default). */
  duration?: number;
}

export interface KindDefinition {
  kind: OutboxKind;
  /** How the kind is named to a person ('Envios', toasts). */
  label: string;
  /** One line that tells this item from others of its kind (who, where to), if the kind has one. */
  summary?: (item: OutboxItem) => string;
  /** One at a time, in the order made (numbers follow that order; a stage never precedes its number). */
  ordered?: boolean;
  send: (item: OutboxItem, headers: Record<string, string>) => Promise<Delivery>;
  /**
   * Sent after every other kind's waiting items (photos: a change never waits behind one on a weak
   * signal).
   */
  background?: boolean;
  /**
   * Several items of this (ordered) kind in one request, in order: one outcome per item, a
   * Delivery or the error the single send would have thrown; undefined for items the server left
   * unanswered (they go again). Used instead of `send` when present.
   */
  sendBatch?: (items: OutboxItem[], headers: Record<string, string>) => Promise<BatchOutcome[]>;
  /** The most items one `sendBatch` carries (what the server takes in one request); required with it. */
  batchSize?: number;
  /**
   * What a batch's deliveries write alongside, all in one go, in place of each one's `alongside`
   * in turn (same effect, in the items' order).
   */
  alongsideMany?: (deliveries: Delivery[]) => Promise<void>;
  /** Whether the item may go now (a photo waits for its change to reach the server). */
  ready?: (item: OutboxItem) => Promise<boolean>;
  /** A status this kind reads its own way; undefined leaves it to the engine. */
  refusal?: (status: number) => Refusal | undefined;
  /** What to tell the person when an item that had to wait reaches the server (null: nothing). */
  delivered: (item: OutboxItem) => Notice | null;
}

/** 2 s, 4 s, 8 s… up to 5 minutes between attempts. */
function retryDelay(attempts: number): number {
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

function messageOf(error: unknown): string {
  if (error instanceof ClientResponseError) {
    if (error.status === 0) return 'Sem conexão com o servidor.';
    return error.response?.message || error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** What sending a job came to: the connection failed, or an item of an ordered lane still waits. */
export interface Sent {
  lost: boolean;
  held: boolean;
}

/** Whether an item in this state keeps its ordered lane waiting (neither stored nor refused). */
export const holds = (changes: Partial<OutboxItem>) =>
  changes.state !== 'sent' && changes.state !== 'failed';

/**
 * What a failed send means for the item (see the header): its new fields, and whether the
 * connection (or the server) failed, so that the rest should wait.
 */
export function failureOf(
  item: OutboxItem,
  definition: KindDefinition,
  error: unknown,
): { changes: Partial<OutboxItem>; lost: boolean } {
  const status = error instanceof ClientResponseError ? error.status : 0;
  const data = (error instanceof ClientResponseError ? error.response?.data : undefined) as
    Record<string, { code?: string }> | undefined;
  const refusal = definition.refusal?.(status);
  if (status === 400 && data?.id?.code === 'validation_not_unique') {
    // The same id reached the server twice at once (another tab or the worker, racing past the
    // lease): a plain retry is answered with a receipt, only such a race ends here. Either way
    // the submission is stored.
    return { changes: { state: 'sent', sentAt: Date.now(), leaseUntil: undefined }, lost: false };
  }
  // Every answer but none clears `noAnswer`: a server that asked for patience is not tried again
  // the moment the signal comes back.
  if (refusal && refusal !== 'failed') {
    const changes: Partial<OutboxItem> = {
      state: 'pending',
      noAnswer: false,
      attempts: item.attempts + 1,
      nextAttemptAt: Date.now() + refusal.waitMs,
      lastError: messageOf(error),
      leaseUntil: undefined,
    };
    return { changes, lost: false };
  }
  if (refusal === 'failed' || status === 400) {
    const changes: Partial<OutboxItem> = {
      state: 'failed',
      lastError: messageOf(error),
      fieldErrors: fieldMessages(error),
      leaseUntil: undefined,
    };
    return { changes, lost: false };
  }
  if (status === 401 || status === 403) {
    const changes: Partial<OutboxItem> = {
      state: 'pending',
      noAnswer: false,
      needsAuth: true,
      lastError: messageOf(error),
      leaseUntil: undefined,
    };
    return { changes, lost: false };
  }
  const attempts = item.attempts + 1;
  // No answer at all costs the server nothing: the next try comes within seconds, never minutes
  // (a phone's radio can say 'online' in a dead zone, and then no `online` event marks the
  // signal's return). A server that answered with an error waits longer each time.
  const noAnswer = status === 0;
  const wait = noAnswer
    ? Math.min(NO_ANSWER_MAX_DELAY_MS, retryDelay(attempts))
    : retryDelay(attempts);
  const changes: Partial<OutboxItem> = {
    state: 'pending',
    attempts,
    nextAttemptAt: Date.now() + wait,
    noAnswer,
    lastError: messageOf(error),
    leaseUntil: undefined,
  };
  return { changes, lost: true };
}
