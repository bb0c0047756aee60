// Failed delivery attempts ('Não entregue'), the office's decisions on 'Pendências', and the photos
// that follow changes apart (a delivery's or an attempt's), each applied inside the staff route's
// transaction. The rules and texts are the domain's (src/domain/attempts.ts).
import {
  addAttempt,
  attemptLogOf,
  ATTEMPT_LOG_MAX,
  ATTEMPT_MESSAGES,
  type AttemptEntry,
} from '../../src/domain/attempts';
import { DELIVERED_STAGE, normalizeStages } from '../../src/domain/stages';
import {
  checkPhoto,
  storedTime,
  type AttemptChange,
  type DecisionChange,
} from '../../src/domain/tracking-changes';
import { stored } from '../core/config';
import { fieldErrors, saveOrRefuse } from '../core/errors';
import { checkDriver } from './shipments';
import { leaveTombstone } from './tombstones';

/** The shipment's attempts as stored (a JSON column). */
export function attemptsOf(record: core.Record): AttemptEntry[] {
  const text = record.getString('attemptLog');
  try {
    return attemptLogOf(text ? JSON.parse(text) : []);
  } catch {
    return [];
  }
}

/**
 * One failed attempt: added to the shipment's log (a resend of the same attempt changes nothing);
 * after the last allowed one the shipment leaves the driver's list (a tombstone for that phone)
 * and waits in 'Pendências'.
 */
export function applyAttempt(
  txApp: core.App,
  record: core.Record,
  change: AttemptChange,
  who: string,
): { record: core.Record; applied: boolean } {
  const log = attemptsOf(record);
  if (log.some((a) => a.id === change.attempt)) return { record, applied: false };
  if (normalizeStages(record.get('stages')).indexOf(DELIVERED_STAGE) !== -1) {
    throw fieldErrors({ reason: ATTEMPT_MESSAGES.delivered });
  }
  if (log.length >= ATTEMPT_LOG_MAX) throw fieldErrors({ reason: ATTEMPT_MESSAGES.tooMany });
  const entry: AttemptEntry = {
    id: change.attempt,
    at: storedTime(change.at),
    reason: change.reason,
    note: String(change.note ?? '').trim(),
    by: who,
  };
  if (change.latitude !== undefined && change.longitude !== undefined) {
    entry.latitude = Number(change.latitude);
    entry.longitude = Number(change.longitude);
  }
  const added = addAttempt(log, entry)!;
  record.set('attemptLog', added.log);
  if (added.pending && !record.getString('pendingSince')) {
    record.set('pendingSince', stored());
    const driver = record.getString('driver');
    if (driver) {
      leaveTombstone(txApp, record, driver);
      record.set('driver', '');
      record.set('stopOrder', 0);
    }
  }
  saveOrRefuse(txApp, record);
  return { record, applied: true };
}

/**
 * The office decides on a shipment in 'Pendências': a new attempt (with a driver, or none for now)
 * or the return to the sender. Deciding again what was decided changes nothing.
 */
export function applyDecision(
  txApp: core.App,
  record: core.Record,
  change: DecisionChange,
): { record: core.Record; applied: boolean } {
  if (!record.getString('pendingSince')) {
    const done =
      change.decision === 'return'
        ? Boolean(record.getString('returnedAt'))
        : !record.getString('returnedAt');
    if (done) return { record, applied: false };
    throw fieldErrors({ decision: ATTEMPT_MESSAGES.notPending });
  }
  record.set('pendingSince', '');
  // A new attempt gets the delivery code's tries back (the code itself stays the one mailed).
  record.set('pendingReason', '');
  if (record.getString('pinHash')) record.set('pinWrong', []);
  if (change.decision === 'return') {
    record.set('returnedAt', storedTime(change.at));
  } else if (change.driver !== undefined) {
    if (change.driver) checkDriver(txApp, change.driver);
    record.set('driver', change.driver);
    record.set('stopOrder', 0);
    // A choice of driver: an older 'assign' arriving late does not undo it (shipments.ts).
    const at = storedTime(change.at);
    const last = record.getString('driverChangedAt');
    const time = (value: string) => new Date(value.replace(' ', 'T')).getTime() || 0;
    if (time(last) < time(at)) record.set('driverChangedAt', at);
  }
  saveOrRefuse(txApp, record);
  return { record, applied: true };
}

/**
 * A photo that follows its change: the delivery's ('entrega') or its signature ('assinatura'), or
 * an attempt's (its id). It is
 * stored once: a resend after the photo is there answers as done. A photo whose change has not
 * arrived yet is answered 409, and the phone tries again later.
 */
export function attachPhoto(
  txApp: core.App,
  record: core.Record,
  target: string,
  photo: filesystem.File,
  type: string,
): { record: core.Record; stored: boolean } {
  const wrong = checkPhoto(type, photo.size);
  if (wrong) throw fieldErrors({ photo: wrong });
  if (target === 'entrega') {
    if (normalizeStages(record.get('stages')).indexOf(DELIVERED_STAGE) === -1) {
      throw new ApiError(409, 'A entrega ainda não chegou ao servidor.');
    }
    if (record.getString('deliveryPhoto')) return { record, stored: false };
    record.set('deliveryPhoto', photo);
  } else if (target === 'assinatura') {
    // The receiver's signature drawn on the phone: kept like the delivery's photo.
    if (normalizeStages(record.get('stages')).indexOf(DELIVERED_STAGE) === -1) {
      throw new ApiError(409, 'A entrega ainda não chegou ao servidor.');
    }
    if (record.getString('deliverySignature')) return { record, stored: false };
    record.set('deliverySignature', photo);
  } else {
    const log = attemptsOf(record);
    const entry = log.find((a) => a.id === target);
    if (!entry) throw new ApiError(409, 'A tentativa ainda não chegou ao servidor.');
    if (entry.photo) return { record, stored: false };
    entry.photo = photo.name;
    record.set('attemptPhotos+', photo);
    record.set('attemptLog', log);
  }
  saveOrRefuse(txApp, record);
  return { record, stored: true };
}
