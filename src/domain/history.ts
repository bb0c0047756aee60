/**
 * A shipment's history ('Histórico'): one row per thing that happened to a tracking record, written
 * by the server in the transaction of the change it records and never changed after (only
 * anonymised when the shipment's personal data goes). Here: what a row holds, how the server tells
 * a shipment's edited fields, what anonymising keeps, and the Portuguese line the office reads.
 */
import { reasonLabel } from './attempts';
import { storedName, type FieldRule, type StoredValue } from './fields';
import { formatCents, formatDateTimeBrasilia, formatDay, formatDecimal } from './format';
import { formatCep, formatDocument, formatPhone } from './masks';
import { SHIPMENT_PERSONAL_FIELDS, SHIPMENT_RULES } from './shipments';
import { ANONYMIZED } from './submissions';
import { initials } from './tracking-changes';
import { RECEIVER_NOTE_FIELDS, receiverNoteSummary, type ReceiverNote } from './receiver-notes';

export const HISTORY_ACTIONS = [
  'created',
  'edited',
  'assigned',
  'unassigned',
  'stage-set',
  'stage-cleared',
  'attempt',
  'pin-wrong',
  'decision',
  'label',
  'deleted',
  'receiver-note',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export const HISTORY_MESSAGES = {
  immutable: 'O histórico de uma remessa não se altera nem se apaga.',
  offline: 'Sem conexão: o histórico fica no servidor. Abra de novo com sinal.',
  failed: 'Não foi possível carregar o histórico. Tente de novo.',
  empty: 'Nada registrado ainda.',
} as const;

/** One field of a shipment changed by an edit: its stored name and values (a driver: names). */
export interface FieldChange {
  field: string;
  from: StoredValue;
  to: StoredValue;
}

/** One row as the office reads it (`details` by action: see `historyLine`). */
export interface HistoryRow {
  id: string;
  /** The tracking record's id (the record may be gone: the row outlives it). */
  tracking: string;
  /** Its number when it happened. */
  number: string;
  action: string;
  /** Who did it: the account's name (or e-mail), as the rest of the records name people. */
  by: string;
  account: string;
  /** When it happened on the device (stored form). */
  at: string;
  /** When the server wrote it. */
  created: string;
  details: Record<string, unknown>;
}

/** A record as the server sends it → the row. */
export function historyRowOf(record: Record<string, unknown>): HistoryRow {
  const details = record.details;
  return {
    id: String(record.id ?? ''),
    tracking: String(record.tracking ?? ''),
    number: String(record.number ?? ''),
    action: String(record.action ?? ''),
    by: String(record.by ?? ''),
    account: String(record.account ?? ''),
    at: String(record.at ?? ''),
    created: String(record.created ?? ''),
    details:
      details && typeof details === 'object' && !Array.isArray(details)
        ? (details as Record<string, unknown>)
        : {},
  };
}

/** Newest first: by when it happened, then by when the server wrote it. */
export function newestFirst<T extends Pick<HistoryRow, 'at' | 'created'>>(rows: readonly T[]): T[] {
  const key = (r: T) => `${r.at.replace('T', ' ')}|${r.created.replace('T', ' ')}`;
  return [...rows].sort((a, b) => (key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : 0));
}

const RULES = new Map<string, FieldRule>(SHIPMENT_RULES.map((r) => [storedName(r), r]));

/**
 * The shipment's fields an edit changed, with their old and new values as stored (`before`: the
 * record as it was; `after`: the details as they will be stored). Empty when nothing changed.
 */
export function shipmentChanges(
  before: Record<string, unknown>,
  after: Record<string, StoredValue>,
): FieldChange[] {
  const out: FieldChange[] = [];
  for (const [field, rule] of RULES) {
    if (!(field in after)) continue;
    const numeric = rule.kind === 'decimal' || rule.kind === 'money';
    const from: StoredValue = numeric ? Number(before[field]) || 0 : String(before[field] ?? '');
    const to: StoredValue = numeric ? Number(after[field]) || 0 : String(after[field] ?? '');
    // A date field comes back from the database as '2026-11-27 00:00:00.000Z'.
    const same =
      rule.kind === 'date'
        ? String(from).slice(0, 10) === String(to).slice(0, 10)
        : String(from) === String(to);
    if (!same)
      out.push({ field, from: rule.kind === 'date' ? String(from).slice(0, 10) : from, to });
  }
  return out;
}

/**
 * A row's details without what identifies people (names, documents, phones, street address, the
 * receiver's name as initials), as the shipment itself is anonymised. Staff names stay: they are
 * employees', and who did what is the point of the history.
 */
export function anonymizedHistoryDetails(
  action: string,
  details: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...details };
  if (action === 'edited' && Array.isArray(details.changes)) {
    const hide = (v: unknown) => (v === '' || v === 0 || v === undefined ? v : ANONYMIZED);
    out.changes = (details.changes as FieldChange[]).map((c) =>
      SHIPMENT_PERSONAL_FIELDS.includes(c.field) ? { ...c, from: hide(c.from), to: hide(c.to) } : c,
    );
  }
  if (typeof details.receiverName === 'string') {
    out.receiverName = initials(details.receiverName);
  }
  // The receiver's own words may name people and places: kept only as 'filled' (the hold's day
  // names nobody).
  if (action === 'receiver-note') {
    for (const name of RECEIVER_NOTE_FIELDS) {
      if (name !== 'holdUntil' && details[name]) out[name] = ANONYMIZED;
    }
  }
  return out;
}

/** 'dd/mm hh:mm' in Brasília ('dd/mm/aaaa hh:mm' for another year than `now`'s). */
export function historyTime(at: string, now: number = Date.now()): string {
  const full = formatDateTimeBrasilia(at);
  if (!full) return '';
  const year = formatDateTimeBrasilia(new Date(now).toISOString()).slice(6, 10);
  return full.slice(6, 10) === year ? `${full.slice(0, 5)}${full.slice(10)}` : full;
}

/** What the office calls a field in a line (the form's label; the parties by their role). */
function fieldLabel(field: string): string {
  if (field === 'recipientName') return 'Destinatário';
  if (field === 'senderName') return 'Remetente';
  if (field === 'driver') return 'Motorista';
  return RULES.get(field)?.label ?? field;
}

const FEMININE = /^(Cidade|UF|Largura|Altura|Previsão)/;

/** A stored value as the form shows it; '' for none. */
function shownValue(field: string, value: unknown): string {
  if (value === ANONYMIZED) return ANONYMIZED;
  const rule = RULES.get(field);
  if (!rule) return String(value ?? '');
  if (rule.kind === 'decimal') {
    return Number(value) ? `${formatDecimal(Number(value))} ${rule.unit ?? ''}`.trim() : '';
  }
  if (rule.kind === 'money') return Number(value) ? formatCents(Number(value)) : '';
  const text = String(value ?? '');
  if (!text) return '';
  if (rule.kind === 'date') return formatDay(text) || text;
  if (rule.kind === 'cep') return formatCep(text);
  if (rule.kind === 'phone') return formatPhone(text);
  if (rule.kind === 'document' && /^[0-9A-Z]+$/.test(text)) {
    return formatDocument(text.length > 11 ? 'cnpj' : 'cpf', text);
  }
  return text;
}

const quoted = (text: string) => `“${text}”`;

/** One field's change in words: 'Destinatário alterado de “João” para “Maria”'. */
function changeText(change: FieldChange, alone: boolean): string {
  const label = fieldLabel(change.field);
  const from = shownValue(change.field, change.from);
  const to = shownValue(change.field, change.to);
  if (!alone)
    return `${label} de ${from ? quoted(from) : '(vazio)'} para ${to ? quoted(to) : '(vazio)'}`;
  const ending = FEMININE.test(label) ? 'a' : 'o';
  if (!from) return `${label} preenchid${ending} com ${quoted(to)}`;
  if (!to) return `${label} apagad${ending} (era ${quoted(from)})`;
  return `${label} alterad${ending} de ${quoted(from)} para ${quoted(to)}`;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What happened, before 'por …', and anything said after the time. */
function whatHappened(row: HistoryRow): { what: string; after?: string } {
  const d = row.details;
  switch (row.action) {
    case 'created': {
      if (d.kind !== 'shipment') return { what: 'Número registrado' };
      let what = 'Remessa criada';
      if (text(d.request)) what += ' a partir de uma solicitação';
      if (text(d.driverName)) what += ` e atribuída a ${text(d.driverName)}`;
      return { what };
    }
    case 'edited': {
      const changes = Array.isArray(d.changes) ? (d.changes as FieldChange[]) : [];
      if (changes.length === 1) return { what: changeText(changes[0]!, true) };
      return {
        what: 'Remessa editada',
        after: changes.map((c) => changeText(c, false)).join('; ') || undefined,
      };
    }
    case 'assigned':
      return {
        what: text(d.fromName)
          ? `Passada de ${text(d.fromName)} para ${text(d.driverName)}`
          : `Atribuída a ${text(d.driverName)}`,
      };
    case 'unassigned':
      return { what: `Retirada de ${text(d.fromName) || 'seu motorista'}` };
    case 'stage-set':
      return {
        what: `Etapa ${String(d.stage ?? '?')} marcada`,
        after: text(d.receiverName) ? `recebedor: ${text(d.receiverName)}` : undefined,
      };
    case 'stage-cleared':
      return { what: `Etapa ${String(d.stage ?? '?')} desmarcada` };
    case 'attempt': {
      const taken = text(d.fromName) ? ` e saiu da lista de ${text(d.fromName)}` : '';
      return {
        what: `Tentativa sem sucesso (${reasonLabel(text(d.reason))})`,
        after: d.pending ? `foi para Pendências${taken}` : undefined,
      };
    }
    case 'pin-wrong': {
      const taken = text(d.fromName) ? ` e saiu da lista de ${text(d.fromName)}` : '';
      return {
        what: `Código de entrega incorreto (${String(d.wrong ?? '?')}ª vez)`,
        after: d.pending ? `foi para Pendências${taken}` : undefined,
      };
    }
    case 'decision':
      if (d.decision === 'return') return { what: 'Devolução ao remetente decidida' };
      return {
        what: text(d.driverName)
          ? `Nova tentativa com ${text(d.driverName)} decidida`
          : 'Nova tentativa decidida',
      };
    case 'label':
      return { what: 'Etiqueta impressa' };
    case 'deleted':
      return { what: 'Registro excluído' };
    case 'receiver-note':
      return {
        what: 'Recebedor: instruções de entrega pelo link do e-mail',
        after: receiverNoteSummary(d as Partial<ReceiverNote>),
      };
    default:
      return { what: `Mudança (${row.action})` };
  }
}

/**
 * The line the office reads for one row: 'Atribuída a Motorista Beta por Ana, 27/11 14:02',
 * 'Etapa 2 marcada por Carlos, 27/11 15:10', 'Destinatário alterado de “João” para “Maria” por
 * Ana, 27/11 14:02'. Times are Brasília's, as the device recorded them.
 */
export function historyLine(row: HistoryRow, now: number = Date.now()): string {
  const { what, after } = whatHappened(row);
  const who = `${row.by || '(sem nome)'}${row.details.dashboard ? ' (painel)' : ''}`;
  const when = historyTime(row.at, now);
  return `${what} por ${who}${when ? `, ${when}` : ''}${after ? ` — ${after}` : ''}`;
}
