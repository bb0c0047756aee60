/**
 * The mail queue's rules that the server (through the bundle) and the staff inbox share: what a
 * mail server's answer means for an e-mail, and how many confirmations one mailbox may get.
 */

/**
 * Confirmation e-mails (a request's receipt, an 'Avise-me' link) one mailbox may get in 24 hours,
 * however its address is spelled (mailboxKey): enough for a real customer, too few for the forms
 * to be a way of mailing someone. The company's own e-mails never count.
 */
export const CONFIRMATIONS_PER_MAILBOX_PER_DAY = 3;

/**
 * API requests a second from which the mail senders give way to the requests: between two
 * e-mails each sender waits (at most a quarter of a second) for as long as they keep coming.
 */
export const MAIL_YIELDS_FROM_REQUESTS_PER_SECOND = 100;

/**
 * The company's inbox in a burst: once this many requests' e-mails went to the company within
 * the window, the next ones are kept back and listed in one summary e-mail instead (the staff
 * inbox on the site still shows every request). A flood of forms then costs the inbox one e-mail.
 */
export const COMPANY_MAIL_BURST = { windowSeconds: 600, max: 10 };

/**
 * When the summary goes: once no request joined it for `quietSeconds`, and at the latest when
 * its oldest request has waited `maxWaitSeconds`.
 */
export const SUMMARY_TIMING = { quietSeconds: 30, maxWaitSeconds: 300 };

/**
 * Where an e-mail stands in the queue; 'refused' and 'dismissed' are never tried again; 'held'
 * waits for its summary e-mail and takes that one's outcome.
 */
export type MailState =
  'pending' | 'sending' | 'sent' | 'failed' | 'refused' | 'dismissed' | 'held';

// 5xx answers that are about our own account (authentication), not the message: fixing the
// settings makes them go, so they are retried like a 4xx.
const SETUP_CODES = ['530', '534', '535', '538'];

/**
 * Whether a send failure is a mail server's permanent refusal (an SMTP 5xx reply, e.g. '550
 * Mailbox unavailable' or '501 Bad recipient address syntax'), which no retry will change. A 4xx
 * reply, a connection that failed and anything unknown are temporary. PocketBase reports the
 * reply as 'GoError: 550 …'.
 */
export function isPermanentRefusal(error: string): boolean {
  const code = /^(?:\w*Error:\s*)*([2-5]\d\d)[\s-]/.exec(error.trim())?.[1];
  return code !== undefined && code[0] === '5' && !SETUP_CODES.includes(code);
}
