/**
 * Changes staff make to tracking records, made on a phone (often with no signal) and applied on
 * the server later, in the order they were made. One module for both sides: the phone checks a
 * change and shows it at once (`overlayChanges`), the server checks it again and merges it
 * (`mergeStageChange`): each stage on its own, the later action on a stage wins, so a driver's
 * 'Entregue' and an office change of stage 2 made offline on two phones both survive.
 */
import {
  addAttempt,
  attemptLogOf,
  ATTEMPT_MESSAGES,
  checkAttempt,
  positionProblem,
  type AttemptEntry,
  type AttemptReason,
} from './attempts';
import { isPinShape, PENDING_PIN, PIN_MAX_WRONG, PIN_MESSAGES, wrongPinsOf } from './delivery-pin';
import { isValidCpf } from './documents';
import { checkField } from './fields';
import {
  DELIVERED_STAGE,
  isTrackingStage,
  normalizeStages,
  stageByField,
  stageTimeField,
  stageTimesOf,
  type TrackingStage,
} from './stages';
import { receiverNoteOf, type ReceiverNote } from './receiver-notes';
import { storedPriceOf, type ShipmentPrice } from './pricing';
import { newNumberProblem } from './shipment-numbers';
import {
  checkShipment,
  isShipment,
  prepareShipment,
  shipmentOf,
  type ShipmentDetails,
  type ShipmentValues,
} from './shipments';
import { TRACKING_NUMBER_RULE } from './submissions';
import { isLetter } from './text';

/**
 * The most changes a phone sends in one request, and the most the server takes. A whole day's
 * queue (a hundred stops' changes) and an office's action on a couple of hundred shipments fit
 * one round trip: on a 3G signal each request costs seconds before a byte of it is read, and the
 * next batch cannot leave before the answer to the one before (the changes keep their order).
 * Each change is applied in its own transaction, so a long batch holds no lock for long.
 */
export const TRACKING_BATCH_MAX = 250;

interface ChangeBase {
  /** The record's id: made on the phone for a number it registers. */
  record: string;
  number: string;
  /** When the person made the change, on the phone's clock (ISO 8601). */
  at: string;
}

export type TrackingChange =
  | (ChangeBase & { op: 'register' })
  | (ChangeBase & { op: 'delete' })
  | (ChangeBase & {
      /**
       * A driver's planned order of its stops ('Subir', 'Descer'): the shipments' ids, first stop
       * first. `record` is the driver's account id (the change belongs to no one shipment).
       */
      op: 'route';
      order: string[];
    })
  | (ChangeBase & {
      /**
       * A shipment made or edited in the office form: its details as typed. A new one may come
       * without a number (the device had no reserved number left): the server gives it one.
       */
      op: 'shipment';
      fields: ShipmentValues;
      /** The request it comes from ('urgent:<id>'): one shipment per request. */
      request?: string;
      /** The driver's account id ('' for none); absent: left as it is. */
      driver?: string;
      /**
       * Ask for a delivery code (mailed to `recipientEmail`), or no longer; absent: a new shipment
       * asks above the declared value the server is set to, an edit leaves it as it is.
       */
      deliveryPin?: boolean;
    })
  | (ChangeBase & {
      /**
       * A wrong delivery code typed on the phone (the phone checked it against the shipment's
       * hash): the server checks it again and counts it; the fifth sends the stop to 'Pendências'.
       */
      op: 'pin';
      /** This try's own id, made on the phone: a resend counts once. */
      attempt: string;
      pin: string;
    })
  | (ChangeBase & {
      /** 'Não entregue': a failed delivery attempt, with its reason (the photo follows apart). */
      op: 'attempt';
      /** The attempt's own id, made on the phone. */
      attempt: string;
      reason: AttemptReason;
      note?: string;
      /** Only when the driver allowed the phone to share its position. */
      latitude?: number;
      longitude?: number;
    })
  | (ChangeBase & {
      /** The office's decision on a shipment in 'Pendências'. */
      op: 'decision';
      decision: 'retry' | 'return';
      /** With 'retry': the driver who tries again ('' for none). */
      driver?: string;
    })
  | (ChangeBase & {
      /**
       * The office gives a shipment to a driver, or takes it from one (`driver` ''): only its
       * driver changes. The later choice wins, as with a shipment's details.
       */
      op: 'assign';
      driver: string;
    })
  | (ChangeBase & {
      /** 'Etiqueta impressa': the office printed the shipment's label (recorded in its history). */
      op: 'label';
    })
  | (ChangeBase & {
      op: 'stage';
      stage: TrackingStage;
      set: boolean;
      /** Proof of delivery, with stage 4 set. */
      receiverName?: string;
      receiverCpf?: string;
      /** The delivery code as the receiver told it, when the shipment asks for one. */
      pin?: string;
      /** Where the phone was at the delivery, only when the driver allowed it to share that. */
      latitude?: number;
      longitude?: number;
    });

export type StageChange = Extract<TrackingChange, { op: 'stage' }>;
export type RouteChange = Extract<TrackingChange, { op: 'route' }>;
export type AttemptChange = Extract<TrackingChange, { op: 'attempt' }>;
export type DecisionChange = Extract<TrackingChange, { op: 'decision' }>;
export type AssignChange = Extract<TrackingChange, { op: 'assign' }>;
export type LabelChange = Extract<TrackingChange, { op: 'label' }>;
export type PinChange = Extract<TrackingChange, { op: 'pin' }>;

/** The most stops a driver orders at once (a day's work is far fewer). */
export const MAX_STOPS = 500;
export type ShipmentChange = Extract<TrackingChange, { op: 'shipment' }>;

/** 'urgent:<record id>': the request a shipment comes from. */
export const REQUEST_LINK = /^(quote|urgent|pickup):[a-z0-9]{15}$/;

export const RECEIVER_NAME_MAX = 120;
/** The largest delivery photo the server takes; the phone shrinks to about 300 KB first. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_MAX_SIDE = 1600;
export const PHOTO_TARGET_BYTES = 300 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** A phone's clock may run a little ahead of the server's. */
const CLOCK_SKEW_MS = 5 * 60_000;

export const CHANGE_MESSAGES = {
  op: 'Mudança desconhecida.',
  stage: 'Etapa desconhecida: use de 1 a 4.',
  atInvalid: 'Horário da mudança inválido.',
  atFuture: 'O horário da mudança está no futuro: confira o relógio do aparelho.',
  atBeforeRecord: 'O horário da mudança é anterior ao registro do número.',
  receiverRequired: 'Informe o nome de quem recebeu.',
  receiverLong: `Nome longo demais (até ${RECEIVER_NAME_MAX} caracteres).`,
  cpf: 'CPF inválido',
  photoType: 'A foto precisa ser uma imagem (JPEG, PNG ou WebP).',
  photoSize: 'A foto passa de 5 MB.',
  deleted: 'Este número foi excluído em outro aparelho; a mudança não foi aplicada.',
  merged: 'Este número já tinha sido registrado em outro aparelho: as mudanças foram juntadas.',
  request: 'Solicitação de origem inválida.',
  driverOnlyStages: 'Motoristas marcam só as etapas das remessas da sua lista.',
  order: 'Ordem das paradas inválida.',
  notYours: 'Esta remessa não está na sua lista.',
  driverUnknown: 'Escolha um motorista da lista.',
  assignDelivered: 'Remessa já entregue: não alterada.',
  assignReturned: 'Remessa devolvida: não alterada.',
  assignPending: 'Remessa em Pendências: não alterada (decida por lá).',
  assignNotShipment: 'Número sem dados de remessa: não alterado.',
} as const;

/** The record field that holds when a stage was last changed (set or unset). */
export function stageChangedField(stage: TrackingStage): `stage${TrackingStage}ChangedAt` {
  return `stage${stage}ChangedAt`;
}

/** The time of a change being made now, as it travels (ISO 8601, UTC). */
export const newChangeTime = () => new Date().toISOString();

/** PocketBase's stored form of a time ('2026-11-22 14:32:00.000Z'), from ISO 8601. */
export function storedTime(iso: string): string {
  return iso.replace('T', ' ');
}

/** Milliseconds of an ISO or stored time; NaN when it is neither. */
function timeOf(value: string): number {
  return /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d/.test(value) ? Date.parse(value.replace(' ', 'T')) : NaN;
}

/**
 * What is wrong with a change, field by field ({} when nothing): the phone checks before it
 * queues, the server again before it applies. `createdAt` is the record's, when it exists.
 */
export function checkTrackingChange(
  made: object,
  context: { now: number; createdAt?: string },
): Record<string, string> {
  const change = made as Record<string, unknown>;
  const problems: Record<string, string> = {};
  const op = change.op;
  if (
    op !== 'register' &&
    op !== 'stage' &&
    op !== 'delete' &&
    op !== 'shipment' &&
    op !== 'route' &&
    op !== 'attempt' &&
    op !== 'decision' &&
    op !== 'assign' &&
    op !== 'label' &&
    op !== 'pin'
  ) {
    return { op: CHANGE_MESSAGES.op };
  }
  if (op === 'route') {
    const order = change.order;
    const fine =
      Array.isArray(order) &&
      order.length <= MAX_STOPS &&
      order.every((id) => typeof id === 'string' && /^[a-z0-9]{15}$/.test(id));
    return fine ? {} : { order: CHANGE_MESSAGES.order };
  }
  // A shipment made with no reserved number left has none until the server gives it one; changes
  // to it made meanwhile find it by its id.
  const provisional = op !== 'register' && !change.number;
  const number = provisional
    ? null
    : (checkField(TRACKING_NUMBER_RULE, change.number, {}) ??
      // A new record: a shipment number (its check digit right) or a CPF or CNPJ, caught before it
      // is queued, and again on the server. Older records under other numbers keep working.
      (op === 'register' || op === 'shipment' ? newNumberProblem(String(change.number)) : null));
  if (number) problems.number = number;
  const at = timeOf(String(change.at ?? ''));
  const created = context.createdAt ? timeOf(context.createdAt) : NaN;
  if (Number.isNaN(at)) problems.at = CHANGE_MESSAGES.atInvalid;
  else if (at > context.now + CLOCK_SKEW_MS) problems.at = CHANGE_MESSAGES.atFuture;
  else if (op !== 'register' && at < created - CLOCK_SKEW_MS) {
    problems.at = CHANGE_MESSAGES.atBeforeRecord;
  }
  if (op === 'shipment') {
    const fields = change.fields;
    if (!fields || typeof fields !== 'object') return { ...problems, fields: CHANGE_MESSAGES.op };
    Object.assign(problems, checkShipment(fields as Record<string, unknown>));
    if (change.request !== undefined && !REQUEST_LINK.test(String(change.request))) {
      problems.request = CHANGE_MESSAGES.request;
    }
    if (change.driver !== undefined && !/^([a-z0-9]{15})?$/.test(String(change.driver))) {
      problems.driver = CHANGE_MESSAGES.driverUnknown;
    }
    const email = String((fields as Record<string, unknown>).recipientEmail ?? '').trim();
    if (change.deliveryPin === true && !email && !problems.recipientEmail) {
      problems.recipientEmail = PIN_MESSAGES.emailRequired;
    }
    return problems;
  }
  if (op === 'pin') {
    if (!/^[a-z0-9]{15}$/.test(String(change.attempt ?? '')))
      problems.attempt = PIN_MESSAGES.attempt;
    if (!isPinShape(change.pin)) problems.pin = PIN_MESSAGES.format;
    return problems;
  }
  if (op === 'assign') {
    if (typeof change.driver !== 'string' || !/^([a-z0-9]{15})?$/.test(change.driver)) {
      problems.driver = CHANGE_MESSAGES.driverUnknown;
    }
    return problems;
  }
  if (op === 'attempt') return { ...problems, ...checkAttempt(change) };
  if (op === 'decision') {
    if (change.decision !== 'retry' && change.decision !== 'return') {
      problems.decision = ATTEMPT_MESSAGES.decision;
    }
    if (change.driver !== undefined && !/^([a-z0-9]{15})?$/.test(String(change.driver))) {
      problems.driver = CHANGE_MESSAGES.driverUnknown;
    }
    return problems;
  }
  if (op !== 'stage') return problems;

  const stage = typeof change.stage === 'string' ? Number(change.stage) : change.stage;
  if (!isTrackingStage(stage)) problems.stage = CHANGE_MESSAGES.stage;
  const set = change.set === true || change.set === 'true';
  if (stage === DELIVERED_STAGE && set) {
    const name = String(change.receiverName ?? '').trim();
    if (!name) problems.receiverName = CHANGE_MESSAGES.receiverRequired;
    else if (name.length > RECEIVER_NAME_MAX) problems.receiverName = CHANGE_MESSAGES.receiverLong;
    const cpf = String(change.receiverCpf ?? '').replace(/\D/g, '');
    if (cpf && !isValidCpf(cpf)) problems.receiverCpf = CHANGE_MESSAGES.cpf;
    // Whether the shipment asks for a code is the record's to say (the server's check).
    if (change.pin !== undefined && change.pin !== '' && !isPinShape(change.pin)) {
      problems.pin = PIN_MESSAGES.format;
    }
    const position = positionProblem(change);
    if (position) problems.position = position;
  }
  return problems;
}

/** A photo's problem by its type and size, or null. */
export function checkPhoto(type: string, size: number): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(type)) return CHANGE_MESSAGES.photoType;
  if (size > PHOTO_MAX_BYTES) return CHANGE_MESSAGES.photoSize;
  return null;
}

/** The fields a stage change writes, or null when a later action on that stage already won. */
export function mergeStageChange(
  record: Record<string, unknown>,
  change: StageChange,
  actor: string,
): Record<string, unknown> | null {
  const { stage } = change;
  const at = storedTime(change.at);
  const last =
    String(record[stageChangedField(stage)] ?? '') || String(record[stageTimeField(stage)] ?? '');
  if (last && timeOf(last) >= timeOf(at)) return null;
  const stages = normalizeStages(record.stages as unknown[]);
  const next = change.set ? normalizeStages([...stages, stage]) : stages.filter((s) => s !== stage);
  const fields: Record<string, unknown> = {
    stages: next.map(String),
    [stageChangedField(stage)]: at,
    [stageTimeField(stage)]: change.set ? at : '',
    [stageByField(stage)]: change.set ? actor : '',
  };
  if (stage === DELIVERED_STAGE) {
    fields.receiverName = change.set ? (change.receiverName ?? '').trim() : '';
    fields.receiverCpf = change.set ? (change.receiverCpf ?? '').replace(/\D/g, '') : '';
    // Where it was delivered ('Comprovante de entrega'); 0, 0 when the phone did not share it.
    const shared = change.set && change.latitude !== undefined && change.longitude !== undefined;
    fields.deliveryLatitude = shared ? Number(change.latitude) : 0;
    fields.deliveryLongitude = shared ? Number(change.longitude) : 0;
  }
  return fields;
}

/**
 * 'Maria da Silva Souza' → 'M. S. S.': who received a parcel, as the public lookup shows it. Only
 * letters count: markup, emoji and punctuation typed with a name never reach the public page.
 */
export function initials(name: string): string {
  return name
    .normalize('NFC')
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .map((word) => Array.from(word).filter(isLetter).join(''))
    .filter((word) => word && !/^(da|de|do|das|dos|e)$/i.test(word))
    .map((word) => `${Array.from(word)[0]!.toLocaleUpperCase('pt-BR')}.`)
    .join(' ');
}

/** A tracking record as staff see it, on the screen and on the phone. */
export interface TrackingRow {
  id: string;
  number: string;
  stages: TrackingStage[];
  stageTimes: Record<string, string>;
  /** Who marked each set stage, by stage. */
  stageBy: Record<string, string>;
  registeredBy: string;
  receiverName: string;
  receiverCpf: string;
  /** The delivery photo's file name (a protected file: staff only). */
  photo: string;
  /** The receiver's signature drawn on the phone (a protected PNG: staff only), or ''. */
  signature?: string;
  /** A shipment's parties, contents and promise (absent for a number registered by hand). */
  shipment?: ShipmentDetails;
  /** The request it came from ('urgent:<id>'), or ''. */
  request: string;
  /** The driver's account id, or ''. */
  driver: string;
  /** Its place in the driver's planned order (1 = first stop), 0 when not ordered yet. */
  stopOrder: number;
  /** Failed delivery attempts, oldest first. */
  attempts: AttemptEntry[];
  /** In the office's 'Pendências' since (after the last allowed attempt), or ''. */
  pendingSince: string;
  /** Returned to the sender at, or ''. */
  returnedAt: string;
  /** How many people follow the number by e-mail ('Avise-me'); never who. */
  followers?: number;
  /** The delivery code's salt and hash, when the shipment asks for one (never the code). */
  pin?: { salt: string; hash: string };
  /** Wrong delivery codes counted so far. */
  pinWrong?: number;
  /** Why it is in 'Pendências' when not for its attempts ('pin': wrong codes), or ''. */
  pendingReason?: string;
  /** What the receiver asked through their private link ('Recado do recebedor'), if anything. */
  receiverNote?: ReceiverNote;
  /** A shipment's price as the server worked it out (none until the server has the shipment). */
  price?: ShipmentPrice;
  created: string;
  updated: string;
}

/** A record as the server sends it (API or realtime) → the row staff see. */
export function trackingRowOf(record: Record<string, unknown>): TrackingRow {
  const stages = normalizeStages((record.stages as unknown[]) ?? []);
  return {
    id: String(record.id),
    number: String(record.number ?? ''),
    stages,
    stageTimes: stageTimesOf(record, stages),
    stageBy: Object.fromEntries(stages.map((s) => [s, String(record[stageByField(s)] ?? '')])),
    registeredBy: String(record.registeredBy ?? ''),
    receiverName: String(record.receiverName ?? ''),
    receiverCpf: String(record.receiverCpf ?? ''),
    photo: String(record.deliveryPhoto ?? ''),
    signature: String(record.deliverySignature ?? ''),
    ...(record.recipientName ? { shipment: shipmentOf(record) } : {}),
    ...(storedPriceOf(record) ? { price: storedPriceOf(record) } : {}),
    request: String(record.request ?? ''),
    driver: String(record.driver ?? ''),
    stopOrder: Number(record.stopOrder ?? 0) || 0,
    attempts: attemptLogOf(record.attemptLog),
    pendingSince: String(record.pendingSince ?? ''),
    returnedAt: String(record.returnedAt ?? ''),
    followers: Number(record.followers ?? 0) || 0,
    ...(record.pinHash && record.pinSalt
      ? { pin: { salt: String(record.pinSalt), hash: String(record.pinHash) } }
      : {}),
    pinWrong: wrongPinsOf(record.pinWrong).length,
    pendingReason: String(record.pendingReason ?? ''),
    ...(receiverNoteOf(record) ? { receiverNote: receiverNoteOf(record) } : {}),
    created: String(record.created ?? ''),
    updated: String(record.updated ?? ''),
  };
}

export type ShownRow = TrackingRow & { waiting?: boolean };

/** A row with nothing on it yet: a number just registered on this phone. */
export function emptyRow(id: string, number: string, actor: string, at: string): TrackingRow {
  return {
    id,
    number,
    stages: [],
    stageTimes: {},
    stageBy: {},
    registeredBy: actor,
    receiverName: '',
    receiverCpf: '',
    photo: '',
    request: '',
    driver: '',
    stopOrder: 0,
    attempts: [],
    pendingSince: '',
    returnedAt: '',
    created: at,
    updated: at,
  };
}

/**
 * The list as the phone shows it: the server's rows with the changes still waiting on the device
 * applied on top, in the order they were made, each touched row marked as waiting.
 */
export function overlayChanges(
  rows: readonly TrackingRow[],
  changes: readonly TrackingChange[],
  actor: string,
): ShownRow[] {
  if (changes.length === 0) return rows as ShownRow[];
  // Only the rows the changes name are looked up: ten thousand rows are not copied into a map for
  // a few hundred changes.
  const named = new Set<string>();
  for (const change of changes) {
    if (change.op === 'route') for (const id of change.order) named.add(id);
    else named.add(change.record);
  }
  const byId = new Map<string, ShownRow>();
  for (const row of rows) if (named.has(row.id)) byId.set(row.id, row);
  const added: string[] = [];
  for (const change of changes) {
    if (change.op === 'route') {
      change.order.forEach((id, i) => {
        const stop = byId.get(id);
        if (stop) byId.set(id, { ...stop, stopOrder: i + 1, waiting: true });
      });
      continue;
    }
    const row = byId.get(change.record);
    if (change.op === 'shipment') {
      const prepared = prepareShipment(change.fields);
      if (!prepared.ok) continue;
      const fresh: ShownRow = row ?? {
        ...emptyRow(change.record, change.number, actor, storedTime(change.at)),
        request: change.request ?? '',
      };
      if (!row) added.unshift(fresh.id);
      byId.set(fresh.id, {
        ...fresh,
        shipment: prepared.details,
        // The driver chosen in the form: the romaneio and the office's list show it at once.
        ...(change.driver !== undefined && change.driver !== fresh.driver
          ? { driver: change.driver, stopOrder: 0 }
          : {}),
        // No code asked any more: the phone stops asking for it at once.
        ...(change.deliveryPin === false ? { pin: undefined } : {}),
        waiting: true,
      });
    } else if (change.op === 'register') {
      if (row) continue;
      const fresh: ShownRow = {
        ...emptyRow(change.record, change.number, actor, storedTime(change.at)),
        waiting: true,
      };
      byId.set(fresh.id, fresh);
      added.unshift(fresh.id);
    } else if (change.op === 'delete') {
      byId.delete(change.record);
    } else if (change.op === 'attempt') {
      if (!row) continue;
      const added = addAttempt(row.attempts, {
        id: change.attempt,
        at: storedTime(change.at),
        reason: change.reason,
        note: change.note ?? '',
        by: actor,
      });
      if (!added) continue;
      byId.set(row.id, {
        ...row,
        attempts: added.log,
        pendingSince: added.pending ? storedTime(change.at) : row.pendingSince,
        waiting: true,
      });
    } else if (change.op === 'decision') {
      if (!row) continue;
      byId.set(row.id, {
        ...row,
        pendingSince: '',
        pendingReason: '',
        pinWrong: 0,
        returnedAt: change.decision === 'return' ? storedTime(change.at) : '',
        driver: change.decision === 'retry' ? (change.driver ?? row.driver) : row.driver,
        waiting: true,
      });
    } else if (change.op === 'assign') {
      // A change the server would refuse (delivered, returned, ...) is not shown as done.
      if (!row || assignProblem(row)) continue;
      byId.set(row.id, {
        ...row,
        driver: change.driver,
        stopOrder: change.driver === row.driver ? row.stopOrder : 0,
        waiting: true,
      });
    } else if (change.op === 'label') {
      // A printed label changes nothing on the row (only the shipment's history on the server).
      continue;
    } else if (change.op === 'pin') {
      if (!row) continue;
      const wrong = (row.pinWrong ?? 0) + 1;
      const pending = wrong >= PIN_MAX_WRONG && !row.pendingSince;
      byId.set(row.id, {
        ...row,
        pinWrong: wrong,
        ...(pending ? { pendingSince: storedTime(change.at), pendingReason: PENDING_PIN } : {}),
        waiting: true,
      });
    } else if (row) {
      const stages = change.set
        ? normalizeStages([...row.stages, change.stage])
        : row.stages.filter((s) => s !== change.stage);
      const stageTimes = { ...row.stageTimes };
      const stageBy = { ...row.stageBy };
      if (change.set) {
        stageTimes[change.stage] = storedTime(change.at);
        stageBy[change.stage] = actor;
      } else {
        delete stageTimes[change.stage];
        delete stageBy[change.stage];
      }
      const delivered = change.stage === DELIVERED_STAGE;
      byId.set(row.id, {
        ...row,
        stages,
        stageTimes,
        stageBy,
        receiverName: delivered
          ? change.set
            ? (change.receiverName ?? '')
            : ''
          : row.receiverName,
        waiting: true,
      });
    }
  }
  const shown: ShownRow[] = [];
  for (const id of added) if (byId.has(id)) shown.push(byId.get(id)!);
  for (const row of rows) {
    if (!named.has(row.id)) shown.push(row);
    else if (byId.has(row.id)) shown.push(byId.get(row.id)!);
  }
  return shown;
}

/**
 * Why a row's driver would not be changed ('assign'), or null when it can be: what the office
 * screen says per shipment before it queues the change, and the server's own refusal.
 */
export function assignProblem(
  row: Pick<TrackingRow, 'stages' | 'returnedAt' | 'pendingSince' | 'shipment'>,
): string | null {
  if (row.stages.includes(DELIVERED_STAGE)) return CHANGE_MESSAGES.assignDelivered;
  if (row.returnedAt) return CHANGE_MESSAGES.assignReturned;
  // Out of 'Pendências' only by the office's decision there (a new attempt, with its driver).
  if (row.pendingSince) return CHANGE_MESSAGES.assignPending;
  // A number registered by hand has no address: a driver could not deliver it.
  if (!isShipment(row.shipment)) return CHANGE_MESSAGES.assignNotShipment;
  return null;
}

/** The office's 'Pendências': shipments whose attempts ran out, oldest first, to decide. */
export function pendingShipments<T extends TrackingRow>(rows: readonly T[]): T[] {
  return rows.filter(awaitsDecision).sort((a, b) => (a.pendingSince < b.pendingSince ? -1 : 1));
}

/** A shipment in 'Pendências': waiting for the office's decision (not delivered, not returned). */
export function awaitsDecision(row: TrackingRow): boolean {
  return Boolean(row.pendingSince) && !row.returnedAt && !row.stages.includes(DELIVERED_STAGE);
}
