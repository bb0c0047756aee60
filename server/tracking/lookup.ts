// The public lookup (GET /api/rastreio/{number}): what anyone may read of one number, and for a
// CPF or CNPJ of the shipments it sent or received. Never a name, an address, a phone or who on
// our staff did what (docs/access.md lists each field).
import { initials } from '../../src/domain/tracking-changes';
import {
  DELIVERED_STAGE,
  TRACKING_STAGES,
  normalizeStages,
  stageTimeField,
  stageTimesOf,
} from '../../src/domain/stages';
import { isValidCnpj, isValidCpf } from '../../src/domain/documents';
import { shipmentNumberProblem } from '../../src/domain/shipment-numbers';
import { destinationOf } from '../../src/domain/shipments';
import { attemptLogOf } from '../../src/domain/attempts';
import { stageFields, type Fields, type Row } from './stamps';

interface View {
  number: string;
  stages: number[];
  stageTimes: ReturnType<typeof stageTimesOf>;
  deliveredTo?: string;
  /** A shipment's promised date ('AAAA-MM-DD') and where it goes ('Goiânia - GO'). */
  promisedDate?: string;
  destination?: string;
  /** Failed delivery attempts: when and why, nothing else (no note, driver, place or photo). */
  attempts?: { at: string; reason: string }[];
  returnedAt?: string;
  /** A shipment's first events: when it was made, and when its request arrived (if any). */
  registeredAt?: string;
  requestedAt?: string;
  /** For a CPF or CNPJ: the shipments it sent or received (DocumentShipment). */
  shipments?: DocumentShipment[];
}

/**
 * What the public lookup shows of a record: its stages and their times, for a delivered parcel
 * the receiver's initials, and for a shipment its promised date and destination city. Never a
 * name, an address, a phone, a document, the photo or who on our staff did what.
 */
function viewOf(number: string, listed: unknown, receiverName: string, times: Fields): View {
  // A Go slice from a record, or the array parsed from a row's JSON.
  const stages = normalizeStages((listed || []) as readonly unknown[]);
  const view: View = { number, stages, stageTimes: stageTimesOf(times, stages) };
  if (stages.indexOf(DELIVERED_STAGE) !== -1 && receiverName) {
    view.deliveredTo = initials(receiverName);
  }
  return view;
}

/** The columns the lookup reads: what viewOf and the shipment's public details need. */
const LOOKUP_COLUMNS = [
  'number',
  'stages',
  'receiverName',
  'promisedDate',
  'recipientCity',
  'recipientState',
  'attemptLog',
  'returnedAt',
  'registeredAt',
  'created',
  'requestedAt',
  ...TRACKING_STAGES.map(({ stage }) => stageTimeField(stage)),
];

/** Written once per JS machine, not per lookup. */
const LOOKUP_SQL =
  'SELECT ' +
  LOOKUP_COLUMNS
    // A column added after a row was stored reads NULL (a JSON one): as empty text.
    .map((name) => 'COALESCE([[' + name + "]], '') AS [[" + name + ']]')
    .join(', ') +
  ' FROM tracking WHERE number = {:number} LIMIT 1';

/**
 * The public lookup: the view of one number, read with one query of just the columns it needs
 * (loading the whole record model was half of a lookup's time under load). Null: no such number.
 */
export function lookUp(app: core.App, number: string): View | null {
  const row: Row = {};
  for (let i = 0; i < LOOKUP_COLUMNS.length; i++) row[LOOKUP_COLUMNS[i]!] = '';
  const model = new DynamicModel(row) as unknown as Row;
  try {
    app.db().newQuery(LOOKUP_SQL).bind({ number }).one(model);
  } catch {
    return null; // no row
  }
  const view = viewOf(
    model.number,
    model.stages ? JSON.parse(model.stages) : [],
    model.receiverName,
    stageFields(model, stageTimeField),
  );
  if (model.promisedDate) view.promisedDate = model.promisedDate;
  const destination = destinationOf(model);
  if (destination) view.destination = destination;
  const attempts = publicAttempts(model.attemptLog);
  if (attempts.length) view.attempts = attempts;
  if (model.returnedAt) view.returnedAt = model.returnedAt;
  // A shipment (it has a destination) answers from the moment it is made, as every carrier's
  // tracking does: 'Remessa registrada', and 'Coleta solicitada' when it came from a request.
  if (destination) {
    view.registeredAt = model.registeredAt || model.created;
    if (model.requestedAt) view.requestedAt = model.requestedAt;
  }
  return view;
}

/** The public part of a stored attempt log: each attempt's time and reason. */
function publicAttempts(json: string): { at: string; reason: string }[] {
  try {
    return attemptLogOf(json ? JSON.parse(json) : []).map((a) => ({ at: a.at, reason: a.reason }));
  } catch {
    return [];
  }
}

/** One shipment found by a CPF or CNPJ: what the public may see of it, and nothing personal. */
interface DocumentShipment {
  number: string;
  stages: number[];
  destination?: string;
  promisedDate?: string;
  returnedAt?: string;
}

/** The most shipments a document lists (the newest). */
const DOCUMENT_SHIPMENTS_MAX = 20;

/**
 * The shipments where `document` (a CPF or CNPJ, digits) is the sender's or the recipient's,
 * newest first: number, stages, destination city, promise. Never a name, an address or a phone.
 */
export function shipmentsByDocument(app: core.App, document: string): DocumentShipment[] {
  const rows = arrayOf(
    new DynamicModel({
      number: '',
      stages: '',
      promisedDate: '',
      recipientCity: '',
      recipientState: '',
      returnedAt: '',
    }),
  );
  app
    .db()
    .newQuery(
      "SELECT number, COALESCE(stages, '') AS stages, COALESCE(promisedDate, '') AS promisedDate, " +
        "COALESCE(recipientCity, '') AS recipientCity, COALESCE(recipientState, '') AS recipientState, " +
        "COALESCE(returnedAt, '') AS returnedAt FROM tracking " +
        // Each side states its partial index's own condition, or SQLite scans the table.
        "WHERE ((senderDocument = {:document} AND senderDocument != '') OR " +
        "(recipientDocument = {:document} AND recipientDocument != '')) AND number != '' " +
        `ORDER BY created DESC LIMIT ${DOCUMENT_SHIPMENTS_MAX}`,
    )
    .bind({ document })
    .all(rows);
  return rows.map((row) => {
    const found: DocumentShipment = {
      number: row.number as string,
      stages: normalizeStages(row.stages ? JSON.parse(row.stages as string) : []),
    };
    const destination = destinationOf(row as unknown as Row);
    if (destination) found.destination = destination;
    if (row.promisedDate) found.promisedDate = row.promisedDate as string;
    if (row.returnedAt) found.returnedAt = row.returnedAt as string;
    return found;
  });
}

/** GET /api/rastreio/{number}: the public lookup's answer. */
export function answerLookup(e: core.RequestEvent): void {
  const number = e.request!.pathValue('number');
  if (!/^[0-9]{1,32}$/.test(number)) {
    throw new BadRequestError('Use apenas números no número de rastreio.');
  }
  // A CPF or CNPJ also lists the shipments it sent or received.
  const byDocument =
    (number.length === 11 && isValidCpf(number)) || (number.length === 14 && isValidCnpj(number))
      ? shipmentsByDocument(e.app, number)
      : [];
  const view = lookUp(e.app, number);
  if (!view && byDocument.length) {
    e.response.header().set('Cache-Control', 'no-store');
    e.json(200, { number, stages: [], stageTimes: {}, byDocument: true, shipments: byDocument });
    return;
  }
  if (view && byDocument.length) view.shipments = byDocument;
  // A mistyped shipment number (its last digit does not match): said as the page says it. A
  // record registered by hand under such a number is still found.
  const problem = view ? null : shipmentNumberProblem(number);
  if (problem) throw new BadRequestError(problem);
  if (!view) throw new NotFoundError('Número de rastreio não encontrado');
  e.response.header().set('Cache-Control', 'no-store');
  e.json(200, view);
}
