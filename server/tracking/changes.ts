// Tracking records: the stage stamps, and the one route that changes a record (the public lookup
// is lookup.ts beside it).
import {
  CHANGE_MESSAGES,
  checkPhoto,
  checkTrackingChange,
  mergeStageChange,
  stageChangedField,
  storedTime,
  TRACKING_BATCH_MAX,
  type StageChange,
} from '../../src/domain/tracking-changes';
import {
  DELIVERED_STAGE,
  TRACKING_STAGES,
  normalizeStages,
  stageByField,
  stageTimeField,
  stampStageAuthors,
  stampStageTimes,
  type TrackingStage,
} from '../../src/domain/stages';
import { stored } from '../core/config';
import { admit } from '../http/roles';
import {
  batchFailure,
  fieldErrors,
  refusedSave,
  saveOrRefuse,
  type BatchFailure,
} from '../core/errors';
import { checkField } from '../../src/domain/fields';
import { TRACKING_NUMBER_RULE } from '../../src/domain/submissions';
import { takeReservedNumber } from './numbers';
import { applyAssign, applyShipment, checkDriver } from './shipments';
import type {
  AssignChange,
  AttemptChange,
  DecisionChange,
  ShipmentChange,
} from '../../src/domain/tracking-changes';
import {
  anonymizeHistoryOf,
  driverName,
  hasHistory,
  historyOfDashboardCreate,
  writeHistory,
} from './history';
import { applyAttempt, applyDecision, attachPhoto } from './attempts';
import { applyWrongPin, deliveryPinProblem, pinAboveCents } from './delivery-pin';
import { ATTEMPT_MESSAGES } from '../../src/domain/attempts';

export type Fields = { [name: string]: string };
/** A row read into a DynamicModel: its columns as properties. */
export type Row = { [column: string]: string };

/** The record's per-stage fields (`field(stage)`) as a plain object (a record, or a row's columns). */
export function stageFields(
  record: core.Record | Row,
  field: (stage: TrackingStage) => string,
): Fields {
  const out: Fields = {};
  // Indexed: every public lookup runs this in PocketBase's JS engine, where a for-of with
  // destructuring makes an iterator per step.
  for (let i = 0; i < TRACKING_STAGES.length; i++) {
    const name = field(TRACKING_STAGES[i]!.stage);
    out[name] = isRecord(record) ? record.getString(name) : record[name];
  }
  return out;
}

function isRecord(value: core.Record | Row): value is core.Record {
  return typeof (value as core.Record).getString === 'function';
}

/** Sort and de-duplicate the stages; stamp newly set ones with the time now, clear unset ones. */
export function stampStages(record: core.Record): void {
  const stages = normalizeStages(record.get('stages'));
  record.set('stages', stages.map(String));
  const fields = stampStageTimes(stages, stageFields(record, stageTimeField), stored());
  for (const name in fields) record.set(name, fields[name]);
}

/** Who is acting: the staff member's name, or the e-mail when the account has none. */
function actor(e: core.RequestEvent): string {
  return e.auth ? actorOf(e.auth) : '';
}

function actorOf(auth: core.Record): string {
  return auth.getString('name') || auth.email() || '';
}

/**
 * Say who did it: the staff member who registers a number, and who marked each stage (a stage
 * kept from before keeps its author). Whatever a client sends in these fields is ignored.
 */
export function stampAuthors(e: core.RecordRequestEvent, isNew: boolean): void {
  // An unknown stage is refused by name, not silently dropped.
  const sent = (e.requestInfo().body || {}).stages;
  const list = Array.isArray(sent) ? sent : sent === undefined || sent === null ? [] : [sent];
  for (const value of list) {
    if (['1', '2', '3', '4'].indexOf(String(value)) === -1) {
      throw new BadRequestError('Dados inválidos.', {
        stages: new ValidationError('invalid_stages', 'Etapa desconhecida: use de 1 a 4.'),
      });
    }
  }
  const record = e.record!;
  const stages = normalizeStages(record.get('stages'));
  const before = isNew ? {} : stageFields(record.original(), stageByField);
  const fields = stampStageAuthors(stages, before, actor(e));
  for (const name in fields) record.set(name, fields[name]);
  record.set('registeredBy', isNew ? actor(e) : record.original().getString('registeredBy'));
}

/** The change a phone sent, as JSON or as a form with the delivery photo. */
function readChange(e: core.RequestEvent) {
  return changeOf(e.requestInfo().body || {});
}

type SentChange = ReturnType<typeof changeOf>;

/** One change's fields as sent (anything missing reads as empty). */
function changeOf(body: { [name: string]: unknown }) {
  const text = (name: string) =>
    body[name] === undefined || body[name] === null ? '' : String(body[name]);
  return {
    op: text('op'),
    record: text('record'),
    number: text('number'),
    at: text('at'),
    stage: Number(text('stage')),
    set: body.set === true || text('set') === 'true',
    receiverName: text('receiverName'),
    receiverCpf: text('receiverCpf'),
    fields: fieldsOf(body.fields),
    ...(body.request === undefined || body.request === null || body.request === ''
      ? {}
      : { request: text('request') }),
    ...(body.driver === undefined || body.driver === null ? {} : { driver: text('driver') }),
    ...(Array.isArray(body.order) ? { order: (body.order as unknown[]).map(String) } : {}),
    attempt: text('attempt'),
    reason: text('reason'),
    note: text('note'),
    ...(body.latitude === undefined || body.latitude === null || body.latitude === ''
      ? {}
      : { latitude: Number(body.latitude), longitude: Number(body.longitude) }),
    decision: text('decision'),
    pin: text('pin'),
    ...(body.deliveryPin === undefined || body.deliveryPin === null
      ? {}
      : { deliveryPin: body.deliveryPin === true || text('deliveryPin') === 'true' }),
  };
}

/** A shipment's fields as sent: only text values (anything else reads as empty). */
function fieldsOf(sent: unknown): { [name: string]: string } | undefined {
  if (!sent || typeof sent !== 'object' || Array.isArray(sent)) return undefined;
  const out: { [name: string]: string } = {};
  for (const [name, value] of Object.entries(sent as { [name: string]: unknown })) {
    out[name] = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  return out;
}

function uploadedPhoto(e: core.RequestEvent): filesystem.File | null {
  try {
    const files = e.findUploadedFiles('photo');
    return (files && files[0]) || null;
  } catch {
    return null; // no photo sent
  }
}

function findById(app: core.App, id: string): core.Record | null {
  if (!id) return null;
  try {
    return app.findRecordById('tracking', id);
  } catch {
    return null;
  }
}

export function findByNumber(app: core.App, number: string): core.Record | null {
  try {
    return app.findFirstRecordByData('tracking', 'number', number);
  } catch {
    return null;
  }
}

/**
 * POST /api/equipe/rastreios: one change made on a staff phone (register, stage, delete), applied
 * in a transaction so two phones' changes to one record never overwrite each other. Re-sending a
 * change is harmless: a register with a known id, a stage change no newer than the stage's last
 * one and a delete of a record already gone all answer as done.
 */
export function applyChange(e: core.RequestEvent): void {
  admit(e, ['office', 'driver']);
  e.json(200, applyOne(e.app, e.auth!, readChange(e), uploadedPhoto(e)));
}

/** What the batch answers for one change: the single route's answer, or its error. */
type BatchResult = { status: 200; answer: object } | BatchFailure;

/**
 * POST /api/equipe/rastreios/lote: several changes of one phone in the order they were made, each
 * applied as the single route applies it (its own transaction), with one answer per change. On a
 * weak signal the queue goes in a few round trips instead of one per change. A change refused
 * (4xx) does not stop the ones after it, as the phone's outbox would go on; a server failure does:
 * it is answered, the rest are left unanswered, and the phone sends them all again later.
 */
export function applyBatch(e: core.RequestEvent): void {
  admit(e, ['office', 'driver']);
  const body = e.requestInfo().body || {};
  const changes = body.changes;
  if (!Array.isArray(changes) || changes.length === 0 || changes.length > TRACKING_BATCH_MAX) {
    throw fieldErrors({ changes: `Envie de 1 a ${TRACKING_BATCH_MAX} mudanças.` });
  }
  const results: BatchResult[] = [];
  // A record this batch found under another id (a number registered on another phone first) or
  // gave a number: the later changes of the batch, made on the phone before it knew, follow it.
  const moved: { [sentId: string]: { id: string; number: string } } = {};
  for (const sent of changes as unknown[]) {
    const fields = sent && typeof sent === 'object' ? (sent as { [name: string]: unknown }) : {};
    const change = changeOf(fields);
    const sentId = change.record;
    const to = moved[sentId];
    if (to) {
      change.record = to.id;
      change.number = to.number;
    }
    try {
      const answer = applyOne(e.app, e.auth!, change, null) as { record?: core.Record };
      results.push({ status: 200, answer });
      const record = answer.record;
      if (record && (record.id !== change.record || record.getString('number') !== change.number)) {
        moved[sentId] = { id: record.id, number: record.getString('number') };
      }
    } catch (err) {
      const failure = batchFailure(err);
      results.push(failure);
      if (failure.status >= 500) break;
    }
  }
  e.json(200, { results });
}

/**
 * One change, as the route above and the batch route apply it: checked, then merged in its own
 * transaction. Throws the API error the phone reads (400 with the fields, 403, 404).
 */
function applyOne(
  app: core.App,
  auth: core.Record,
  change: SentChange,
  photo: filesystem.File | null,
): object {
  const who = actorOf(auth);
  const by = { id: auth.id, name: who };
  // A driver marks stages of the shipments assigned to it, and nothing else.
  const driver = isDriver(auth);
  if (
    driver &&
    change.op !== 'stage' &&
    change.op !== 'route' &&
    change.op !== 'attempt' &&
    change.op !== 'pin'
  ) {
    throw new ForbiddenError(
      change.op === 'decision' ? ATTEMPT_MESSAGES.officeOnly : CHANGE_MESSAGES.driverOnlyStages,
    );
  }
  if (change.op === 'route') {
    const problems = checkTrackingChange(change, { now: Date.now() });
    if (Object.keys(problems).length) throw fieldErrors(problems);
    // A driver orders its own stops; the office gives a driver's stops a first order (by CEP),
    // naming the driver in `record`.
    const owner = driver ? auth.id : change.record;
    if (!driver) checkDriver(app, owner);
    // The moved stops come back as saved: the phone keeps them as the server dated them, so the
    // realtime events of an earlier order that arrive after this answer are known to be older
    // (they put the list back to that order for a moment, under a finger about to drag a stop).
    const records: core.Record[] = [];
    app.runInTransaction((txApp) => {
      (change.order as string[]).forEach((id, i) => {
        const record = findById(txApp, id);
        // Only that driver's shipments; one taken from it meanwhile is skipped.
        if (!record || record.getString('driver') !== owner) return;
        if (record.getInt('stopOrder') === i + 1) return;
        record.set('stopOrder', i + 1);
        txApp.save(record);
        records.push(record);
      });
    });
    return { ordered: records.length, records };
  }
  let answer: object = {};
  // A wrong delivery code is refused after the transaction, so that its count is kept.
  let wrongPin = '';
  app.runInTransaction((txApp) => {
    const found = findById(txApp, change.record);
    // A driver sees nothing of a record that is not its own, not even when it was made (a change
    // dated before it would otherwise be refused by that, telling the record exists).
    const record = found && driver && found.getString('driver') !== auth.id ? null : found;
    const problems = checkTrackingChange(change, {
      now: Date.now(),
      createdAt: record
        ? record.getString('registeredAt') || record.getString('created')
        : undefined,
    });
    if (photo) {
      const wrong = checkPhoto(photoType(photo), photo.size);
      if (wrong) problems.photo = wrong;
    }
    if (Object.keys(problems).length) throw fieldErrors(problems);

    if (change.op === 'shipment') {
      try {
        answer = applyShipment(txApp, change as ShipmentChange, record, by);
      } catch (err) {
        throw refusedSave(err);
      }
      return;
    }

    if (change.op === 'register') {
      if (record) {
        answer = { record };
        return;
      }
      const same = findByNumber(txApp, change.number);
      if (same) {
        answer = { record: same, merged: true, message: CHANGE_MESSAGES.merged };
        return;
      }
      // A shipment number must be one this account reserved and has not used.
      takeReservedNumber(txApp, change.number, auth.id);
      const fresh = new Record(txApp.findCollectionByNameOrId('tracking'));
      if (/^[a-z0-9]{15}$/.test(change.record)) fresh.set('id', change.record);
      fresh.set('number', change.number);
      fresh.set('stages', []);
      fresh.set('registeredBy', who);
      fresh.set('registeredAt', storedTime(change.at));
      txApp.save(fresh);
      writeHistory(txApp, fresh, 'created', by, storedTime(change.at), { kind: 'number' });
      answer = { record: fresh };
      return;
    }

    if (change.op === 'delete') {
      if (record) {
        // Its last row: the history outlives the record, but not the personal data the deletion
        // removed (its edits' old and new values go as on an erased shipment).
        writeHistory(txApp, record, 'deleted', by, storedTime(change.at));
        txApp.delete(record);
        anonymizeHistoryOf(txApp, record.id);
      }
      answer = { deleted: change.record };
      return;
    }

    if (!record) throw notFoundFor(auth);
    if (change.op === 'assign') {
      answer = applyAssign(txApp, record, change as unknown as AssignChange, by);
      return;
    }
    if (change.op === 'label') {
      // Printed once or again later, each print is a row; the same print resent is not.
      const at = storedTime(change.at);
      const again = hasHistory(txApp, record.id, 'label', auth.id, at);
      if (!again) writeHistory(txApp, record, 'label', by, at);
      answer = { record, applied: !again };
      return;
    }
    if (change.op === 'attempt') {
      const driverBefore = record.getString('driver');
      const pendingBefore = Boolean(record.getString('pendingSince'));
      const done = applyAttempt(txApp, record, change as unknown as AttemptChange, who);
      if (done.applied) {
        const pending = !pendingBefore && Boolean(record.getString('pendingSince'));
        const taken = driverBefore && !record.getString('driver') ? driverBefore : '';
        writeHistory(txApp, record, 'attempt', by, storedTime(change.at), {
          attempt: change.attempt,
          reason: change.reason,
          ...(pending ? { pending: true } : {}),
          ...(taken ? { from: taken, fromName: driverName(txApp, taken) } : {}),
        });
      }
      answer = done;
      return;
    }
    if (change.op === 'pin') {
      answer = applyWrongPin(txApp, record, change, by);
      return;
    }
    if (change.op === 'decision') {
      const done = applyDecision(txApp, record, change as unknown as DecisionChange);
      if (done.applied) {
        const retryWith = change.decision === 'retry' ? record.getString('driver') : '';
        writeHistory(txApp, record, 'decision', by, storedTime(change.at), {
          decision: change.decision,
          ...(retryWith ? { driver: retryWith, driverName: driverName(txApp, retryWith) } : {}),
        });
      }
      answer = done;
      return;
    }
    if (change.stage === DELIVERED_STAGE && change.set) {
      wrongPin = deliveryPinProblem(txApp, record, change, by) ?? '';
      if (wrongPin) return;
    }
    const wasSet =
      normalizeStages(record.get('stages')).indexOf(change.stage as TrackingStage) !== -1;
    const current = Object.assign(
      { stages: record.get('stages') },
      stageFields(record, stageTimeField),
      stageFields(record, stageChangedField),
    );
    // checkTrackingChange has vouched for its shape.
    const fields = mergeStageChange(current, change as StageChange, who);
    if (fields) {
      for (const name in fields) record.set(name, fields[name]);
      if (change.stage === DELIVERED_STAGE) {
        if (change.set && photo) record.set('deliveryPhoto', photo);
        if (!change.set) {
          record.set('deliveryPhoto', null);
          record.set('deliverySignature', null);
        }
      }
      saveOrRefuse(txApp, record);
      // Clearing a stage that was not set changes only its stamp: nothing happened to tell.
      if (change.set || wasSet) {
        const receiver = change.set && change.stage === DELIVERED_STAGE;
        writeHistory(
          txApp,
          record,
          change.set ? 'stage-set' : 'stage-cleared',
          by,
          storedTime(change.at),
          {
            stage: change.stage,
            ...(receiver ? { receiverName: record.getString('receiverName') } : {}),
          },
        );
      }
    }
    answer = { record, applied: Boolean(fields) };
  });
  if (wrongPin) throw fieldErrors({ pin: wrongPin }, wrongPin);
  return answer;
}

/**
 * POST /api/equipe/rastreios/fotos: a photo that follows its change (the delivery's, or an
 * attempt's), sent by the phone apart so a change never waits behind a photo on a weak signal.
 */
export function applyPhoto(e: core.RequestEvent): void {
  admit(e, ['office', 'driver']);
  const body = e.requestInfo().body || {};
  const target = String(body.target ?? '');
  const photo = uploadedPhoto(e);
  if (!photo) throw fieldErrors({ photo: 'Envie a foto.' });
  if (target !== 'entrega' && target !== 'assinatura' && !/^[a-z0-9]{15}$/.test(target)) {
    throw fieldErrors({ target: 'Foto sem a mudança a que pertence.' });
  }
  let answer: object = {};
  e.app.runInTransaction((txApp) => {
    const record = findById(txApp, String(body.record ?? ''));
    // Deleted meanwhile (the photo has nothing to belong to), or not the driver's.
    if (!record || (isDriver(e.auth!) && record.getString('driver') !== e.auth!.id)) {
      throw notFoundFor(e.auth!);
    }
    answer = attachPhoto(txApp, record, target, photo, photoType(photo));
  });
  e.json(200, answer);
}

/** The photo's type by its name (the phone sends JPEG; PocketBase checks the content on save). */
function photoType(file: filesystem.File): string {
  const name = String(file.originalName || file.name || '').toLowerCase();
  if (/\.jpe?g$/.test(name)) return 'image/jpeg';
  if (/\.png$/.test(name)) return 'image/png';
  if (/\.webp$/.test(name)) return 'image/webp';
  return 'application/octet-stream';
}

/** The admin dashboard's create (the REST writes are closed to every account): digits, unique. */
export function checkDashboardCreate(e: core.RecordRequestEvent): void {
  const message = checkField(TRACKING_NUMBER_RULE, e.record!.getString('number'), {});
  if (message) {
    throw new BadRequestError('Dados inválidos.', {
      number: new ValidationError('invalid_number', message),
    });
  }
  if (findByNumber(e.app, e.record!.getString('number'))) {
    throw new BadRequestError('Dados inválidos.', {
      number: new ValidationError('validation_not_unique', 'Este número já foi registrado'),
    });
  }
  stampAuthors(e, true);
  historyOfDashboardCreate(e);
}

/**
 * A deletion leaves a tombstone (in the same transaction), for phones that were offline; so does a
 * shipment taken from a driver (`unassigned`), for that driver's phone only.
 */
export function leaveTombstone(app: core.App, record: core.Record, unassignedFrom?: string): void {
  const row = new Record(app.findCollectionByNameOrId('tracking_deletions'));
  row.set('record', record.id);
  row.set('number', record.getString('number'));
  row.set('driver', unassignedFrom ?? record.getString('driver'));
  row.set('unassigned', Boolean(unassignedFrom));
  app.save(row);
}

/**
 * The answer for a record the caller cannot change: the office learns that it was deleted; a
 * driver gets one answer for another driver's record and for a missing one, so that no id tells
 * a driver whether it exists.
 */
function notFoundFor(auth: core.Record): ApiError {
  return new NotFoundError(isDriver(auth) ? CHANGE_MESSAGES.notYours : CHANGE_MESSAGES.deleted);
}

/** A driver's account (reads and changes only the shipments assigned to it). */
export function isDriver(auth: core.Record): boolean {
  return auth.getString('role') === 'motorista';
}

/** GET /api/equipe/motoristas: the active drivers, by name, for the shipment form (office only). */
export function answerDrivers(e: core.RequestEvent): void {
  admit(e, ['office'], 'Só o escritório escolhe motoristas.');
  const rows = arrayOf(new DynamicModel({ id: '', name: '', email: '' }));
  e.app
    .db()
    .newQuery(
      "SELECT id, name, email FROM staff WHERE role = 'motorista' AND disabled = FALSE ORDER BY name, email",
    )
    .all(rows);
  e.response.header().set('Cache-Control', 'no-store');
  e.json(200, {
    drivers: rows.map((r) => ({ id: r.id as string, name: (r.name || r.email) as string })),
    // The shipment form's default for the delivery code (kept on the device with the drivers).
    pinAboveCents: pinAboveCents(),
  });
}

/** Tombstones older than 90 days go (a phone away that long downloads the whole list again). */
export function dropOldTombstones(app: core.App): void {
  app
    .db()
    .newQuery('DELETE FROM tracking_deletions WHERE created < {:cutoff}')
    .bind({ cutoff: stored(Date.now() - 90 * 24 * 60 * 60 * 1000) })
    .execute();
}
