/**
 * The receiver's note ('Recado do recebedor'): what the addressee of a shipment asks through the
 * private link of their e-mail — delivery instructions, an address complement, who else may receive
 * (a neighbour, the porter) and a day to hold the parcel until. The page checks it with these rules
 * before it keeps it on the device, and the server checks it again with the same ones.
 */
import {
  checkField,
  textRule,
  validateSubmission,
  type FieldErrors,
  type FieldRule,
} from './fields';
import { formatDay } from './format';

/** The longest hold: past a month a parcel would crowd the depot and the promise means nothing. */
export const RECEIVER_HOLD_MAX_DAYS = 30;

export const RECEIVER_NOTE_RULES: readonly FieldRule[] = [
  textRule('instructions', 'Instruções de entrega', false, {
    max: 300,
    multiline: true,
    personal: true,
  }),
  textRule('complement', 'Complemento', false, { max: 100, personal: true }),
  textRule('mayReceive', 'Quem pode receber', false, { max: 120, personal: true }),
  { name: 'holdUntil', label: 'Guardar até', kind: 'date', required: false, max: 10 },
];

/** The fields of a note, as the form sends them and the staff's row keeps them. */
export interface ReceiverNote {
  instructions: string;
  complement: string;
  mayReceive: string;
  /** 'AAAA-MM-DD', or '' (deliver as usual). */
  holdUntil: string;
}

export const RECEIVER_NOTE_FIELDS = [
  'instructions',
  'complement',
  'mayReceive',
  'holdUntil',
] as const;

/** Where each field is kept on the tracking record. */
export const RECEIVER_RECORD_FIELDS: Record<keyof ReceiverNote, string> = {
  instructions: 'receiverInstructions',
  complement: 'receiverComplement',
  mayReceive: 'receiverMayReceive',
  holdUntil: 'receiverHoldUntil',
};

export const RECEIVER_MESSAGES = {
  notFound: 'Este link não vale: confira se o endereço está completo, como veio no e-mail.',
  delivered: 'Esta encomenda já foi entregue: as instruções não podem mais ser alteradas.',
  returned:
    'Esta encomenda foi devolvida ao remetente: as instruções não podem mais ser alteradas.',
  saved: 'Recebemos suas instruções. O motorista vai vê-las na parada da sua entrega.',
  offline:
    'Sem conexão: não dá para carregar a encomenda agora. O que você digitar fica guardado neste aparelho.',
  queued:
    'Sem conexão: suas instruções ficaram guardadas neste aparelho e serão enviadas quando o sinal voltar.',
  pastDay: 'Escolha hoje ou uma data futura.',
  tooFar: (last: string) =>
    `Guardamos a encomenda por no máximo ${RECEIVER_HOLD_MAX_DAYS} dias: escolha uma data até ${formatDay(last)}.`,
  holdRule: `A encomenda fica guardada conosco e sai para entrega a partir dessa data (no máximo ${RECEIVER_HOLD_MAX_DAYS} dias a partir de hoje).`,
} as const;

/** Brasília's day ('AAAA-MM-DD') at `now`: UTC−3, no daylight saving (also in the server's JS). */
export function brasiliaDay(now: number = Date.now()): string {
  return new Date(now - 3 * 60 * 60_000).toISOString().slice(0, 10);
}

/** The last day a parcel may be held until, counted from Brasília's today. */
export function lastHoldDay(now: number = Date.now()): string {
  const day = new Date(`${brasiliaDay(now)}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + RECEIVER_HOLD_MAX_DAYS);
  return day.toISOString().slice(0, 10);
}

/** A hold date's problem: in the past, or more than the longest hold ahead; null when fine. */
export function holdProblem(day: string, now: number = Date.now()): string | null {
  if (!day) return null;
  if (day < brasiliaDay(now)) return RECEIVER_MESSAGES.pastDay;
  const last = lastHoldDay(now);
  return day > last ? RECEIVER_MESSAGES.tooFar(last) : null;
}

/** Every field's message (the form's and the server's): the field rules, then the hold's days. */
export function checkReceiverNote(
  values: Record<string, unknown>,
  now: number = Date.now(),
): FieldErrors {
  const errors = validateSubmission(RECEIVER_NOTE_RULES, values);
  if (!errors.holdUntil) {
    const hold = holdProblem(String(values.holdUntil ?? '').trim(), now);
    if (hold) errors.holdUntil = hold;
  }
  return errors;
}

/** One field's message, for a form checking field by field (Formik's `validate`). */
export function receiverFieldProblem(
  name: string,
  value: unknown,
  now = Date.now(),
): string | null {
  const rule = RECEIVER_NOTE_RULES.find((r) => r.name === name);
  if (!rule) return null;
  const message = checkField(rule, value, {});
  if (message || name !== 'holdUntil') return message;
  return holdProblem(String(value ?? '').trim(), now);
}

/** A sent note's values, trimmed (anything but text reads as empty). */
export function cleanReceiverNote(values: Record<string, unknown>): ReceiverNote {
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  return {
    instructions: text('instructions'),
    complement: text('complement'),
    mayReceive: text('mayReceive'),
    holdUntil: text('holdUntil'),
  };
}

/** The note kept on a record (API, realtime or a kept row), or undefined when there is none. */
export function receiverNoteOf(record: Record<string, unknown>): ReceiverNote | undefined {
  const note = {} as ReceiverNote;
  let any = false;
  for (const name of RECEIVER_NOTE_FIELDS) {
    const value = record[RECEIVER_RECORD_FIELDS[name]];
    note[name] = typeof value === 'string' ? value : '';
    if (note[name]) any = true;
  }
  return any ? note : undefined;
}

/** Whether a note holds the parcel on `today` ('AAAA-MM-DD', Brasília): not to go out yet. */
export function isHeld(note: ReceiverNote | undefined, today: string): boolean {
  return Boolean(note?.holdUntil) && note!.holdUntil > today;
}

/** The note in lines, as the stop card and the office show it. */
export function receiverNoteLines(note: ReceiverNote): { label: string; text: string }[] {
  const lines: { label: string; text: string }[] = [];
  if (note.holdUntil) lines.push({ label: 'Guardar até', text: formatDay(note.holdUntil) });
  if (note.instructions) lines.push({ label: 'Instruções', text: note.instructions });
  if (note.complement) lines.push({ label: 'Complemento', text: note.complement });
  if (note.mayReceive) lines.push({ label: 'Quem pode receber', text: note.mayReceive });
  return lines;
}

/** The history's words for a note: 'Instruções “Deixar na portaria”; Guardar até 27/11/2026'. */
export function receiverNoteSummary(note: Partial<ReceiverNote>): string {
  const parts = receiverNoteLines({
    instructions: note.instructions ?? '',
    complement: note.complement ?? '',
    mayReceive: note.mayReceive ?? '',
    holdUntil: note.holdUntil ?? '',
  }).map((l) => (l.label === 'Guardar até' ? `${l.label} ${l.text}` : `${l.label} “${l.text}”`));
  return parts.join('; ') || 'tudo apagado';
}

/** The private page's address for a token. */
export function receiverLink(site: string, token: string): string {
  return `${site}/recebedor#${token}`;
}

/**
 * The e-mail the addressee gets when a shipment with their e-mail is made: the number, the lookup
 * and the private link where they tell us how to deliver.
 */
export function receiverMail(
  shipment: { number: string; promisedDate: string; destination: string; sender: string },
  links: { track: string; note: string },
  company: { name: string; email: string },
): {
  subject: string;
  title: string;
  replyTo: string;
  paragraphs: string[];
  sections: { title: string; rows: [string, string][] }[];
  links: { label: string; href: string }[];
} {
  const promised = formatDay(shipment.promisedDate);
  return {
    subject: `Uma encomenda está a caminho: ${shipment.number} - ${company.name}`,
    title: `Uma encomenda para você: ${shipment.number}`,
    replyTo: company.email,
    paragraphs: [
      `${shipment.sender ? `${shipment.sender} enviou` : 'Há'} uma encomenda para você pela ${company.name}, com o número de rastreio ${shipment.number}.`,
      ...(promised ? [`Previsão de entrega: ${promised}.`] : []),
      'Vai estar fora? Pelo link "Deixar instruções de entrega" você pode dizer como entregar, completar o endereço, indicar um vizinho ou a portaria para receber, ou pedir que a guardemos até uma data. O link é só seu: não o encaminhe.',
    ],
    sections: [
      {
        title: 'Encomenda',
        rows: [
          ['Número', shipment.number],
          ...(promised ? ([['Previsão de entrega', promised]] as [string, string][]) : []),
          ...(shipment.destination
            ? ([['Destino', shipment.destination]] as [string, string][])
            : []),
        ],
      },
    ],
    links: [
      { label: 'Deixar instruções de entrega', href: links.note },
      { label: 'Acompanhar a encomenda', href: links.track },
    ],
  };
}
