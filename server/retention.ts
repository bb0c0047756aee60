// Personal data kept only as long as needed (LGPD): a request older than RETENTION_DAYS (365 by
// default) keeps its cities, measures and prices, loses its personal fields (the catalogue marks
// them), and its rendered e-mails are deleted from the queue.
import { ANONYMIZED, SUBMISSION_KIND_LIST, personalFields } from '../src/domain/submissions';
import { SHIPMENT_PERSONAL_FIELDS } from '../src/domain/shipments';
import { anonymizedAttempts } from '../src/domain/attempts';
import { initials } from '../src/domain/tracking-changes';
import { attemptsOf } from './attempts';
import { env, stored } from './config';

export function anonymizeOld(app: core.App): number {
  const days = Number(env('RETENTION_DAYS', '365'));
  const cutoff = stored(Date.now() - days * 24 * 60 * 60 * 1000);
  let total = 0;
  for (const def of SUBMISSION_KIND_LIST) {
    const personal = personalFields(def);
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
          if (!found) continue;
          // Read again in the transaction: a mail sender or a shipment may have written the
          // request since the search, and saving the copy found would put its old state back.
          const record = stillToErase(txApp, def.collection, found.id);
          if (!record) continue;
          for (const field of personal) {
            if (record.getString(field) !== '') record.set(field, ANONYMIZED);
          }
          record.set('mailError', '');
          record.set('anonymizedAt', stored());
          txApp.unsafeWithoutHooks().saveNoValidate(record);
          txApp
            .db()
            .newQuery('DELETE FROM mail_queue WHERE source = {:source} AND record = {:id}')
            .bind({ source: def.collection, id: record.id })
            .execute();
          total++;
        }
      });
    }
  }
  if (total > 0) app.logger().info('Pedidos anonimizados', 'total', total, 'antesDe', cutoff);
  return total + anonymizeOldShipments(app, cutoff);
}

/**
 * Tracking records made before `cutoff`: the shipment's personal fields, the receiver's CPF, the
 * attempts' notes and positions, and the photos (their files too). The receiver's name becomes
 * its initials, what the public lookup and the request's 'Minhas solicitações' already show, so
 * neither changes. A save with the hooks, one record per transaction, the record read again inside
 * it: the record's `updated` moves (every device's kept list takes the erased copy at its next
 * sync), and a record the server refuses is logged and passed over instead of holding back every
 * one after it, day after day.
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
        // Read again in the save's transaction: a change from a phone since the search is kept.
        app.runInTransaction((txApp) => {
          const record = stillToErase(txApp, 'tracking', found.id);
          if (!record) return;
          for (const field of SHIPMENT_PERSONAL_FIELDS) {
            if (record.getString(field) !== '') record.set(field, ANONYMIZED);
          }
          record.set('receiverName', initials(record.getString('receiverName')));
          record.set('receiverCpf', '');
          record.set('deliveryPhoto', null);
          record.set('attemptPhotos', null);
          record.set('attemptLog', anonymizedAttempts(attemptsOf(record)));
          record.set('anonymizedAt', stored());
          txApp.saveNoValidate(record);
          erased = true;
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
 * staff, or by another run of the job, started by hand while the daily one ran).
 */
function stillToErase(app: core.App, collection: string, id: string): core.Record | null {
  try {
    return app.findFirstRecordByFilter(collection, "id = {:id} && anonymizedAt = ''", { id });
  } catch {
    return null;
  }
}
