// 'Avise-me' (issue 15): visitors follow a tracking number by e-mail, with double opt-in. The rules,
// limits, texts and e-mails are the domain's (src/domain/follows.ts); this file stores and sends.
const domain = require(`${__hooks}/lib/generated/domain.cjs`);
const cfg = require(`${__hooks}/lib/config.js`);
const mail = require(`${__hooks}/lib/mail.js`);
const { fieldErrors } = require(`${__hooks}/lib/errors.js`);

const L = domain.FOLLOW_LIMITS;
const HOUR = 60 * 60 * 1000;

function iso(ms) {
  return new Date(ms).toISOString().replace('T', ' ');
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

function findTracking(app, number) {
  try {
    return app.findFirstRecordByData('tracking', 'number', number);
  } catch (_) {
    return null;
  }
}

function findFollow(app, filter, params) {
  try {
    return app.findFirstRecordByFilter('tracking_follows', filter, params);
  } catch (_) {
    return null;
  }
}

/** A record's stages and the time each was reached. */
function stagesOf(record) {
  const stages = domain.normalizeStages(record.get('stages'));
  const fields = {};
  for (const { stage } of domain.TRACKING_STAGES) {
    fields[domain.stageTimeField(stage)] = record.getString(domain.stageTimeField(stage));
  }
  return { stages, times: domain.stageTimesOf(fields, stages) };
}

/** Staff see how many people follow a record (not who): kept on the record itself. */
function recount(app, number) {
  const record = findTracking(app, number);
  if (!record) return;
  const n = count(
    app,
    "SELECT COUNT(*) AS n FROM tracking_follows WHERE number = {:number} AND status = 'confirmed'",
    { number },
  );
  if (record.getInt('followers') !== n) {
    record.set('followers', n);
    app.save(record);
  }
}

function queueConfirm(txApp, follow) {
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
  const problems = domain.validateSubmission(domain.FOLLOW_RULES, values);
  if (Object.keys(problems).length) throw fieldErrors(problems);
  const ipHash = $security.sha256('follows:' + e.realIP());
  const now = Date.now();

  e.app.runInTransaction((txApp) => {
    const known = findFollow(txApp, 'email = {:email} && number = {:number}', values);
    if (known) {
      // Asked again: a pending one gets its link again, not more often than every few minutes.
      const asked = new Date(known.getString('askedAt').replace(' ', 'T')).getTime() || 0;
      if (known.getString('status') === 'pending' && now - asked > L.resendMinutes * 60 * 1000) {
        known.set('askedAt', iso(now));
        txApp.save(known);
        queueConfirm(txApp, known);
      }
      return;
    }
    const perAddress = count(
      txApp,
      'SELECT COUNT(*) AS n FROM tracking_follows WHERE email = {:email} AND created > {:since}',
      { email: values.email, since: iso(now - 24 * HOUR) },
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
    follow.set('status', 'pending');
    follow.set('token', $security.randomString(40));
    follow.set('ipHash', ipHash);
    follow.set('askedAt', iso(now));
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
      answer = { number, message: domain.FOLLOW_MESSAGES.confirmed(number) };
      return;
    }
    const asked = new Date(follow.getString('askedAt').replace(' ', 'T')).getTime();
    if (Date.now() - asked > L.confirmHours * HOUR) {
      txApp.delete(follow);
      answer = { gone: true };
      return;
    }
    const record = findTracking(txApp, number);
    const { stages } = record ? stagesOf(record) : { stages: [] };
    if (stages.indexOf(domain.DELIVERED_STAGE) !== -1) {
      txApp.delete(follow);
      answer = { number, message: domain.FOLLOW_MESSAGES.alreadyDelivered(number), ended: true };
      return;
    }
    follow.set('status', 'confirmed');
    follow.set('confirmedAt', iso(Date.now()));
    follow.set('toldStage', domain.highestStage(stages));
    txApp.save(follow);
    recount(txApp, number);
    answer = { number, message: domain.FOLLOW_MESSAGES.confirmed(number) };
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
    txApp.delete(follow);
    recount(txApp, number);
  });
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(200, { message: domain.FOLLOW_MESSAGES.cancelled, number });
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

/** A deleted record ends its subscriptions (nothing more will happen to it). */
function recordDeleted(app, number) {
  if (!hasFollows(app)) return;
  app
    .db()
    .newQuery('DELETE FROM tracking_follows WHERE number = {:number}')
    .bind({ number })
    .execute();
}

/** The followers' e-mails whose batch window has passed go into the mail queue. */
function enqueueDue(app) {
  const base = site(app);
  for (;;) {
    const due = arrayOf(new DynamicModel({ number: '' }));
    app
      .db()
      .newQuery(
        "SELECT DISTINCT number FROM tracking_follows WHERE notifyAt != '' AND notifyAt <= {:now} LIMIT 50",
      )
      .bind({ now: iso(Date.now()) })
      .all(due);
    if (due.length === 0) return;
    for (const row of due) {
      app.runInTransaction((txApp) => {
        const number = row.number;
        const record = findTracking(txApp, number);
        const follows = txApp.findRecordsByFilter(
          'tracking_follows',
          "number = {:number} && notifyAt != '' && notifyAt <= {:now}",
          'created',
          0,
          0,
          { number, now: iso(Date.now()) },
        );
        if (!record) {
          recordDeleted(txApp, number);
          return;
        }
        const { stages, times } = stagesOf(record);
        const delivered = stages.indexOf(domain.DELIVERED_STAGE) !== -1;
        for (const follow of follows) {
          const tell = domain.stagesToTell(stages, times, follow.getInt('toldStage'));
          if (tell.length) {
            const token = follow.getString('token');
            const content = domain.followUpdateMail(
              number,
              tell,
              {
                lookup: base + '/rastrear?numero=' + number,
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
          if (delivered) continue;
          follow.set('notifyAt', '');
          follow.set(
            'toldStage',
            Math.max(follow.getInt('toldStage'), domain.highestStage(stages)),
          );
          txApp.save(follow);
        }
        if (delivered) {
          // Delivered: the last e-mail is queued, and no subscription is kept (confirmed or not).
          recordDeleted(txApp, number);
          recount(txApp, number);
        }
      });
    }
  }
}

/** Daily: unconfirmed subscriptions 48 hours after their link was sent, every one at expiresAt. */
function cleanup(app) {
  const now = Date.now();
  const params = { pending: iso(now - L.confirmHours * HOUR), now: iso(now) };
  const where = "(status = 'pending' AND askedAt < {:pending}) OR expiresAt < {:now}";
  const numbers = arrayOf(new DynamicModel({ number: '' }));
  app
    .db()
    .newQuery(
      "SELECT DISTINCT number FROM tracking_follows WHERE status = 'confirmed' AND (" + where + ')',
    )
    .bind(params)
    .all(numbers);
  app
    .db()
    .newQuery('DELETE FROM tracking_follows WHERE ' + where)
    .bind(params)
    .execute();
  for (const row of numbers) recount(app, row.number);
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
