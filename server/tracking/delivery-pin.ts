// The delivery code: drawn here (the only place it exists in clear, besides the addressee's
// e-mail), kept on the shipment as a salt and a hash the driver's phone checks offline, checked
// again on every delivery, and wrong codes counted: the fifth sends the stop to 'Pendências'. The
// rules and texts are the domain's (src/domain/delivery-pin.ts).
import {
  deliveryPinMail,
  PENDING_PIN,
  PIN_LENGTH,
  PIN_MAX_WRONG,
  PIN_MESSAGES,
  pinByDefault,
  pinDigest,
  pinTriesLeft,
  wrongPinText,
  wrongPinsOf,
  type WrongPin,
} from '../../src/domain/delivery-pin';
import { destinationOf } from '../../src/domain/shipments';
import { DELIVERED_STAGE, normalizeStages } from '../../src/domain/stages';
import { storedTime } from '../../src/domain/tracking-changes';
import { company, env, siteUrl, stored } from '../core/config';
import { saveOrRefuse } from '../core/errors';
import { writeHistory, driverName, type Actor } from './history';
import { queue, toHtml } from '../mail/queue';
import { leaveTombstone } from './tombstones';

/** PocketBase's HMAC-SHA256 (hex), in the domain's argument order (key, message). */
const hs256 = (key: string, message: string) => $security.hs256(message, key);

/** Above this declared value (cents) a new shipment asks for a code unless the office says no. */
export const pinAboveCents = () => Math.max(0, Number(env('PIN_ABOVE_CENTS', '0')) || 0);

/** Whether a code matches the shipment's hash. */
function matches(record: core.Record, code: string): boolean {
  const hash = record.getString('pinHash');
  return (
    Boolean(hash) && $security.equal(pinDigest(code, record.getString('pinSalt'), hs256), hash)
  );
}

export const asksForPin = (record: core.Record) => Boolean(record.getString('pinHash'));

/**
 * The office's choice for a shipment being saved (`wanted`; undefined: a new one follows the
 * declared value, an edit keeps what it had). A new code is drawn when the shipment starts asking
 * for one or its addressee's e-mail changed, and returned so it can be mailed once the record is
 * saved; '' when none was drawn.
 */
export function choosePin(
  record: core.Record,
  wanted: boolean | undefined,
  isNew: boolean,
  emailBefore: string,
): string {
  const email = record.getString('recipientEmail').trim();
  const want =
    wanted !== undefined
      ? wanted
      : isNew
        ? pinByDefault(record.getInt('invoiceValueCents'), pinAboveCents(), email)
        : asksForPin(record);
  if (!want || !email) {
    record.set('pinSalt', '');
    record.set('pinHash', '');
    record.set('pinWrong', []);
    return '';
  }
  if (asksForPin(record) && email === emailBefore.trim()) return '';
  const code = $security.randomStringWithAlphabet(PIN_LENGTH, '0123456789');
  const salt = $security.randomString(24);
  record.set('pinSalt', salt);
  record.set('pinHash', pinDigest(code, salt, hs256));
  record.set('pinWrong', []);
  return code;
}

/** The addressee gets the code with the tracking link, through the mail queue (same transaction). */
export function mailPin(txApp: core.App, record: core.Record, code: string): void {
  if (!code) return;
  const number = record.getString('number');
  const content = deliveryPinMail(
    {
      number,
      code,
      destination: destinationOf({
        recipientCity: record.getString('recipientCity'),
        recipientState: record.getString('recipientState'),
      }),
    },
    { track: `${siteUrl(txApp)}/rastrear?numero=${number}` },
    company,
  );
  queue(txApp, {
    source: 'tracking',
    record: record.id,
    purpose: 'delivery-pin',
    to: record.getString('recipientEmail').trim(),
    replyTo: content.replyTo,
    subject: content.subject,
    html: toHtml(content),
  });
}

/**
 * Count one wrong code (a resend of the same try counts once) and, at the fifth, send the stop to
 * 'Pendências': it leaves the driver's list (a tombstone for that phone) and the office decides.
 * Returns how many tries are left (0: it went to 'Pendências'), or null when the try was known.
 */
function countWrong(
  txApp: core.App,
  record: core.Record,
  id: string,
  at: string,
  by: Actor,
): number | null {
  const log = wrongPinsOf(record.getString('pinWrong'));
  if (log.some((w) => w.id === id)) return pinTriesLeft(log.length);
  const entry: WrongPin = { id, at, by: by.name };
  log.push(entry);
  record.set('pinWrong', log);
  let pending = false;
  let taken = '';
  const delivered = normalizeStages(record.get('stages')).indexOf(DELIVERED_STAGE) !== -1;
  if (log.length >= PIN_MAX_WRONG && !record.getString('pendingSince') && !delivered) {
    pending = true;
    record.set('pendingSince', stored());
    record.set('pendingReason', PENDING_PIN);
    taken = record.getString('driver');
    if (taken) {
      leaveTombstone(txApp, record, taken);
      record.set('driver', '');
      record.set('stopOrder', 0);
    }
  }
  saveOrRefuse(txApp, record);
  writeHistory(txApp, record, 'pin-wrong', by, at, {
    wrong: log.length,
    ...(pending ? { pending: true } : {}),
    ...(taken ? { from: taken, fromName: driverName(txApp, taken) } : {}),
  });
  return pinTriesLeft(log.length);
}

/**
 * 'pin': a wrong code typed on a phone. The server checks it again: a code that matches (the
 * office drew a new one meanwhile, say) is not counted.
 */
export function applyWrongPin(
  txApp: core.App,
  record: core.Record,
  change: { attempt: string; pin: string; at: string },
  by: Actor,
): { record: core.Record; applied: boolean; left: number } {
  if (!asksForPin(record) || matches(record, change.pin)) {
    const wrong = wrongPinsOf(record.getString('pinWrong')).length;
    return { record, applied: false, left: pinTriesLeft(wrong) };
  }
  const known = wrongPinsOf(record.getString('pinWrong')).some((w) => w.id === change.attempt);
  const left = countWrong(txApp, record, change.attempt, storedTime(change.at), by)!;
  return { record, applied: !known, left };
}

/**
 * The code of a delivery (stage 4 set) on a shipment that asks for one: null when it matches (or
 * none is asked); otherwise the refusal's words, after the wrong code was counted (by the change's
 * time, so the same change resent counts once). The caller saves nothing else and refuses.
 */
export function deliveryPinProblem(
  txApp: core.App,
  record: core.Record,
  change: { pin?: string; at: string },
  by: Actor,
): string | null {
  if (!asksForPin(record)) return null;
  const code = String(change.pin ?? '');
  if (!code) return PIN_MESSAGES.required;
  if (matches(record, code)) return null;
  const left = countWrong(txApp, record, `stage:${change.at}`, storedTime(change.at), by);
  return wrongPinText(left ?? 0);
}
