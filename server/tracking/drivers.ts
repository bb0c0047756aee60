// Drivers: the office's list of them, and a driver's stops put in order (by the driver on its
// phone, or first by the office, by CEP).
import { checkTrackingChange } from '../../src/domain/tracking-changes';
import { fieldErrors } from '../core/errors';
import { admit } from '../http/roles';
import { pinAboveCents } from './delivery-pin';
import { findById } from './find';
import { checkDriver } from './shipments';

/**
 * Numbers the stops in `order` 1, 2, 3…; `owner` is the driver whose stops they are (the signed-in
 * driver, or the one the office names in `record`). Answers how many moved, and the moved records
 * as saved.
 */
export function applyRoute(
  app: core.App,
  change: { record: string; order?: unknown },
  owner: string,
  byOffice: boolean,
): object {
  const problems = checkTrackingChange(change, { now: Date.now() });
  if (Object.keys(problems).length) throw fieldErrors(problems);
  if (byOffice) checkDriver(app, owner);
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
