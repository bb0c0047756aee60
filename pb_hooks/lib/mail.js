// Request e-mails (SPEC.md §7), rendered on the server from the stored record; every value escaped.
const cfg = require(`${__hooks}/lib/config.js`);
const domain = require(`${__hooks}/lib/generated/domain.cjs`);

const { plain } = require(`${__hooks}/lib/submissions.js`);

function esc(value) {
  return String(value === undefined || value === null ? '' : value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function table(title, rows) {
  const body = rows
    .map(
      (r) =>
        '<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">' +
        esc(r[0]) +
        '</th><td style="padding:4px 0">' +
        esc(r[1]) +
        '</td></tr>',
    )
    .join('');
  return (
    '<h2 style="font-size:16px;margin:16px 0 4px">' +
    esc(title) +
    '</h2><table>' +
    body +
    '</table>'
  );
}

function page(title, sections) {
  return (
    '<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#111">' +
    '<h1 style="font-size:20px">' +
    esc(title) +
    '</h1>' +
    sections.join('') +
    '<p style="color:#555;font-size:12px;margin-top:24px">' +
    esc(cfg.company.name) +
    '</p></body></html>'
  );
}

function kindOf(record) {
  return domain.kindOfCollection(record.collection().name);
}

function isSubmission(record) {
  return Boolean(kindOf(record));
}

/** {subject, replyTo, html} for a stored submission: the catalogue says what, this says how. */
function render(record) {
  const def = kindOf(record);
  const content = def.mail(plain(record, def), cfg.company.client);
  return {
    subject: content.subject,
    replyTo: content.replyTo,
    html: page(
      content.title,
      content.sections.map((s) => table(s.title, s.rows)),
    ),
  };
}

/** Send one record's e-mail and keep the outcome on the record. Never throws. */
function deliver(app, record) {
  const attempts = record.getInt('mailAttempts') + 1;
  record.set('mailAttempts', attempts);
  try {
    const mail = render(record);
    const headers = {};
    if (mail.replyTo) headers['Reply-To'] = mail.replyTo;
    app.newMailClient().send(
      new MailerMessage({
        from: { address: app.settings().meta.senderAddress, name: app.settings().meta.senderName },
        to: [{ address: cfg.companyMailbox() }],
        subject: mail.subject,
        html: mail.html,
        headers,
      }),
    );
    record.set('mailStatus', 'sent');
    record.set('mailError', '');
    record.set('mailSentAt', new Date().toISOString().replace('T', ' '));
    record.set('mailNextAt', '');
  } catch (err) {
    record.set('mailStatus', 'failed');
    record.set('mailError', String(err).slice(0, 2000));
    if (attempts < cfg.maxMailAttempts()) {
      const delay = cfg.retryBaseSeconds() * Math.pow(2, attempts - 1);
      record.set('mailNextAt', new Date(Date.now() + delay * 1000).toISOString().replace('T', ' '));
    } else {
      record.set('mailNextAt', ''); // given up: stays visible as failed for the staff
    }
  }
  try {
    app.unsafeWithoutHooks().save(record);
  } catch (err) {
    app.logger().error('mail state not saved', 'record', record.id, 'error', String(err));
  }
}

/**
 * Retry every failed e-mail that is due, and any left 'pending' by a server stopped mid-send.
 * Each record is claimed first (attempt counter compare-and-set), so two runs at once — the
 * schedule and a manual run — never send the same mail twice.
 */
function retryFailed(app) {
  const iso = (ms) => new Date(ms).toISOString().replace('T', ' ');
  const now = iso(Date.now());
  const stale = iso(Date.now() - 5 * 60 * 1000);
  for (const { collection: name } of domain.SUBMISSION_KIND_LIST) {
    const due = app.findRecordsByFilter(
      name,
      "(mailStatus = 'failed' && mailNextAt != '' && mailNextAt <= {:now}) || (mailStatus = 'pending' && created <= {:stale})",
      'created',
      100,
      0,
      { now, stale },
    );
    for (const record of due) {
      const claimed = app
        .db()
        .newQuery(
          'UPDATE ' +
            name +
            " SET mailStatus = 'pending', mailAttempts = mailAttempts + 1 WHERE id = {:id} AND mailAttempts = {:attempts}",
        )
        .bind({ id: record.id, attempts: record.getInt('mailAttempts') })
        .execute();
      if (claimed.rowsAffected() === 1) deliver(app, record);
    }
  }
}

module.exports = { render, deliver, retryFailed, esc, isSubmission };
