// Shipments: a tracking record made (or edited) with the office form, often from a request. The
// change reaches the server through the staff's one write path (server/tracking/changes.ts applyChange).
import { company, env, stored } from '../core/config';
import { queue, toHtml } from '../mail/queue';
import { drawNumber, takeReservedNumber } from './numbers';
import { SUBMISSION_KINDS, type SubmissionKind } from '../../src/domain/submissions';
import {
  SHIPMENT_MESSAGES,
  destinationOf,
  prepareShipment,
  shipmentCreatedMail,
  type ShipmentDetails,
} from '../../src/domain/shipments';
import {
  assignProblem,
  CHANGE_MESSAGES,
  initials,
  storedTime,
  type AssignChange,
  type ShipmentChange,
} from '../../src/domain/tracking-changes';
import { DELIVERED_STAGE, normalizeStages, stageTimeField } from '../../src/domain/stages';
import { shipmentPrice } from '../../src/domain/pricing';
import { leaveTombstone } from './tombstones';
import { markHandled } from '../requests/submissions';
import { detailsOf, driverName, editChanges, writeHistory, type Actor } from './history';
import { fieldErrors, saveOrRefuse } from '../core/errors';
import { choosePin, mailPin } from './delivery-pin';
import { tellReceiver } from './receiver';

/** The site's address, for links in e-mails (APP_URL, else PocketBase's own setting). */
function site(app: core.App): string {
  return (env('APP_URL', '') || app.settings().meta.appURL || '').replace(/\/+$/, '');
}

function timeOf(value: string): number {
  return new Date(String(value || '').replace(' ', 'T')).getTime() || 0;
}

/** The details a price is worked out from. */
const PRICED = ['weightKg', 'lengthCm', 'widthCm', 'heightCm', 'invoiceValueCents'];

/**
 * The details, and the price worked out from them with the table as it is then (weight, cubagem,
 * declared value, service): a shipment's price is the server's, never a device's. An edit that
 * leaves those figures as they were keeps the price the shipment was made with.
 */
function setDetails(record: core.Record, details: ShipmentDetails): void {
  const repriced =
    !record.getString('priceRule') ||
    record.getString('service') !== String(details.service ?? '') ||
    PRICED.some((name) => record.getFloat(name) !== Number(details[name] ?? 0));
  for (const name in details) record.set(name, details[name]);
  if (repriced) setPrice(record);
}

/** The price of the details a record carries now. */
export function setPrice(record: core.Record): void {
  const price = shipmentPrice({
    weightKg: record.getFloat('weightKg'),
    lengthCm: record.getFloat('lengthCm'),
    widthCm: record.getFloat('widthCm'),
    heightCm: record.getFloat('heightCm'),
    invoiceValueCents: record.getFloat('invoiceValueCents'),
    service: record.getString('service'),
  });
  for (const name in price) record.set(name, price[name as keyof typeof price]);
}

/**
 * The request a shipment came from keeps what its requester may see of it: the latest stage and,
 * once delivered, the receiver's initials and the time. Written only when it changed (in the
 * shipment's own transaction), so the request's realtime subscribers hear of each new stage.
 */
export function tellRequest(app: core.App, shipment: core.Record): void {
  const link = shipment.getString('request');
  if (!link) return;
  const source = findRequest(app, link);
  if (!source) return;
  const stages = normalizeStages(shipment.get('stages'));
  const last = stages.length ? stages[stages.length - 1]! : 0;
  const delivered = stages.indexOf(DELIVERED_STAGE) !== -1;
  const next: { [name: string]: string | number } = {
    shipmentStage: last,
    shipmentDeliveredTo: delivered ? initials(shipment.getString('receiverName')) : '',
    shipmentDeliveredAt: delivered ? shipment.getString(stageTimeField(DELIVERED_STAGE)) : '',
  };
  const request = source.record;
  let changed = false;
  for (const name in next) {
    const now = name === 'shipmentStage' ? request.getInt(name) : request.getString(name);
    if (String(now) !== String(next[name])) changed = true;
  }
  if (!changed) return;
  for (const name in next) request.set(name, next[name]);
  app.save(request);
}

/** A shipment goes to an active driver's account, or to none. */
export function checkDriver(app: core.App, id: string): void {
  let account: core.Record | null = null;
  try {
    account = app.findRecordById('staff', id);
  } catch {
    account = null;
  }
  if (!account || account.getBool('disabled') || account.getString('role') !== 'motorista') {
    throw new BadRequestError('Dados inválidos.', {
      driver: new ValidationError('unknown_driver', CHANGE_MESSAGES.driverUnknown),
    });
  }
}

/** The request a shipment names ('urgent:<id>'), or null when there is none such. */
function findRequest(
  app: core.App,
  link: string,
): { kind: SubmissionKind; record: core.Record } | null {
  const [kind, id] = link.split(':') as [SubmissionKind, string];
  const def = SUBMISSION_KINDS[kind];
  if (!def) return null;
  try {
    return { kind, record: app.findRecordById(def.collection, id) };
  } catch {
    return null;
  }
}

function findByRequest(app: core.App, link: string): core.Record | null {
  try {
    return app.findFirstRecordByData('tracking', 'request', link);
  } catch {
    return null;
  }
}

/**
 * A number for a shipment made on a device that had no reserved number left ('número
 * provisório'): drawn now and marked used at once, so it can never be one a device still holds.
 */
function assignNumber(txApp: core.App, account: string): string {
  const number = drawNumber(txApp);
  const row = new Record(txApp.findCollectionByNameOrId('shipment_numbers'));
  row.set('number', number);
  row.set('account', account);
  row.set('usedAt', stored());
  txApp.save(row);
  return number;
}

/** The requester hears the number once, through the mail queue, in the same transaction. */
function tellRequester(
  txApp: core.App,
  source: { kind: SubmissionKind; record: core.Record },
  shipment: core.Record,
): void {
  const def = SUBMISSION_KINDS[source.kind];
  const to = source.record.getString(def.requesterEmail);
  if (!to || source.record.getString('anonymizedAt')) return;
  const number = shipment.getString('number');
  const base = site(txApp);
  const track = `${base}/rastrear?numero=${number}`;
  const content = shipmentCreatedMail(
    {
      number,
      promisedDate: shipment.getString('promisedDate'),
      destination: destinationOf({
        recipientCity: shipment.getString('recipientCity'),
        recipientState: shipment.getString('recipientState'),
      }),
    },
    { track, follow: `${track}&avise-me=1` },
    company,
  );
  queue(txApp, {
    source: 'tracking',
    record: shipment.id,
    purpose: 'shipment-created',
    to,
    replyTo: content.replyTo,
    subject: content.subject,
    html: toHtml(content),
  });
}

/**
 * Apply a shipment change inside the caller's transaction: a new shipment (its number taken from
 * the account's reservation, or drawn now when the device had none left), or an edit of one (the
 * later edit wins). A request becomes one shipment only: a second one (a double tap, a resend from
 * another phone) answers the first. Each shipment made and each edit that changed something is a
 * row of its history.
 */
export function applyShipment(
  txApp: core.App,
  change: ShipmentChange,
  existing: core.Record | null,
  by: Actor,
): object {
  const account = by.id;
  const who = by.name;
  const prepared = prepareShipment(change.fields);
  if (!prepared.ok) throw new BadRequestError('Dados inválidos.'); // checked by the caller
  const at = storedTime(change.at);

  if (change.driver) checkDriver(txApp, change.driver);

  if (existing) {
    const last = existing.getString('detailsChangedAt');
    if (last && timeOf(last) >= timeOf(at)) return { record: existing, applied: false };
    const before = detailsOf(existing);
    const driverBefore = existing.getString('driver');
    const emailBefore = existing.getString('recipientEmail');
    setDetails(existing, prepared.details);
    const code = choosePin(existing, change.deliveryPin, false, emailBefore);
    // The form always sends the driver it shows: only a different one is a choice of driver, and
    // only when no later choice ('assign' from another device) has been made meanwhile.
    const lastDriver = existing.getString('driverChangedAt');
    const driverAfter =
      change.driver !== undefined &&
      change.driver !== driverBefore &&
      !(lastDriver && timeOf(lastDriver) >= timeOf(at))
        ? change.driver
        : driverBefore;
    if (driverAfter !== driverBefore) {
      // Taken from a driver: it leaves that driver's phone at its next sync.
      if (driverBefore) leaveTombstone(txApp, existing, driverBefore);
      existing.set('driver', driverAfter);
      existing.set('driverChangedAt', at);
    }
    existing.set('detailsChangedAt', at);
    txApp.save(existing);
    mailPin(txApp, existing, code);
    // A new address for the addressee: the private link goes to it.
    const mailTo = existing.getString('recipientEmail');
    if (mailTo && mailTo !== String(before.recipientEmail ?? '')) tellReceiver(txApp, existing);
    const changes = editChanges(txApp, before, prepared.details, {
      from: driverBefore,
      to: driverAfter,
    });
    if (changes.length) writeHistory(txApp, existing, 'edited', by, at, { changes });
    return { record: existing, applied: true };
  }

  let source: { kind: SubmissionKind; record: core.Record } | null = null;
  if (change.request) {
    const made = findByRequest(txApp, change.request);
    if (made) {
      return {
        record: made,
        merged: true,
        message: SHIPMENT_MESSAGES.requestTaken(made.getString('number')),
      };
    }
    source = findRequest(txApp, change.request);
    if (!source) {
      throw new BadRequestError('Dados inválidos.', {
        request: new ValidationError('unknown_request', SHIPMENT_MESSAGES.requestUnknown),
      });
    }
  }

  let number = change.number;
  if (number) takeReservedNumber(txApp, number, account);
  else number = assignNumber(txApp, account);

  const fresh = new Record(txApp.findCollectionByNameOrId('tracking'));
  if (/^[a-z0-9]{15}$/.test(change.record)) fresh.set('id', change.record);
  fresh.set('number', number);
  fresh.set('stages', []);
  fresh.set('registeredBy', who);
  fresh.set('registeredAt', at);
  setDetails(fresh, prepared.details);
  const code = choosePin(fresh, change.deliveryPin, true, '');
  fresh.set('detailsChangedAt', at);
  if (change.request) fresh.set('request', change.request);
  // When its request arrived: the first line of the public history, read with the lookup's one
  // narrow query (loading the request there cost a whole record per lookup).
  if (source) fresh.set('requestedAt', source.record.getString('created'));
  // A client company's pickup: the shipment is that company's (its proof of delivery, its API,
  // its webhooks and its statement read shipments by this).
  if (source && source.kind === 'pickup') fresh.set('company', source.record.getString('company'));
  if (change.driver) {
    fresh.set('driver', change.driver);
    fresh.set('driverChangedAt', at);
  }
  txApp.save(fresh);
  mailPin(txApp, fresh, code);
  writeHistory(txApp, fresh, 'created', by, at, {
    kind: 'shipment',
    ...(change.request ? { request: change.request } : {}),
    ...(change.driver
      ? { driver: change.driver, driverName: driverName(txApp, change.driver) }
      : {}),
  });

  if (source) {
    source.record.set('shipment', fresh.id);
    source.record.set('shipmentNumber', number);
    // A request made into a shipment has been dealt with: it leaves the inbox's 'não atendidas'.
    markHandled(source.record, account, who);
    txApp.save(source.record);
    tellRequester(txApp, source, fresh);
  }
  tellReceiver(txApp, fresh);
  return { record: fresh };
}

/**
 * 'assign': the office gives a shipment to a driver or takes it from one ('' for none), inside the
 * caller's transaction. The later choice wins (`driverChangedAt`, also stamped by a shipment edit
 * that changes the driver and by a decision in 'Pendências'): an older choice arriving late, or
 * the same change resent, changes nothing. A shipment delivered, returned or waiting in
 * 'Pendências' is refused with the words the office shows for it (`assignProblem`, as on the
 * device). Taken from a driver, it leaves that driver's phone (a tombstone) and its place in his
 * order.
 */
export function applyAssign(
  txApp: core.App,
  record: core.Record,
  change: AssignChange,
  by: Actor,
): { record: core.Record; applied: boolean } {
  const at = storedTime(change.at);
  const last = record.getString('driverChangedAt');
  if (last && timeOf(last) >= timeOf(at)) return { record, applied: false };
  const problem = assignProblem({
    stages: normalizeStages(record.get('stages')),
    returnedAt: record.getString('returnedAt'),
    pendingSince: record.getString('pendingSince'),
    shipment: record.getString('recipientName')
      ? { recipientName: record.getString('recipientName') }
      : undefined,
  });
  if (problem) throw fieldErrors({ driver: problem }, problem);
  if (change.driver) checkDriver(txApp, change.driver);
  const before = record.getString('driver');
  record.set('driverChangedAt', at);
  if (before !== change.driver) {
    if (before) leaveTombstone(txApp, record, before);
    record.set('driver', change.driver);
    record.set('stopOrder', 0);
  }
  saveOrRefuse(txApp, record);
  if (before !== change.driver) {
    const from = before ? { from: before, fromName: driverName(txApp, before) } : {};
    if (change.driver) {
      writeHistory(txApp, record, 'assigned', by, at, {
        driver: change.driver,
        driverName: driverName(txApp, change.driver),
        ...from,
      });
    } else {
      writeHistory(txApp, record, 'unassigned', by, at, from);
    }
  }
  return { record, applied: true };
}
