/**
 * Failed delivery attempts ('Não entregue'): the reasons a driver picks from, the log kept on the
 * shipment, when a shipment leaves the driver's list for the office's 'Pendências', and what the
 * public lookup and the followers' e-mails say of them. One module for the phone and the server.
 */
import { DELIVERED_STAGE, TRACKING_STAGES, type TrackingStage } from './stages';
import { ANONYMIZED } from './submissions';

export const ATTEMPT_REASONS = [
  { code: 'ausente', label: 'Destinatário ausente' },
  { code: 'nao-localizado', label: 'Endereço não localizado' },
  { code: 'incompleto', label: 'Endereço incompleto' },
  { code: 'recusado', label: 'Recusado pelo destinatário' },
  { code: 'fechado', label: 'Estabelecimento fechado' },
  { code: 'area-de-risco', label: 'Área de risco' },
  { code: 'outro', label: 'Outro motivo' },
] as const;

export type AttemptReason = (typeof ATTEMPT_REASONS)[number]['code'];

/** After this many failed attempts the shipment leaves the driver's list for the office to decide. */
export const MAX_ATTEMPTS = 3;
export const ATTEMPT_NOTE_MAX = 140;
/** The most attempts one shipment keeps (a shipment tried this often is a case for a phone call). */
export const ATTEMPT_LOG_MAX = 20;

export const ATTEMPT_MESSAGES = {
  reason: 'Escolha o motivo.',
  noteRequired: 'Descreva o motivo em poucas palavras.',
  noteLong: `Descreva em até ${ATTEMPT_NOTE_MAX} caracteres.`,
  position: 'Localização inválida.',
  attempt: 'Tentativa inválida.',
  delivered: 'Esta remessa já foi entregue.',
  tooMany: `Esta remessa já tem ${ATTEMPT_LOG_MAX} tentativas registradas: fale com o escritório.`,
  decision: 'Escolha: nova tentativa ou devolver ao remetente.',
  notPending: 'Esta remessa não está em Pendências.',
  officeOnly: 'Só o escritório decide as pendências.',
} as const;

/** One failed attempt as the shipment keeps it (staff only: the public sees its time and reason). */
export interface AttemptEntry {
  /** Made on the phone: a resend of the same attempt is recognised and stored once. */
  id: string;
  /** When it happened, on the phone's clock (stored form). */
  at: string;
  reason: AttemptReason;
  /** Required with 'Outro motivo'; staff only. */
  note: string;
  /** The driver's name. */
  by: string;
  /** Only when the driver allowed the phone to share it. */
  latitude?: number;
  longitude?: number;
  /** The photo's stored file name, once it has reached the server. */
  photo?: string;
}

export function isAttemptReason(value: unknown): value is AttemptReason {
  return ATTEMPT_REASONS.some((r) => r.code === value);
}

export function reasonLabel(code: string): string {
  return ATTEMPT_REASONS.find((r) => r.code === code)?.label ?? 'Outro motivo';
}

/** '1ª tentativa não realizada', '2ª tentativa não realizada', … */
export function attemptsBadge(count: number): string {
  return `${count}ª tentativa não realizada`;
}

/** 'Tentativa de entrega não realizada: destinatário ausente': the public words, never the note. */
export function publicAttemptText(reason: string): string {
  const label = reasonLabel(reason);
  return `Tentativa de entrega não realizada: ${label.charAt(0).toLocaleLowerCase('pt-BR')}${label.slice(1)}`;
}

export const RETURNED_TEXT = 'Devolvida ao remetente';

/** What is wrong with an attempt as typed ({} when nothing): the dialog and the server check it. */
export function checkAttempt(attempt: {
  attempt?: unknown;
  reason?: unknown;
  note?: unknown;
  latitude?: unknown;
  longitude?: unknown;
}): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!/^[a-z0-9]{15}$/.test(String(attempt.attempt ?? ''))) {
    problems.attempt = ATTEMPT_MESSAGES.attempt;
  }
  if (!isAttemptReason(attempt.reason)) problems.reason = ATTEMPT_MESSAGES.reason;
  const note = String(attempt.note ?? '').trim();
  if (attempt.reason === 'outro' && !note) problems.note = ATTEMPT_MESSAGES.noteRequired;
  else if (note.length > ATTEMPT_NOTE_MAX) problems.note = ATTEMPT_MESSAGES.noteLong;
  const position = positionProblem(attempt);
  if (position) problems.position = position;
  return problems;
}

/**
 * A position sent with a change (a failed attempt, a delivery), only when the driver let the
 * phone share it: none at all, or both coordinates in range. Its problem, or null.
 */
export function positionProblem(change: {
  latitude?: unknown;
  longitude?: unknown;
}): string | null {
  const hasLat = change.latitude !== undefined && change.latitude !== '';
  const hasLng = change.longitude !== undefined && change.longitude !== '';
  if (!hasLat && !hasLng) return null;
  const lat = Number(change.latitude);
  const lng = Number(change.longitude);
  const fine =
    hasLat &&
    hasLng &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180;
  return fine ? null : ATTEMPT_MESSAGES.position;
}

/** The log as stored (JSON): entries with the fields above, anything else dropped. */
export function attemptLogOf(value: unknown): AttemptEntry[] {
  const list = Array.isArray(value) ? value : [];
  return list
    .filter(
      (e): e is AttemptEntry =>
        Boolean(e) && typeof e === 'object' && typeof (e as AttemptEntry).id === 'string',
    )
    .map((e) => ({ ...e, reason: isAttemptReason(e.reason) ? e.reason : 'outro' }));
}

/**
 * The shipment after one more failed attempt: the log with it (in time order), and whether it now
 * leaves the driver's list for 'Pendências'. Null when this attempt is already in the log.
 */
export function addAttempt(
  log: readonly AttemptEntry[],
  entry: AttemptEntry,
): { log: AttemptEntry[]; pending: boolean } | null {
  if (log.some((e) => e.id === entry.id)) return null;
  const next = [...log, entry].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return { log: next, pending: next.length >= MAX_ATTEMPTS };
}

/** One line of the public history of a shipment. */
export interface TimelineEvent {
  at: string;
  text: string;
  kind: 'requested' | 'registered' | 'stage' | 'attempt' | 'delivered' | 'returned';
}

export const REGISTERED_TEXT = 'Remessa registrada';
export const REQUESTED_TEXT = 'Coleta solicitada';

/**
 * The public history of a shipment, oldest first: its request and its making, each stage reached,
 * each failed attempt with its reason, the delivery with the receiver's initials and a return to
 * the sender. Only times, stages and reasons: nothing here names a person or a place.
 */
export function publicTimeline(view: {
  stages: readonly TrackingStage[];
  stageTimes: Record<string, string>;
  attempts?: readonly { at: string; reason: string }[];
  deliveredTo?: string;
  returnedAt?: string;
  registeredAt?: string;
  requestedAt?: string;
}): TimelineEvent[] {
  const events: TimelineEvent[] = [];
  if (view.requestedAt) {
    events.push({ at: view.requestedAt, kind: 'requested', text: REQUESTED_TEXT });
  }
  if (view.registeredAt) {
    events.push({ at: view.registeredAt, kind: 'registered', text: REGISTERED_TEXT });
  }
  for (const { stage, label } of TRACKING_STAGES) {
    const at = view.stageTimes[String(stage)];
    if (!view.stages.includes(stage) || !at) continue;
    if (stage === DELIVERED_STAGE) {
      events.push({
        at,
        kind: 'delivered',
        text: view.deliveredTo ? `${label} a ${view.deliveredTo}` : label,
      });
    } else events.push({ at, kind: 'stage', text: label });
  }
  for (const a of view.attempts ?? []) {
    events.push({ at: a.at, kind: 'attempt', text: publicAttemptText(a.reason) });
  }
  if (view.returnedAt) events.push({ at: view.returnedAt, kind: 'returned', text: RETURNED_TEXT });
  const time = (at: string) => Date.parse(at.replace(' ', 'T')) || 0;
  return events.sort((a, b) => time(a.at) - time(b.at));
}

/**
 * The attempts of a shipment past the retention period: the reason and the time stay (the public
 * timeline tells them), the driver's note, the position and the photo go.
 */
export function anonymizedAttempts(log: readonly AttemptEntry[]): AttemptEntry[] {
  return log.map(({ id, at, reason, note, by }) => ({
    id,
    at,
    reason,
    note: note ? ANONYMIZED : '',
    by,
  }));
}
