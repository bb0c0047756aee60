// The receiver speaks: the addressee's e-mail carries a private link (a token in `receiver_links`,
// which no account reads) to a page where they leave delivery instructions, a complement, who else
// may receive and a day to hold the parcel until. What they ask is written onto the shipment in a
// transaction with a row of its history, so the office and the driver get it by their normal sync
// and realtime. The link works until the parcel is delivered (or returned), then only says so.
import { company, siteUrl, stored } from '../core/config';
import { queue, toHtml } from '../mail/queue';
import { fieldErrors, saveOrRefuse } from '../core/errors';
import { writeHistory } from './history';
import {
  RECEIVER_MESSAGES,
  RECEIVER_NOTE_FIELDS,
  RECEIVER_RECORD_FIELDS,
  checkReceiverNote,
  cleanReceiverNote,
  receiverLink,
  receiverMail,
  type ReceiverNote,
} from '../../src/domain/receiver-notes';
import { destinationOf } from '../../src/domain/shipments';
import { DELIVERED_STAGE, TRACKING_STAGES, normalizeStages } from '../../src/domain/stages';

const LINKS = 'receiver_links';
/** Who the history names for the receiver's changes (no account: the link is the key). */
const RECEIVER = { id: '', name: 'Destinatário (link do e-mail)' };

function findLink(app: core.App, token: string): core.Record | null {
  // Tokens are 32 letters and digits: anything else is not one, and costs no query.
  if (!/^[A-Za-z0-9]{32,64}$/.test(token)) return null;
  try {
    return app.findFirstRecordByData(LINKS, 'token', token);
  } catch {
    return null;
  }
}

/** The shipment's private link token, made the first time it is needed (one per shipment). */
function tokenFor(txApp: core.App, shipment: core.Record): string {
  try {
    return txApp.findFirstRecordByData(LINKS, 'tracking', shipment.id).getString('token');
  } catch {
    const link = new Record(txApp.findCollectionByNameOrId(LINKS));
    link.set('tracking', shipment.id);
    link.set('token', $security.randomString(32));
    txApp.save(link);
    return link.getString('token');
  }
}

/**
 * The addressee hears of the shipment, with its private link, through the mail queue, in the
 * caller's transaction: when a shipment is made with their e-mail, and when an edit gives it a new
 * one. Nothing for an erased shipment or one already delivered.
 */
export function tellReceiver(txApp: core.App, shipment: core.Record): void {
  const to = shipment.getString('recipientEmail').trim();
  if (!to || shipment.getString('anonymizedAt')) return;
  if (normalizeStages(shipment.get('stages')).indexOf(DELIVERED_STAGE) !== -1) return;
  const number = shipment.getString('number');
  const base = siteUrl(txApp);
  const content = receiverMail(
    {
      number,
      promisedDate: shipment.getString('promisedDate'),
      destination: destinationOf({
        recipientCity: shipment.getString('recipientCity'),
        recipientState: shipment.getString('recipientState'),
      }),
      sender: shipment.getString('senderName'),
    },
    {
      track: `${base}/rastrear?numero=${number}`,
      note: receiverLink(base, tokenFor(txApp, shipment)),
    },
    company,
  );
  queue(txApp, {
    source: 'tracking',
    record: shipment.id,
    purpose: 'receiver-link',
    to,
    replyTo: content.replyTo,
    subject: content.subject,
    html: toHtml(content),
  });
}

/** What the page may show: the number, the stage, the city, and the receiver's own note. */
function viewOf(record: core.Record) {
  const stages = normalizeStages(record.get('stages'));
  const last = stages.length ? stages[stages.length - 1]! : 0;
  const note = {} as ReceiverNote;
  for (const name of RECEIVER_NOTE_FIELDS) {
    note[name] = record.getString(RECEIVER_RECORD_FIELDS[name]);
  }
  return {
    number: record.getString('number'),
    stage: last,
    stageLabel: last ? TRACKING_STAGES[last - 1]!.label : 'Remessa criada',
    destination: destinationOf({
      recipientCity: record.getString('recipientCity'),
      recipientState: record.getString('recipientState'),
    }),
    delivered: stages.indexOf(DELIVERED_STAGE) !== -1,
    returned: Boolean(record.getString('returnedAt')),
    note,
    noteAt: record.getString('receiverNoteAt'),
  };
}

/** The shipment of a link, or the 404 every wrong, old or made-up token gets alike. */
function shipmentOf(app: core.App, token: string): core.Record {
  const link = findLink(app, token);
  if (link) {
    try {
      return app.findRecordById('tracking', link.getString('tracking'));
    } catch {
      // deleted meanwhile: the link goes with it
    }
  }
  throw new NotFoundError(RECEIVER_MESSAGES.notFound);
}

/** Anyone with the link. GET /api/recebedor/{token}: the page's shipment and note. */
export function answerReceiverNote(e: core.RequestEvent): void {
  const record = shipmentOf(e.app, e.request!.pathValue('token'));
  e.response.header().set('Cache-Control', 'private, no-store');
  e.json(200, viewOf(record));
}

/**
 * Anyone with the link. POST /api/recebedor/{token}: the receiver's note, checked with the page's
 * own rules, written onto the shipment with a row of its history. The same note sent again (the
 * device's outbox retrying) writes nothing; a note written on the device before the one stored
 * (`at`) does not replace it. Refused once the parcel was delivered or returned.
 */
export function saveReceiverNote(e: core.RequestEvent): void {
  const token = e.request!.pathValue('token');
  const body = (e.requestInfo().body || {}) as { [name: string]: unknown };
  // Found first: a wrong link is a 404 whatever it carries.
  shipmentOf(e.app, token);
  const problems = checkReceiverNote(body);
  if (Object.keys(problems).length) throw fieldErrors(problems);
  const note = cleanReceiverNote(body);
  const sentAt = Date.parse(String(body.at ?? ''));
  // When it was written on the device (never later than now: a phone's clock may run ahead).
  const at = stored(Number.isNaN(sentAt) ? Date.now() : Math.min(sentAt, Date.now()));
  let answer: object = {};
  e.app.runInTransaction((txApp) => {
    const record = shipmentOf(txApp, token);
    const view = viewOf(record);
    if (view.delivered) throw new BadRequestError(RECEIVER_MESSAGES.delivered);
    if (view.returned) throw new BadRequestError(RECEIVER_MESSAGES.returned);
    const last = record.getString('receiverNoteAt');
    const same = RECEIVER_NOTE_FIELDS.every((name) => view.note[name] === note[name]);
    if (same || (last && Date.parse(last.replace(' ', 'T')) > Date.parse(at.replace(' ', 'T')))) {
      answer = { ...view, applied: false, message: RECEIVER_MESSAGES.saved };
      return;
    }
    for (const name of RECEIVER_NOTE_FIELDS) record.set(RECEIVER_RECORD_FIELDS[name], note[name]);
    record.set('receiverNoteAt', at);
    saveOrRefuse(txApp, record);
    writeHistory(txApp, record, 'receiver-note', RECEIVER, at, { ...note });
    answer = { ...viewOf(record), applied: true, message: RECEIVER_MESSAGES.saved };
  });
  e.response.header().set('Cache-Control', 'no-store');
  e.json(200, answer);
}
