// Personal data kept only as long as needed (LGPD): a request older than RETENTION_DAYS (365 by
// default) keeps its cities, measures and prices, loses its personal fields (the catalogue marks
// them), and its rendered e-mails are deleted from the queue. `npm run lgpd -- apagar` (lgpd.ts)
// erases one person's records at once with the same two functions, `eraseRequest` and
// `eraseShipment`.
import {
  ANONYMIZED,
  SUBMISSION_KIND_LIST,
  personalFields,
  type SubmissionKindDef,
} from '../../src/domain/submissions';
import { SHIPMENT_PERSONAL_FIELDS } from '../../src/domain/shipments';
import { anonymizedAttempts } from '../../src/domain/attempts';
import { initials } from '../../src/domain/tracking-changes';
import { attemptsOf } from '../tracking/attempts';
import { env, stored } from '../core/config';
import { anonymizeHistoryOf, anonymizeOldHistory } from '../tracking/history';

export function anonymizeOld(app: core.App): number {
  const days = Number(env('RETENTION_DAYS', '365'));
  const cutoff = stored(Date.now() - days * 24 * 60 * 60 * 1000);
  let total = 0;
  for (const def of SUBMISSION_KIND_LIST) {
    for (;;) {
      const old = app.findRecordsByFilter(
        def.collection,
        "created < {:cutoff} && anonymizedAt = ''",
        'created',
        200,
        0,
        { cutoff },
      );
      if (old.length === 0) break;
      app.runInTransaction((txApp) => {
        for (const found of old) {
          if (found && eraseRequest(txApp, def, found.id)) total++;
        }
      });
    }
  }
  if (total > 0) app.logger().info('Pedidos anonimizados', 'total', total, 'antesDe', cutoff);
  // A burst's summary e-mail lists the names and routes of many requests: it goes with them.
  app
    .db()
    .newQuery(
      "DELETE FROM mail_queue WHERE purpose = 'summary' AND created < {:cutoff} " +
        "AND status IN ('sent', 'refused', 'dismissed')",
    )
    .bind({ cutoff })
    .execute();
  const shipments = anonymizeOldShipments(app, cutoff);
  // A shipment's history rows lose the same data its record does (eraseShipment); rows older than
  // the period whose shipment was deleted before it ended go here, by their own age.
  const rows = anonymizeOldHistory(app, cutoff);
  if (rows > 0) app.logger().info('Históricos anonimizados', 'linhas', rows, 'antesDe', cutoff);
  return total + shipments;
}

/**
 * One request loses its personal fields and its rendered e-mails, inside the caller's
 * transaction; `erasedBy` names who asked (empty: the retention job). False when the request is
 * gone or was erased already. Read again here: a mail sender or a shipment may have written the
 * request since the caller found it, and saving the copy found would put its old state back.
 */
export function eraseRequest(
  txApp: core.App,
  def: SubmissionKindDef,
  id: string,
  erasedBy = '',
): boolean {
  const record = stillToErase(txApp, def.collection, id);
  if (!record) return false;
  for (const field of personalFields(def)) {
    if (record.getString(field) !== '') record.set(field, ANONYMIZED);
  }
  record.set('mailError', '');
  record.set('anonymizedAt', stored());
  record.set('erasedBy', erasedBy);
  txApp.unsafeWithoutHooks().saveNoValidate(record);
  deleteMails(txApp, def.collection, record.id);
  return true;
}

/**
 * One shipment loses what identifies people, inside the caller's transaction: its personal
 * fields, the receiver's CPF, the attempts' notes and positions, the delivery's position, the
 * photos (their files go once the transaction ends) and the e-mails rendered for it (the
 * requester's, with their address).
 * The receiver's name becomes its initials, what the public lookup and the request's 'Minhas
 * solicitações' already show, so neither changes. A save with the hooks: the record's `updated`
 * moves, and every device's kept list takes the erased copy at its next sync. False when the
 * shipment is gone or was erased already; read again here, so a change from a phone since the
 * caller found it is kept. Its history rows lose the same (the old and new values of edits, the
 * receiver's name as initials) and keep who did what and when.
 */
export function eraseShipment(txApp: core.App, id: string, erasedBy = ''): boolean {
  const record = stillToErase(txApp, 'tracking', id);
  if (!record) return false;
  for (const field of SHIPMENT_PERSONAL_FIELDS) {
    if (record.getString(field) !== '') record.set(field, ANONYMIZED);
  }
  record.set('receiverName', initials(record.getString('receiverName')));
  record.set('receiverCpf', '');
  // The receiver's own note names people and places; its private link has nothing left to open.
  for (const field of ['receiverInstructions', 'receiverComplement', 'receiverMayReceive']) {
    record.set(field, '');
  }
  txApp
    .db()
    .newQuery('DELETE FROM receiver_links WHERE tracking = {:id}')
    .bind({ id: record.id })
    .execute();
  // What its company's webhooks carried, or still wait to carry, names the receiver.
  txApp
    .db()
    .newQuery('DELETE FROM webhook_deliveries WHERE tracking = {:id}')
    .bind({ id: record.id })
    .execute();
  record.set('deliveryPhoto', null);
  record.set('deliverySignature', null);
  record.set('deliveryLatitude', 0);
  record.set('deliveryLongitude', 0);
  record.set('attemptPhotos', null);
  record.set('attemptLog', anonymizedAttempts(attemptsOf(record)));
  record.set('anonymizedAt', stored());
  record.set('erasedBy', erasedBy);
  txApp.saveNoValidate(record);
  deleteMails(txApp, 'tracking', record.id);
  anonymizeHistoryOf(txApp, record.id);
  return true;
}

/** Every e-mail of one record, whatever its state: what was rendered holds the person's data. */
function deleteMails(txApp: core.App, source: string, id: string): void {
  txApp
    .db()
    .newQuery('DELETE FROM mail_queue WHERE source = {:source} AND record = {:id}')
    .bind({ source, id })
    .execute();
}

/**
 * Tracking records made before `cutoff`, one per transaction: a record the server refuses is
 * logged and passed over instead of holding back every one after it, day after day.
 */
function anonymizeOldShipments(app: core.App, cutoff: string): number {
  let total = 0;
  let passedOver = 0;
  for (;;) {
    const old = app.findRecordsByFilter(
      'tracking',
      "anonymizedAt = '' && created < {:cutoff}",
      'created',
      200,
      passedOver,
      { cutoff },
    );
    if (old.length === 0) break;
    for (const found of old) {
      if (!found) continue;
      let erased = false;
      try {
        app.runInTransaction((txApp) => {
          erased = eraseShipment(txApp, found.id);
        });
        if (erased) total++;
      } catch (err) {
        // Only a record still waiting moves the search past it (a deleted one has left it).
        if (stillToErase(app, 'tracking', found.id)) passedOver++;
        app.logger().error('Remessa não anonimizada', 'id', found.id, 'erro', String(err));
      }
    }
  }
  if (total > 0) app.logger().info('Remessas anonimizadas', 'total', total, 'antesDe', cutoff);
  return total;
}

/**
 * The record as it is now, if it is still to be erased: null once deleted or erased meanwhile (by
 * staff, by `npm run lgpd`, or by another run of the job, started by hand while the daily one ran).
 */
function stillToErase(app: core.App, collection: string, id: string): core.Record | null {
  try {
    return app.findFirstRecordByFilter(collection, "id = {:id} && anonymizedAt = ''", { id });
  } catch {
    return null;
  }
}
