// The webhook queue. A shipment's change that a company hears of (history.ts calls queueEvent in
// the change's own transaction) writes one delivery per address of that company; the senders
// (jobs in pb_hooks/webhooks.pb.js) post them off the request path, signed, and keep each one's
// last answer for the company to read.
//
// - Ordered per shipment: a delivery goes only once no earlier delivery of the same shipment to
//   the same address is still waiting (`seq`, written in the change's transaction, orders them).
// - One address at a time per sender: a sender leases an address (compare-and-set on the
//   webhook's row), sends its due deliveries in order for a few seconds, and lets it go. A slow
//   or dead receiver holds one sender, never the others; its deliveries wait out a pause
//   (`pausedUntil`) instead of each trying again at once.
// - Retried with a doubling delay (WEBHOOK_RETRY_BASE_SECONDS, at most WEBHOOK_RETRY_MAX_SECONDS)
//   until three days after the event (WEBHOOK_GIVE_UP_SECONDS), then given up.
// - Cron's finest schedule is a minute, so each sender keeps running through its minute, looking
//   at the queue every half second (`sleep`): a change is posted well within a second or two.
import {
  WEBHOOK_GIVE_UP_SECONDS,
  addressFailing,
  answerExcerpt,
  failureText,
  retryDelaySeconds,
  shipmentEvent,
  type WebhookPayload,
} from '../../src/domain/webhooks';
import { attemptLogOf } from '../../src/domain/attempts';
import { env, stored } from '../core/config';
import { newMessageId, signedHeaders } from './sign';

/** History actions a company may hear of (anything else costs the change no query at all). */
const HEARD = ['stage-set', 'stage-cleared', 'attempt', 'decision'];

export const retryBase = () => Number(env('WEBHOOK_RETRY_BASE_SECONDS', '30'));
export const retryMax = () => Number(env('WEBHOOK_RETRY_MAX_SECONDS', '1800'));
export const giveUpSeconds = () =>
  Number(env('WEBHOOK_GIVE_UP_SECONDS', String(WEBHOOK_GIVE_UP_SECONDS)));
/** How long a receiver has to answer: a slow one must not hold a sender for long. */
export const timeoutSeconds = () => Number(env('WEBHOOK_TIMEOUT_SECONDS', '5'));

/** How often an idle sender looks at the queue. */
const POLL_MS = 500;
/** A sender starts sends to one address for at most this long before it lets the address go. */
const SESSION_MS = 5_000;
/** Deliveries sent and given up are kept this long for the company to read, then deleted. */
const KEEP_DAYS = 30;

const newId = () => $security.randomStringWithAlphabet(15, 'abcdefghijklmnopqrstuvwxyz0123456789');

/**
 * Queue what a shipment's history row tells its company, in the change's transaction. Never
 * throws: a webhook must not fail (or undo) the change it reports; a failure is logged.
 */
export function queueEvent(
  txApp: core.App,
  record: core.Record,
  action: string,
  at: string,
  details: { [name: string]: unknown },
): void {
  const company = record.getString('company');
  if (!company || HEARD.indexOf(action) === -1) return;
  try {
    const hooks = webhooksOf(txApp, company);
    if (hooks.length === 0) return;
    const payload = shipmentEvent({
      action,
      details,
      at,
      shipment: {
        number: record.getString('number'),
        stages: record.get('stages') as unknown[],
        receiverName: record.getString('receiverName'),
        attempts: attemptCount(record),
        pickupNumber: pickupNumberOf(txApp, record.getString('request')),
      },
    });
    if (!payload) return;
    insertDeliveries(txApp, hooks, company, record.id, record.getString('number'), payload);
  } catch (err) {
    txApp
      .logger()
      .error(
        'Webhook não enfileirado',
        'tracking',
        record.id,
        'action',
        action,
        'error',
        String(err),
      );
  }
}

/** The shipment's failed attempts so far (its log, a JSON column). */
function attemptCount(record: core.Record): number {
  try {
    return attemptLogOf(JSON.parse(record.getString('attemptLog') || '[]')).length;
  } catch {
    return 0;
  }
}

function webhooksOf(app: core.App, company: string): string[] {
  const rows = arrayOf(new DynamicModel({ id: '' }));
  app
    .db()
    .newQuery('SELECT id FROM webhooks WHERE company = {:company}')
    .bind({ company })
    .all(rows);
  return rows.map((r) => r.id as string);
}

/** The number of the company's pickup a shipment came from ('pickup:<id>'), if it did. */
function pickupNumberOf(app: core.App, link: string): number | undefined {
  if (link.indexOf('pickup:') !== 0) return undefined;
  const row = new DynamicModel({ number: 0 });
  try {
    app
      .db()
      .newQuery('SELECT number FROM pickup_requests WHERE id = {:id}')
      .bind({ id: link.slice('pickup:'.length) })
      .one(row);
  } catch {
    return undefined;
  }
  return (row.number as number) || undefined;
}

/** One delivery per address, numbered after every delivery written before (the order kept). */
export function insertDeliveries(
  txApp: core.App,
  webhooks: string[],
  company: string,
  tracking: string,
  number: string,
  payload: WebhookPayload,
): string[] {
  const last = new DynamicModel({ seq: 0 });
  txApp.db().newQuery('SELECT COALESCE(MAX(seq), 0) AS seq FROM webhook_deliveries').one(last);
  const now = stored();
  const body = JSON.stringify(payload);
  const ids: string[] = [];
  webhooks.forEach((webhook, i) => {
    const id = newId();
    ids.push(id);
    txApp
      .db()
      .newQuery(
        'INSERT INTO webhook_deliveries (id, webhook, company, tracking, number, event, msgId, ' +
          'body, seq, status, attempts, expiresAt, eventAt, created, updated) VALUES ({:id}, ' +
          '{:webhook}, {:company}, {:tracking}, {:number}, {:event}, {:msgId}, {:body}, {:seq}, ' +
          "'pending', 0, {:expiresAt}, {:eventAt}, {:now}, {:now})",
      )
      .bind({
        id,
        webhook,
        company,
        tracking,
        number,
        event: payload.type,
        msgId: newMessageId(),
        body,
        seq: (last.seq as number) + 1 + i,
        expiresAt: stored(Date.now() + giveUpSeconds() * 1000),
        eventAt: stored(new Date(payload.timestamp).getTime() || Date.now()),
        now,
      })
      .execute();
  });
  return ids;
}

/**
 * A delivery is the head of its shipment's line to its address: no earlier delivery of the same
 * shipment to the same address still waits (a test delivery belongs to no shipment).
 */
const HEAD =
  "NOT EXISTS (SELECT 1 FROM webhook_deliveries e WHERE e.webhook = d.webhook AND d.tracking != '' " +
  "AND e.tracking = d.tracking AND e.seq < d.seq AND e.status IN ('pending', 'failed', 'sending'))";
/**
 * Due now: new, or failed and its time has come, or left 'sending' by a sender that stopped (only
 * an address nobody holds is looked at, so a 'sending' there is nobody's).
 */
const DUE = "((d.status IN ('pending', 'failed') AND d.nextAt <= {:now}) OR d.status = 'sending')";

/**
 * Addresses with a delivery due, that no sender holds and that are not pausing, oldest first;
 * `skip` are left out (the slow ones, for the senders kept for the others).
 */
function addressesDue(app: core.App, now: string, skip: string[]): string[] {
  const rows = arrayOf(new DynamicModel({ id: '', first: 0 }));
  const params: dbx.Params = { now };
  skip.forEach((id, i) => (params['skip' + i] = id));
  const notSkipped = skip.length
    ? `AND d.webhook NOT IN (${skip.map((_, i) => `{:skip${i}}`).join(', ')}) `
    : '';
  app
    .db()
    .newQuery(
      'SELECT d.webhook AS id, MIN(d.seq) AS first FROM webhook_deliveries d ' +
        'JOIN webhooks w ON w.id = d.webhook ' +
        `WHERE ${DUE} AND w.leaseUntil < {:now} AND w.pausedUntil <= {:now} AND ${HEAD} ` +
        notSkipped +
        'GROUP BY d.webhook ORDER BY first LIMIT 20',
    )
    .bind(params)
    .all(rows);
  return rows.map((r) => r.id as string);
}

/**
 * Addresses whose receiver was slow to answer, or gave no answer in time, lately: kept in the
 * server's memory (`app.store()`, one JSON value changed under its lock), each for SLOW_FOR_MS or
 * until it answers quickly again. The first senders (FAST_LANE) leave them to the others, so
 * however many receivers hang, the companies whose servers answer are still posted to at once.
 * (A receiver that starts hanging holds whichever sender meets it first, for one timeout.)
 */
const SLOW_KEY = 'webhookSlowAddresses';
/** An answer (or a timeout) this slow marks its address slow. */
const SLOW_MS = 2_000;
const SLOW_FOR_MS = 10 * 60_000;
/** How many senders never post to a slow address, when there are four senders or more. */
const FAST_LANE = 2;

function slowMap(value: unknown): { [webhook: string]: number } {
  try {
    const map = JSON.parse(String(value || '{}')) as { [webhook: string]: number };
    return map && typeof map === 'object' ? map : {};
  } catch {
    return {};
  }
}

export function slowAddresses(app: core.App): string[] {
  const now = Date.now();
  const map = slowMap(app.store().get(SLOW_KEY));
  return Object.keys(map).filter((id) => map[id]! > now);
}

function markSlow(app: core.App, webhook: string, slow: boolean): void {
  if (!slow && !(webhook in slowMap(app.store().get(SLOW_KEY)))) return;
  app.store().setFunc(SLOW_KEY, (old: unknown) => {
    const now = Date.now();
    const map = slowMap(old);
    for (const id of Object.keys(map)) if (map[id]! <= now) delete map[id];
    if (slow) map[webhook] = now + SLOW_FOR_MS;
    else delete map[webhook];
    return JSON.stringify(map);
  });
}

/** Hold an address for this sender (compare-and-set): true when it is now this sender's. */
function lease(app: core.App, webhook: string, sender: string): boolean {
  const now = Date.now();
  // Longer than a session can last (its last send starts before SESSION_MS and waits for at most
  // the timeout), so an address is never held by two senders at once.
  const until = stored(now + SESSION_MS + 3 * timeoutSeconds() * 1000 + 15_000);
  return (
    app
      .db()
      .newQuery(
        'UPDATE webhooks SET lease = {:sender}, leaseUntil = {:until} ' +
          'WHERE id = {:id} AND leaseUntil < {:now}',
      )
      .bind({ id: webhook, sender, until, now: stored(now) })
      .execute()
      .rowsAffected() === 1
  );
}

function release(app: core.App, webhook: string, sender: string): void {
  app
    .db()
    .newQuery(
      "UPDATE webhooks SET lease = '', leaseUntil = '' WHERE id = {:id} AND lease = {:sender}",
    )
    .bind({ id: webhook, sender })
    .execute();
}

interface Due {
  id: string;
  tracking: string;
  msgId: string;
  body: string;
  status: string;
  attempts: number;
  expiresAt: string;
}

/** The first due head of the address's lines, in the order the events happened. */
function dueAt(app: core.App, webhook: string): Due[] {
  const rows = arrayOf(
    new DynamicModel({
      id: '',
      tracking: '',
      msgId: '',
      body: '',
      status: '',
      attempts: 0,
      expiresAt: '',
    }),
  );
  app
    .db()
    .newQuery(
      'SELECT d.id, d.tracking, d.msgId, d.body, d.status, d.attempts, d.expiresAt ' +
        `FROM webhook_deliveries d WHERE d.webhook = {:webhook} AND ${DUE} AND ${HEAD} ` +
        'ORDER BY d.seq LIMIT 1',
    )
    .bind({ webhook, now: stored() })
    .all(rows);
  return rows as unknown as Due[];
}

/** The outcome of one post. */
interface Answer {
  ok: boolean;
  status: number;
  text: string;
  error?: string;
}

function post(url: string, secret: string, item: Due): Answer {
  const timeout = timeoutSeconds();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'RotaVeloz-Webhooks/1',
    ...signedHeaders(secret, item.msgId, item.body, new Date()),
  };
  try {
    const res = $http.send({ url, method: 'POST', body: item.body, headers, timeout });
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    return { ok, status: res.statusCode, text: answerExcerpt(toString(res.body, 4096)) };
  } catch (err) {
    const error = String(err);
    return { ok: false, status: 0, text: failureText(error, timeout), error };
  }
}

/**
 * Send the due deliveries of one held address, in order, for up to SESSION_MS. A failure that says
 * the receiver is down or overloaded pauses the whole address until that delivery's next try.
 */
function serve(app: core.App, webhook: string): void {
  const hook = new DynamicModel({ url: '', secret: '' });
  try {
    app
      .db()
      .newQuery('SELECT url, secret FROM webhooks WHERE id = {:id}')
      .bind({ id: webhook })
      .one(hook);
  } catch {
    return; // deleted meanwhile (its deliveries went with it)
  }
  const started = Date.now();
  while (Date.now() - started < SESSION_MS) {
    // The next due one, looked up again after each post: the event that post let through (the
    // same shipment's next) may come before the others.
    const item = dueAt(app, webhook)[0];
    if (!item) return;
    const claimed = app
      .db()
      .newQuery(
        "UPDATE webhook_deliveries SET status = 'sending', attempts = attempts + 1, updated = {:now} " +
          'WHERE id = {:id} AND status = {:status} AND attempts = {:attempts}',
      )
      .bind({ id: item.id, status: item.status, attempts: item.attempts, now: stored() })
      .execute();
    if (claimed.rowsAffected() !== 1) continue; // resent or deleted meanwhile
    const attempts = item.attempts + 1;
    const began = Date.now();
    const answer = post(hook.url as string, hook.secret as string, item);
    markSlow(app, webhook, Date.now() - began >= SLOW_MS);
    const pause = keep(app, item, attempts, answer);
    if (pause) {
      app
        .db()
        .newQuery('UPDATE webhooks SET pausedUntil = {:until} WHERE id = {:id}')
        .bind({ id: webhook, until: pause })
        .execute();
      return;
    }
  }
}

/**
 * Keep a post's outcome on its delivery. Answers when the address should pause (its receiver is
 * down or overloaded), or '' to go on.
 */
function keep(app: core.App, item: Due, attempts: number, answer: Answer): string {
  const now = Date.now();
  const retryAt = stored(now + retryDelaySeconds(attempts, retryBase(), retryMax()) * 1000);
  let status = 'sent';
  let nextAt = '';
  if (!answer.ok) {
    const expired = item.expiresAt && item.expiresAt <= stored(now);
    status = expired ? 'gaveup' : 'failed';
    if (!expired) nextAt = retryAt;
    app
      .logger()
      .warn(
        'Webhook não entregue',
        'delivery',
        item.id,
        'status',
        answer.status,
        'attempts',
        attempts,
        'error',
        answer.error || answer.text,
      );
  }
  app
    .db()
    .newQuery(
      'UPDATE webhook_deliveries SET status = {:status}, nextAt = {:nextAt}, lastStatus = {:code}, ' +
        'lastAnswer = {:text}, lastAt = {:now}, sentAt = {:sentAt}, updated = {:now} ' +
        "WHERE id = {:id} AND status = 'sending'",
    )
    .bind({
      id: item.id,
      status,
      nextAt,
      code: answer.status,
      text: answer.text,
      now: stored(now),
      sentAt: answer.ok ? stored(now) : '',
    })
    .execute();
  return !answer.ok && addressFailing(answer.status) ? retryAt : '';
}

/**
 * Deliveries still waiting three days after their event are given up (those never tried too: held
 * behind a failing one, or at an address that kept failing); old finished ones are deleted.
 */
function sweep(app: core.App): void {
  const now = stored();
  app
    .db()
    .newQuery(
      "UPDATE webhook_deliveries SET status = 'gaveup', nextAt = '', updated = {:now} " +
        "WHERE status IN ('pending', 'failed') AND expiresAt != '' AND expiresAt <= {:now}",
    )
    .bind({ now })
    .execute();
  app
    .db()
    .newQuery(
      "DELETE FROM webhook_deliveries WHERE status IN ('sent', 'gaveup') AND created < {:cutoff}",
    )
    .bind({ cutoff: stored(Date.now() - KEEP_DAYS * 24 * 60 * 60 * 1000) })
    .execute();
}

/**
 * When a sender started now stops: just past the next whole minute, when cron starts the next run
 * (the two overlap for a moment; the leases keep them apart). A run started by hand in a minute's
 * last seconds goes on through the next minute.
 */
export function runDeadline(now: number): number {
  const deadline = Math.floor(now / 60_000) * 60_000 + 60_000 + 2_000;
  return deadline - now < 10_000 ? deadline + 60_000 : deadline;
}

/**
 * One sender's run (`n` of `senders`): until its deadline, hold an address with deliveries due and
 * send them; with nothing to do, look again in half a second. The first FAST_LANE senders leave the
 * slow addresses to the others. A fault in one round is logged, and the run goes on.
 */
export function drainWebhooks(app: core.App, n: number, senders: number): void {
  const sender = $security.randomString(12);
  const deadline = runDeadline(Date.now());
  // The senders start together on the minute: spread, they look at the queue in turns (every
  // POLL_MS / senders between them) rather than all at once.
  sleep(Math.floor(((n - 1) * POLL_MS) / senders));
  while (Date.now() < deadline) {
    let worked = false;
    try {
      const swept = Number(app.store().get('webhookSweptAt')) || 0;
      if (Date.now() - swept > 60_000) {
        app.store().set('webhookSweptAt', Date.now());
        sweep(app);
      }
      const skip = senders > FAST_LANE + 1 && n <= FAST_LANE ? slowAddresses(app) : [];
      for (const webhook of addressesDue(app, stored(), skip)) {
        if (!lease(app, webhook, sender)) continue; // another sender took it first
        try {
          serve(app, webhook);
        } finally {
          release(app, webhook, sender);
        }
        worked = true;
        break;
      }
    } catch (err) {
      app.logger().error('Envio de webhooks falhou', 'error', String(err));
    }
    if (!worked) sleep(POLL_MS);
  }
}
