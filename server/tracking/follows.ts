// 'Avise-me': visitors follow a tracking number by e-mail, with double opt-in. The rules,
// limits, texts and e-mails are the domain's (src/domain/follows.ts); this module stores and sends.
import {
  FOLLOW_LIMITS as L,
  FOLLOW_MESSAGES,
  FOLLOW_RULES,
  attemptsToTell,
  followConfirmMail,
  newsInOrder,
  followUpdateMail,
  highestStage,
  linkableNumber,
  mailboxKey,
  stagesToTell,
} from '../../src/domain/follows';
import { validateSubmission } from '../../src/domain/fields';
import {
  DELIVERED_STAGE,
  normalizeStages,
  stageTimeField,
  stageTimesOf,
  type TrackingStage,
} from '../../src/domain/stages';
import { company, env, siteUrl, stored } from '../core/config';
import { fieldErrors } from '../core/errors';
import { allowConfirmation, queue, toHtml } from '../mail/queue';
import { stageFields } from './stamps';
import { findByNumber } from './find';
import { attemptsOf } from './attempts';

const HOUR = 60 * 60 * 1000;

/** A stored date as milliseconds (0 when empty). */
function timeOf(value: string): number {
  return new Date(String(value || '').replace(' ', 'T')).getTime() || 0;
}

/** Seconds several quick stage changes wait to go out as one e-mail (FOLLOW_BATCH_SECONDS). */
function batchMs(): number {
  return Number(env('FOLLOW_BATCH_SECONDS', '300')) * 1000;
}

function count(app: core.App, sql: string, params: dbx.Params): number {
  const row = new DynamicModel({ n: 0 });
  app.db().newQuery(sql).bind(params).one(row);
  return row.n as number;
}

function findFollow(app: core.App, filter: string, params: dbx.Params): core.Record | null {
  try {
    return app.findFirstRecordByFilter('tracking_follows', filter, params);
  } catch {
    return null;
  }
}

/** A record's stages and the time each was reached (read as the public lookup reads them). */
function stagesOf(record: core.Record): { stages: TrackingStage[]; times: Record<string, string> } {
  const stages = normalizeStages(record.get('stages'));
  return { stages, times: stageTimesOf(stageFields(record, stageTimeField), stages) };
}

/** Staff see how many people follow a record (not who): kept on the record itself. */
function recount(app: core.App, number: string): void {
  const record = findByNumber(app, number);
  if (!record) return;
  const n = followersOf(app, number);
  if (record.getInt('followers') !== n) {
    record.set('followers', n);
    app.save(record);
  }
}

/** The confirmation link goes out unless that mailbox's confirmations are spent for the day. */
function queueConfirm(txApp: core.App, follow: core.Record): void {
  if (!allowConfirmation(txApp, follow.getString('email'))) return;
  const content = followConfirmMail(
    follow.getString('number'),
    siteUrl(txApp) + '/rastrear?confirmar=' + follow.getString('token'),
    company,
  );
  queue(txApp, {
    source: 'tracking_follows',
    record: follow.id,
    purpose: 'follow-confirm',
    to: follow.getString('email'),
    replyTo: content.replyTo,
    subject: content.subject,
    html: toHtml(content),
  });
}

/** A request body as an object of fields (anything else reads as no fields). */
function bodyOf(e: core.RequestEvent): { [name: string]: unknown } {
  const body: unknown = e.requestInfo().body;
  return body && typeof body === 'object' ? (body as { [name: string]: unknown }) : {};
}

/**
 * POST /api/avisos: ask to follow a number. The answer is the same whether the number exists or
 * not, and whether the address already follows it; the e-mail decides (double opt-in).
 */
export function subscribe(e: core.RequestEvent): void {
  const body = bodyOf(e);
  const text = (name: string) =>
    body[name] === undefined || body[name] === null ? '' : String(body[name]);
  const values = {
    number: text('number').trim(),
    email: text('email').trim().toLowerCase(),
    consent: text('consent'),
  };
  // The limit counts a mailbox, however its address is spelled ('ana+1@…', 'a.na@gmail.com').
  const addressKey = mailboxKey(values.email);
  const problems = validateSubmission(FOLLOW_RULES, values);
  if (Object.keys(problems).length) throw fieldErrors(problems);
  const ipHash = $security.sha256('follows:' + e.realIP());
  const now = Date.now();

  e.app.runInTransaction((txApp) => {
    const known = findFollow(txApp, 'email = {:email} && number = {:number}', values);
    if (known) {
      // Asked again: a pending one gets its link again, a few times at most and not more often
      // than every few minutes; its 48 hours still count from the first request.
      const sent = timeOf(known.getString('linkSentAt'));
      if (
        known.getString('status') === 'pending' &&
        known.getInt('linksSent') < L.linksPerRequest &&
        now - sent > L.resendMinutes * 60 * 1000
      ) {
        known.set('linkSentAt', stored(now));
        known.set('linksSent', known.getInt('linksSent') + 1);
        txApp.save(known);
        queueConfirm(txApp, known);
      }
      return;
    }
    const perAddress = count(
      txApp,
      'SELECT COUNT(*) AS n FROM tracking_follows WHERE addressKey = {:addressKey} AND created > {:since}',
      { addressKey, since: stored(now - 24 * HOUR) },
    );
    if (perAddress >= L.perAddressPerDay) {
      throw new TooManyRequestsError(FOLLOW_MESSAGES.tooManyForAddress);
    }
    const perIp = count(
      txApp,
      'SELECT COUNT(*) AS n FROM tracking_follows WHERE ipHash = {:ipHash} AND created > {:since}',
      { ipHash, since: stored(now - HOUR) },
    );
    if (perIp >= L.perIpPerHour) throw new TooManyRequestsError(FOLLOW_MESSAGES.tooManyFromHere);

    const follow = new Record(txApp.findCollectionByNameOrId('tracking_follows'));
    follow.set('number', values.number);
    follow.set('email', values.email);
    follow.set('addressKey', addressKey);
    follow.set('status', 'pending');
    follow.set('token', $security.randomString(40));
    follow.set('ipHash', ipHash);
    follow.set('askedAt', stored(now));
    follow.set('linkSentAt', stored(now));
    follow.set('linksSent', 1);
    follow.set('expiresAt', stored(now + L.maxDays * 24 * HOUR));
    follow.set('toldStage', 0);
    txApp.save(follow);
    queueConfirm(txApp, follow);
  });
  e.response.header().set('Cache-Control', 'no-store');
  e.json(202, { message: FOLLOW_MESSAGES.requested(values.email) });
}

type ConfirmAnswer =
  { gone: true } | { number: string; message: string; ended?: boolean; gone?: undefined };

/** POST /api/avisos/confirmar: the link of the confirmation e-mail was opened. */
export function confirm(e: core.RequestEvent): void {
  const token = String(bodyOf(e).token || '');
  let answer: ConfirmAnswer = { gone: true };
  e.app.runInTransaction((txApp) => {
    const follow = token ? findFollow(txApp, 'token = {:token}', { token }) : null;
    if (!follow) throw new NotFoundError(FOLLOW_MESSAGES.linkGone);
    const number = follow.getString('number');
    if (follow.getString('status') === 'confirmed') {
      answer = { number: linkableNumber(number), message: FOLLOW_MESSAGES.confirmed(number) };
      return;
    }
    if (Date.now() - timeOf(follow.getString('askedAt')) > L.confirmHours * HOUR) {
      txApp.delete(follow);
      answer = { gone: true };
      return;
    }
    const record = findByNumber(txApp, number);
    const stages = record ? stagesOf(record).stages : [];
    if (stages.indexOf(DELIVERED_STAGE) !== -1) {
      txApp.delete(follow);
      answer = {
        number: linkableNumber(number),
        message: FOLLOW_MESSAGES.alreadyDelivered(number),
        ended: true,
      };
      return;
    }
    follow.set('status', 'confirmed');
    follow.set('confirmedAt', stored());
    follow.set('toldStage', highestStage(stages));
    follow.set('toldAttempts', record ? attemptsOf(record).length : 0);
    txApp.save(follow);
    recount(txApp, number);
    answer = { number: linkableNumber(number), message: FOLLOW_MESSAGES.confirmed(number) };
  });
  // Thrown after the transaction, which must keep the expired link's deletion.
  if (answer.gone) throw new NotFoundError(FOLLOW_MESSAGES.linkGone);
  e.response.header().set('Cache-Control', 'no-store');
  e.json(200, answer);
}

/** POST /api/avisos/cancelar/{token}: one click ends it (also RFC 8058's List-Unsubscribe-Post). */
export function cancel(e: core.RequestEvent): void {
  const token = e.request!.pathValue('token');
  let number = '';
  e.app.runInTransaction((txApp) => {
    const follow = token ? findFollow(txApp, 'token = {:token}', { token }) : null;
    if (!follow) return; // already gone: the outcome is the same
    number = follow.getString('number');
    forget(txApp, follow.id);
    recount(txApp, number);
  });
  e.response.header().set('Cache-Control', 'no-store');
  e.json(200, { message: FOLLOW_MESSAGES.cancelled, number: linkableNumber(number) });
}

/** GET of the cancel link: a mail app that opens List-Unsubscribe instead of posting to it gets the page, which asks first. */
export function openCancelLink(e: core.RequestEvent): void {
  e.redirect(303, '/rastrear?cancelar=' + encodeURIComponent(e.request!.pathValue('token')));
}

/**
 * A tracking record reached a new stage or had a failed delivery attempt (inside the save that did
 * it): its followers get an e-mail once the batch window has passed, so quick changes go out
 * together.
 */
export function stagesChanged(app: core.App, record: core.Record): void {
  if (record.isNew() || !hasFollows(app)) return;
  const before = normalizeStages(record.original().get('stages'));
  const after = normalizeStages(record.get('stages'));
  const newAttempt = attemptsOf(record).length > attemptsOf(record.original()).length;
  if (!newAttempt && !after.some((s) => before.indexOf(s) === -1)) return;
  app
    .db()
    .newQuery(
      "UPDATE tracking_follows SET notifyAt = {:at} WHERE number = {:number} AND status = 'confirmed' AND notifyAt = ''",
    )
    .bind({ at: stored(Date.now() + batchMs()), number: record.getString('number') })
    .execute();
}

/** A subscription ends: it goes, and so do its e-mails not yet sent (not one being sent now). */
function forget(app: core.App, id: string): void {
  app
    .db()
    .newQuery(
      "DELETE FROM mail_queue WHERE source = 'tracking_follows' AND record = {:id} AND status IN ('pending', 'failed')",
    )
    .bind({ id })
    .execute();
  app.db().newQuery('DELETE FROM tracking_follows WHERE id = {:id}').bind({ id }).execute();
}

/** Every subscription of a number ends (a deleted record: nothing more will happen to it). */
export function recordDeleted(app: core.App, number: string): void {
  if (!hasFollows(app)) return;
  const rows = arrayOf(new DynamicModel({ id: '' }));
  app
    .db()
    .newQuery('SELECT id FROM tracking_follows WHERE number = {:number}')
    .bind({ number })
    .all(rows);
  for (const row of rows) forget(app, row.id);
}

/** One number's due e-mails, in one transaction; delivered: every follower's last one. */
function tellFollowers(txApp: core.App, number: string, base: string): void {
  const now = stored();
  const record = findByNumber(txApp, number);
  if (!record) {
    recordDeleted(txApp, number);
    return;
  }
  const { stages, times } = stagesOf(record);
  const attempts = attemptsOf(record);
  const delivered = stages.indexOf(DELIVERED_STAGE) !== -1;
  // Delivered: every confirmed follower hears it now, whether or not their batch was due.
  const follows = txApp.findRecordsByFilter(
    'tracking_follows',
    delivered
      ? "number = {:number} && status = 'confirmed'"
      : "number = {:number} && notifyAt != '' && notifyAt <= {:now}",
    'created',
    0,
    0,
    { number, now },
  ) as core.Record[];
  for (const follow of follows) {
    if (!delivered && timeOf(follow.getString('expiresAt')) <= Date.now()) {
      forget(txApp, follow.id); // 90 days are over: no more e-mails
      continue;
    }
    const tell = newsInOrder([
      ...stagesToTell(stages, times, follow.getInt('toldStage')),
      ...attemptsToTell(attempts, follow.getInt('toldAttempts')),
    ]);
    if (tell.length) {
      const token = follow.getString('token');
      const content = followUpdateMail(
        number,
        tell,
        {
          lookup: base + '/rastrear' + (linkableNumber(number) ? '?numero=' + number : ''),
          unsubscribe: base + '/rastrear?cancelar=' + token,
        },
        company,
      );
      queue(txApp, {
        source: 'tracking_follows',
        record: follow.id,
        purpose: 'follow-update',
        to: follow.getString('email'),
        replyTo: content.replyTo,
        subject: content.subject,
        html: toHtml(content),
        unsubscribe: delivered ? '' : base + '/api/avisos/cancelar/' + token,
      });
    }
    if (delivered) {
      // Its last e-mail stays queued (and is removed once sent); the subscription goes now.
      txApp.delete(follow);
      continue;
    }
    follow.set('notifyAt', '');
    follow.set('toldStage', Math.max(follow.getInt('toldStage'), highestStage(stages)));
    follow.set('toldAttempts', attempts.length);
    txApp.save(follow);
  }
  if (delivered) {
    // No subscription is kept past delivery, confirmed or not.
    recordDeleted(txApp, number);
    recount(txApp, number);
  }
}

/** The followers' e-mails whose batch window has passed (or whose parcel was delivered) are queued. */
export function enqueueDue(app: core.App): void {
  const base = siteUrl(app);
  const done = new Set<string>();
  for (;;) {
    const due = arrayOf(new DynamicModel({ number: '' }));
    app
      .db()
      .newQuery(
        "SELECT DISTINCT number FROM tracking_follows WHERE notifyAt != '' AND notifyAt <= {:now} LIMIT 50",
      )
      .bind({ now: stored() })
      .all(due);
    // Each number once per run (one that failed waits for the next run).
    const todo = due.map((row) => row.number as string).filter((number) => !done.has(number));
    if (todo.length === 0) return;
    for (const number of todo) {
      done.add(number);
      try {
        app.runInTransaction((txApp) => tellFollowers(txApp, number, base));
      } catch (err) {
        // One number's fault never holds up the others.
        app.logger().error('Aviso de rastreio não preparado', 'error', String(err));
      }
    }
  }
}

/**
 * Every hour: unconfirmed requests 48 hours after they were made, every subscription at expiresAt,
 * each with its e-mails not yet sent.
 */
export function cleanup(app: core.App): void {
  const now = Date.now();
  const rows = arrayOf(new DynamicModel({ id: '', number: '', status: '' }));
  app
    .db()
    .newQuery(
      'SELECT id, number, status FROM tracking_follows WHERE ' +
        "(status = 'pending' AND askedAt < {:pending}) OR expiresAt < {:now}",
    )
    .bind({ pending: stored(now - L.confirmHours * HOUR), now: stored(now) })
    .all(rows);
  const numbers = new Set<string>();
  for (const row of rows) {
    forget(app, row.id);
    if (row.status === 'confirmed') numbers.add(row.number);
  }
  for (const number of numbers) recount(app, number);
}

/** On a new record: people may have asked to follow the number before it was registered. */
export function followersOf(app: core.App, number: string): number {
  if (!hasFollows(app)) return 0;
  return count(
    app,
    "SELECT COUNT(*) AS n FROM tracking_follows WHERE number = {:number} AND status = 'confirmed'",
    { number },
  );
}

/** Migrations older than the subscriptions' own (the demo records) save tracking records too. */
function hasFollows(app: core.App): boolean {
  return app.hasTable('tracking_follows');
}
