// The scheduled jobs (cronAdd in pb_hooks). A job gets no event: it works on the root app.
import { rootApp } from './config';
import { cleanup, enqueueDue } from './follows';
import { drain } from './mail';
import { anonymizeOld } from './retention';
import { dropOldTombstones } from './tracking';

/**
 * One sender of the mail queue. The first of them also renders the new requests' e-mails and
 * queues the followers' e-mails whose batch window has passed ('Avise-me'); a fault there never
 * holds up the requests' e-mails.
 */
export function sendMail(first: boolean): void {
  const app = rootApp();
  if (first) {
    try {
      enqueueDue(app);
    } catch (err) {
      app.logger().error('Avisos de rastreio não preparados', 'error', String(err));
    }
  }
  drain(app, first);
}

/** No unconfirmed 'Avise-me' past 48 hours, none at all past 90 days (LGPD). */
export const forgetOldFollows = () => cleanup(rootApp());

/** Requests and shipments older than RETENTION_DAYS lose their personal data (LGPD). */
export const anonymizeOldRequests = () => anonymizeOld(rootApp());

/** Tombstones of deleted tracking records older than 90 days. */
export const dropTombstones = () => dropOldTombstones(rootApp());
