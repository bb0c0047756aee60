// 'Avise-me': visitors follow a tracking number by e-mail, with double opt-in. The rules,
// limits, texts and e-mails are the domain's (src/domain/follows.ts); this file stores and sends.
const domain = require(`${__hooks}/lib/generated/domain.cjs`);
const cfg = require(`${__hooks}/lib/config.js`);
const mail = require(`${__hooks}/lib/mail.js`);
const { fieldErrors } = require(`${__hooks}/lib/errors.js`);
const tracking = require(`${__hooks}/lib/tracking.js`);

const L = domain.FOLLOW_LIMITS;
const HOUR = 60 * 60 * 1000;

function iso(ms) {
  return new Date(ms).toISOString().replace('T', ' ');
}

/** A stored date as milliseconds (0 when empty). */
function timeOf(value) {
  return new Date(String(value || '').replace(' ', 'T')).getTime() || 0;
}

/** The site's address, for links in e-mails (APP_URL). */
function site(app) {
  return (cfg.env('APP_URL', '') || app.settings().meta.appURL || '').replace(/\/+$/, '');
}

/** Seconds several quick stage changes wait to go out as one e-mail (FOLLOW_BATCH_SECONDS). */
function batchMs() {
  return Number(cfg.env('FOLLOW_BATCH_SECONDS', '300')) * 1000;
}

function count(app, sql, params) {
  const row = new DynamicModel({ n: 0 });
  app.db().newQuery(sql).bind(params).one(row);
  return row.n;
}

function findFollow(app, filter, params) {
  try {
    return app.findFirstRecordByFilter('tracking_follows', filter, params);
  } catch (_) {
    return null;
  }
}

/** A record's stages and the time each was reached (read as the public lookup reads them). */
function stagesOf(record) {
  const stages = domain.normalizeStages(record.get('stages'));
  return {
    stages,
    times: domain.stageTimesOf(tracking.stageFields(record, domain.stageTimeField), stages),
  };
}

/** Staff see how many people follow a record (not who): kept on the record itself. */
function recount(app, number) {
  const record = tracking.findByNumber(app, number);
  if (!record) return;
  const n = followersOf(app, number);
  if (record.getInt('followers') !== n) {
    record.set('followers', n);
    app.save(record);
  }
}

/** The confirmation link goes out unless that mailbox's confirmations are spent for the day. */
function queueConfirm(txApp, follow) {
  if (!mail.allowConfirmation(txApp, follow.getString('email'))) return;
  const base = site(txApp);
  const content = domain.followConfirmMail(
    follow.getString('number'),
    base + '/rastrear?confirmar=' + follow.getString('token'),
    cfg.company,
  );
  mail.queue(txApp, {
    source: 'tracking_follows',
    record: follow.id,
    purpose: 'follow-confirm',
    to: follow.getString('email'),
    replyTo: content.replyTo,
    subject: content.subject,
    html: mail.toHtml(content),
  });
}

/**
 * POST /api/avisos: ask to follow a number. The answer is the same whether the number exists or
 * not, and whether the address already follows it; the e-mail decides (double opt-in).
 */
function subscribe(e) {
  const body = e.requestInfo().body || {};
  const text = (name) =>
    body[name] === undefined || body[name] === null ? '' : String(body[name]);
  const values = {
    number: text('number').trim(),
    email: text('email').trim().toLowerCase(),
    consent: text('consent'),
  };
  // The limit counts a mailbox, however its address is spelled ('ana+1@…', 'a.na@gmail.com').
  const addressKey = domain.mailboxKey(values.email);
  const problems = domain.validateSubmission(domain.FOLLOW_RULES, values);
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
        known.set('linkSentAt', iso(now));
        known.set('linksSent', known.getInt('linksSent') + 1);
        txApp.save(known);
        queueConfirm(txApp, known);
      }
      return;
    }
    const perAddress = count(
      txApp,
      'SELECT COUNT(*) AS n FROM tracking_follows WHERE addressKey = {:addressKey} AND created > {:since}',
      { addressKey, since: iso(now - 24 * HOUR) },
    );
    if (perAddress >= L.perAddressPerDay) {
      throw new TooManyRequestsError(domain.FOLLOW_MESSAGES.tooManyForAddress);
    }
    const perIp = count(
      txApp,
      'SELECT COUNT(*) AS n FROM tracking_follows WHERE ipHash = {:ipHash} AND created > {:since}',
      { ipHash, since: iso(now - HOUR) },
    );
    if (perIp >= L.perIpPerHour)
      throw new TooManyRequestsError(domain.FOLLOW_MESSAGES.tooManyFromHere);

    const follow = new Record(txApp.findCollectionByNameOrId('tracking_follows'));
    follow.set('number', values.number);
    follow.set('email', values.email);
    follow.set('addressKey', addressKey);
    follow.set('status', 'pending');
    follow.set('token', $security.randomString(40));
    follow.set('ipHash', ipHash);
    follow.set('askedAt', iso(now));
    follow.set('linkSentAt', iso(now));
    follow.set('linksSent', 1);
    follow.set('expiresAt', iso(now + L.maxDays * 24 * HOUR));
    follow.set('toldStage', 0);
    txApp.save(follow);
    queueConfirm(txApp, follow);
  });
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(202, { message: domain.FOLLOW_MESSAGES.requested(values.email) });
}

/** POST /api/avisos/confirmar: the link of the confirmation e-mail was opened. */
function confirm(e) {
  const token = String((e.requestInfo().body || {}).token || '');
  let answer = null;
  e.app.runInTransaction((txApp) => {
    const follow = token ? findFollow(txApp, 'token = {:token}', { token }) : null;
    if (!follow) throw new NotFoundError(domain.FOLLOW_MESSAGES.linkGone);
    const number = follow.getString('number');
    if (follow.getString('status') === 'confirmed') {
      answer = {
        number: domain.linkableNumber(number),
        message: domain.FOLLOW_MESSAGES.confirmed(number),
      };
      return;
    }
    if (Date.now() - timeOf(follow.getString('askedAt')) > L.confirmHours * HOUR) {
      txApp.delete(follow);
      answer = { gone: true };
      return;
    }
    const record = tracking.findByNumber(txApp, number);
    const { stages } = record ? stagesOf(record) : { stages: [] };
    if (stages.indexOf(domain.DELIVERED_STAGE) !== -1) {
      txApp.delete(follow);
      answer = {
        number: domain.linkableNumber(number),
        message: domain.FOLLOW_MESSAGES.alreadyDelivered(number),
        ended: true,
      };
      return;
    }
    follow.set('status', 'confirmed');
    follow.set('confirmedAt', iso(Date.now()));
    follow.set('toldStage', domain.highestStage(stages));
    txApp.save(follow);
    recount(txApp, number);
    answer = {
      number: domain.linkableNumber(number),
      message: domain.FOLLOW_MESSAGES.confirmed(number),
    };
  });
  if (answer.gone) throw new NotFoundError(domain.FOLLOW_MESSAGES.linkGone);
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(200, answer);
}

/** POST /api/avisos/cancelar/{token}: one click ends it (also RFC 8058's List-Unsubscribe-Post). */
function cancel(e) {
  const token = e.request.pathValue('token');
  let number = '';
  e.app.runInTransaction((txApp) => {
    const follow = token ? findFollow(txApp, 'token = {:token}', { token }) : null;
    if (!follow) return; // already gone: the outcome is the same
    number = follow.getString('number');
    forget(txApp, follow.id);
    recount(txApp, number);
  });
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(200, {
    message: domain.FOLLOW_MESSAGES.cancelled,
    number: domain.linkableNumber(number),
  });
}

/**
 * A tracking record reached a new stage (inside the save that did it): its followers get an
 * e-mail once the batch window has passed, so quick changes go out together.
 */
function stagesChanged(app, record) {
  if (record.isNew() || !hasFollows(app)) return;
  const before = domain.normalizeStages(record.original().get('stages'));
  const after = domain.normalizeStages(record.get('stages'));
  if (!after.some((s) => before.indexOf(s) === -1)) return;
  app
    .db()
    .newQuery(
      "UPDATE tracking_follows SET notifyAt = {:at} WHERE number = {:number} AND status = 'confirmed' AND notifyAt = ''",
    )
    .bind({ at: iso(Date.now() + batchMs()), number: record.getString('number') })
    .execute();
}

/** A subscription ends: it goes, and so do its e-mails not yet sent (not one being sent now). */
function forget(app, id) {
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
function recordDeleted(app, number) {
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
function tellFollowers(txApp, number, base) {
  const now = iso(Date.now());
  const record = tracking.findByNumber(txApp, number);
  if (!record) {
    recordDeleted(txApp, number);
    return;
  }
  const { stages, times } = stagesOf(record);
  const delivered = stages.indexOf(domain.DELIVERED_STAGE) !== -1;
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
  );
  for (const follow of follows) {
    if (!delivered && timeOf(follow.getString('expiresAt')) <= Date.now()) {
      forget(txApp, follow.id); // 90 days are over: no more e-mails
      continue;
    }
    const tell = domain.stagesToTell(stages, times, follow.getInt('toldStage'));
    if (tell.length) {
      const token = follow.getString('token');
      const content = domain.followUpdateMail(
        number,
        tell,
        {
          lookup: base + '/rastrear' + (domain.linkableNumber(number) ? '?numero=' + number : ''),
          unsubscribe: base + '/rastrear?cancelar=' + token,
        },
        cfg.company,
      );
      mail.queue(txApp, {
        source: 'tracking_follows',
        record: follow.id,
        purpose: 'follow-update',
        to: follow.getString('email'),
        replyTo: content.replyTo,
        subject: content.subject,
        html: mail.toHtml(content),
        unsubscribe: delivered ? '' : base + '/api/avisos/cancelar/' + token,
      });
    }
    if (delivered) {
      // Its last e-mail stays queued (and is removed once sent); the subscription goes now.
      txApp.delete(follow);
      continue;
    }
    follow.set('notifyAt', '');
    follow.set('toldStage', Math.max(follow.getInt('toldStage'), domain.highestStage(stages)));
    txApp.save(follow);
  }
  if (delivered) {
    // No subscription is kept past delivery, confirmed or not.
    recordDeleted(txApp, number);
    recount(txApp, number);
  }
}

/** The followers' e-mails whose batch window has passed (or whose parcel was delivered) are queued. */
function enqueueDue(app) {
  const base = site(app);
  const done = {};
  for (;;) {
    const due = arrayOf(new DynamicModel({ number: '' }));
    app
      .db()
      .newQuery(
        "SELECT DISTINCT number FROM tracking_follows WHERE notifyAt != '' AND notifyAt <= {:now} LIMIT 50",
      )
      .bind({ now: iso(Date.now()) })
      .all(due);
    // Each number once per run (one that failed waits for the next run).
    const todo = due.filter((row) => !done[row.number]);
    if (todo.length === 0) return;
    for (const row of todo) {
      done[row.number] = true;
      try {
        app.runInTransaction((txApp) => tellFollowers(txApp, row.number, base));
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
function cleanup(app) {
  const now = Date.now();
  const params = { pending: iso(now - L.confirmHours * HOUR), now: iso(now) };
  const rows = arrayOf(new DynamicModel({ id: '', number: '', status: '' }));
  app
    .db()
    .newQuery(
      'SELECT id, number, status FROM tracking_follows WHERE ' +
        "(status = 'pending' AND askedAt < {:pending}) OR expiresAt < {:now}",
    )
    .bind(params)
    .all(rows);
  const numbers = {};
  for (const row of rows) {
    forget(app, row.id);
    if (row.status === 'confirmed') numbers[row.number] = true;
  }
  for (const number in numbers) recount(app, number);
}

/** On a new record: people may have asked to follow the number before it was registered. */
function followersOf(app, number) {
  if (!hasFollows(app)) return 0;
  return count(
    app,
    "SELECT COUNT(*) AS n FROM tracking_follows WHERE number = {:number} AND status = 'confirmed'",
    { number },
  );
}

/** Migrations older than the subscriptions' own (the demo records) save tracking records too. */
function hasFollows(app) {
  return app.hasTable('tracking_follows');
}

module.exports = {
  subscribe,
  confirm,
  cancel,
  stagesChanged,
  recordDeleted,
  enqueueDue,
  cleanup,
  followersOf,
};
