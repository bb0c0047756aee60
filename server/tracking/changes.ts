// The one route that changes a tracking record, one change or a batch (the stamps every save gets
// are stamps.ts, the public lookup lookup.ts, a driver's stop order drivers.ts).
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
  normalizeStages,
  stageTimeField,
  type TrackingStage,
} from '../../src/domain/stages';
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
import { applyAssign, applyShipment } from './shipments';
import { findById, findByNumber } from './find';
import { applyRoute } from './drivers';
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
import { applyWrongPin, deliveryPinProblem } from './delivery-pin';
import { staffNameOf, stageFields, stampAuthors } from './stamps';
import { ATTEMPT_MESSAGES } from '../../src/domain/attempts';

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
  const who = staffNameOf(auth);
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
    // A driver orders its own stops; the office gives a driver's stops a first order (by CEP),
    // naming the driver in `record`.
    return applyRoute(app, change, driver ? auth.id : change.record, !driver);
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
