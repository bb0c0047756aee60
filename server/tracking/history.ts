// A shipment's history (`shipment_history`): one row per thing that happened to a tracking record,
// written by the staff's one write path inside the transaction of the change it records, only when
// that change was applied (a resend, or a change that lost to a later one, writes nothing). Rows
// are never changed or deleted: the record hooks below refuse it to everyone, a superuser in the
// dashboard included. The one exception is anonymisation: a row outlives its shipment, so when
// the shipment's personal data goes (erased by privacy/retention.ts or privacy/lgpd.ts, or the record deleted),
// the same goes from its rows (with the hooks off, `unsafeWithoutHooks`), and the row stays,
// saying who did what and when.
import {
  anonymizedHistoryDetails,
  shipmentChanges,
  HISTORY_MESSAGES,
  type FieldChange,
  type HistoryAction,
} from '../../src/domain/history';
import { storedName } from '../../src/domain/fields';
import { SHIPMENT_RULES } from '../../src/domain/shipments';
import { DELIVERED_STAGE, normalizeStages, TRACKING_STAGES } from '../../src/domain/stages';
import { stored } from '../core/config';
import { queueEvent } from '../webhooks/queue';

const COLLECTION = 'shipment_history';

/** Who acted: the account's id and the name the records show (its name, else its e-mail). */
export interface Actor {
  id: string;
  name: string;
}

export function actorOf(auth: core.Record): Actor {
  return { id: auth.id, name: auth.getString('name') || auth.email() || '' };
}

/**
 * One row, in the caller's transaction: `at` is when it happened on the device (stored form), the
 * server stamps when it wrote it.
 */
export function writeHistory(
  txApp: core.App,
  record: core.Record,
  action: HistoryAction,
  by: Actor,
  at: string,
  details: { [name: string]: unknown } = {},
): void {
  const row = new Record(txApp.findCollectionByNameOrId(COLLECTION));
  row.set('tracking', record.id);
  row.set('number', record.getString('number'));
  row.set('action', action);
  row.set('by', by.name.slice(0, 200));
  row.set('account', by.id);
  row.set('at', at);
  row.set('details', details);
  txApp.save(row);
  // What the shipment's company hears of it (its webhooks), in the same transaction.
  queueEvent(txApp, record, action, at, details);
}

/** Whether this account already has a row of `action` at `at` for the record (a resent label). */
export function hasHistory(
  app: core.App,
  tracking: string,
  action: HistoryAction,
  account: string,
  at: string,
): boolean {
  const rows = arrayOf(new DynamicModel({ id: '' }));
  // As the date column holds it ('2026-11-22 14:32:00.000Z'), however the device wrote it.
  const time = Date.parse(at.replace(' ', 'T'));
  const storedAt = Number.isNaN(time) ? at : new Date(time).toISOString().replace('T', ' ');
  app
    .db()
    .newQuery(
      'SELECT id FROM shipment_history WHERE tracking = {:tracking} AND action = {:action} ' +
        'AND account = {:account} AND at = {:at} LIMIT 1',
    )
    .bind({ tracking, action, account, at: storedAt })
    .all(rows);
  return rows.length > 0;
}

/** A driver's name as the history keeps it (the name then, should the account change later). */
export function driverName(app: core.App, id: string): string {
  if (!id) return '';
  try {
    const account = app.findRecordById('staff', id);
    return account.getString('name') || account.email() || id;
  } catch {
    return id; // an account deleted since: its id is all there is
  }
}

/** The details of a shipment as the record holds them now (to tell what an edit changed). */
export function detailsOf(record: core.Record): { [name: string]: string | number } {
  const out: { [name: string]: string | number } = {};
  for (const rule of SHIPMENT_RULES) {
    const name = storedName(rule);
    const numeric = rule.kind === 'decimal' || rule.kind === 'money';
    out[name] = numeric ? record.getFloat(name) : record.getString(name);
  }
  return out;
}

/** An edit's changed fields, with the driver's change (by name) when it changed too. */
export function editChanges(
  app: core.App,
  before: { [name: string]: unknown },
  after: { [name: string]: string | number },
  drivers?: { from: string; to: string },
): FieldChange[] {
  const changes = shipmentChanges(before, after);
  if (drivers && drivers.from !== drivers.to) {
    changes.push({
      field: 'driver',
      from: driverName(app, drivers.from),
      to: driverName(app, drivers.to),
    });
  }
  return changes;
}

/**
 * The admin dashboard's edit of a tracking record (the staff's REST writes are closed): its
 * stages, the shipment's fields and its driver, as they changed, in the save's own transaction.
 */
export function historyOfDashboardEdit(e: core.RecordRequestEvent): void {
  const original = e.record!.original();
  const before = {
    stages: normalizeStages(original.get('stages')),
    details: detailsOf(original),
    driver: original.getString('driver'),
  };
  e.app.runInTransaction((txApp) => {
    e.app = txApp;
    e.next();
    const record = e.record!;
    const by = actorOf(e.auth!);
    const at = stored();
    const stages = normalizeStages(record.get('stages'));
    for (const { stage } of TRACKING_STAGES) {
      const was = before.stages.indexOf(stage) !== -1;
      const is = stages.indexOf(stage) !== -1;
      if (was === is) continue;
      const details: { [name: string]: unknown } = { stage, dashboard: true };
      if (is && stage === DELIVERED_STAGE && record.getString('receiverName')) {
        details.receiverName = record.getString('receiverName');
      }
      writeHistory(txApp, record, is ? 'stage-set' : 'stage-cleared', by, at, details);
    }
    const changes = editChanges(txApp, before.details, detailsOf(record), {
      from: before.driver,
      to: record.getString('driver'),
    });
    if (changes.length) writeHistory(txApp, record, 'edited', by, at, { changes, dashboard: true });
  });
}

/** The admin dashboard's create of a number: its first row, in the save's own transaction. */
export function historyOfDashboardCreate(e: core.RecordRequestEvent): void {
  e.app.runInTransaction((txApp) => {
    e.app = txApp;
    e.next();
    writeHistory(txApp, e.record!, 'created', actorOf(e.auth!), stored(), {
      kind: 'number',
      dashboard: true,
    });
  });
}

/** The admin dashboard's delete of a tracking record: its last row, in the same transaction. */
export function historyOfDashboardDelete(e: core.RecordRequestEvent): void {
  e.app.runInTransaction((txApp) => {
    e.app = txApp;
    writeHistory(txApp, e.record!, 'deleted', actorOf(e.auth!), stored(), { dashboard: true });
    e.next();
    anonymizeHistoryOf(txApp, e.record!.id);
  });
}

/**
 * Every change of a history row is refused, whoever asks (the REST API, the dashboard, a script
 * through the API): the rows are the record of what happened. Registered for the request and the
 * save hooks both, so server code that saved a row by mistake would fail too.
 */
export function refuseHistoryChange(): never {
  throw new ForbiddenError(HISTORY_MESSAGES.immutable);
}

/**
 * A shipment's rows lose what identifies people (when the shipment's personal data is erased),
 * inside the caller's transaction; rows done already are left. Saved with the hooks off: the
 * hooks refuse every other change. Answers how many rows it anonymised.
 */
export function anonymizeHistoryOf(txApp: core.App, tracking: string): number {
  return anonymizeRows(
    txApp,
    txApp.findRecordsByFilter(
      COLLECTION,
      "tracking = {:tracking} && anonymizedAt = ''",
      'at',
      0,
      0,
      { tracking },
    ),
  );
}

/** These rows (by id) anonymised, in the caller's transaction: `npm run lgpd`'s finds. */
export function anonymizeHistoryRows(txApp: core.App, ids: string[]): number {
  if (ids.length === 0) return 0;
  return anonymizeRows(
    txApp,
    txApp.findRecordsByIds(COLLECTION, ids).filter((r) => r && !r.getString('anonymizedAt')),
  );
}

function anonymizeRows(txApp: core.App, rows: (core.Record | undefined)[]): number {
  const bare = txApp.unsafeWithoutHooks();
  let total = 0;
  for (const row of rows) {
    if (!row) continue;
    row.set('details', anonymizedHistoryDetails(row.getString('action'), detailsOfRow(row)));
    row.set('anonymizedAt', stored());
    bare.saveNoValidate(row);
    total++;
  }
  return total;
}

/**
 * Rows written before `cutoff` and not anonymised yet, whatever became of their shipment: a
 * shipment deleted before the retention period ends has no record left for the job to find, but
 * its rows still hold the old values of its edits. A batch per transaction.
 */
export function anonymizeOldHistory(app: core.App, cutoff: string): number {
  let total = 0;
  for (;;) {
    const old = app.findRecordsByFilter(
      COLLECTION,
      "anonymizedAt = '' && created < {:cutoff}",
      'created',
      500,
      0,
      { cutoff },
    );
    if (old.length === 0) break;
    app.runInTransaction((txApp) => {
      total += anonymizeRows(txApp, old);
    });
  }
  return total;
}

/** A row's details as stored (a JSON column). */
export function detailsOfRow(row: core.Record): { [name: string]: unknown } {
  try {
    const parsed: unknown = JSON.parse(row.getString('details') || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as { [name: string]: unknown })
      : {};
  } catch {
    return {};
  }
}
