// The mail queue: request e-mails rendered on the server from the stored record (every value
// escaped), queued in the transaction that stores them, and sent by the jobs in core/jobs.ts.
import {
  COMPANY_MAIL_BURST,
  CONFIRMATIONS_PER_MAILBOX_PER_DAY,
  SUMMARY_TIMING,
  isPermanentRefusal,
} from '../../src/domain/mail';
import { mailboxKey } from '../../src/domain/follows';
import {
  companyMail,
  confirmationMail,
  summaryMail,
  type MailContent,
  type SummaryLine,
} from '../../src/domain/submission-mails';
import {
  SUBMISSION_KIND_LIST,
  isNumbered,
  kindOfCollection,
  requestSummary,
  storedFields,
  type SubmissionKindDef,
} from '../../src/domain/submissions';
import { requestsFirst } from '../http/busy';
import { admit } from '../http/roles';
import {
  company,
  companyMailbox,
  env,
  retryBaseSeconds,
  retryMaxSeconds,
  siteUrl,
  stored,
} from '../core/config';
import { companyOf } from '../clients/companies';
import { fixedSiteOf } from '../../src/domain/companies';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A value as HTML text, quotes included (it may land in an attribute). */
export function esc(value: unknown): string {
  return String(value === undefined || value === null ? '' : value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function table(title: string, rows: [string, string][]): string {
  const body = rows
    .map(
      ([label, value]) =>
        '<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">' +
        esc(label) +
        '</th><td style="padding:4px 0">' +
        esc(value) +
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

function page(title: string, sections: string[]): string {
  return (
    '<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#111">' +
    '<h1 style="font-size:20px">' +
    esc(title) +
    '</h1>' +
    sections.join('') +
    '<p style="color:#555;font-size:12px;margin-top:24px">' +
    esc(company.name) +
    '</p></body></html>'
  );
}

function paragraphs(texts: string[] = []): string {
  return texts.map((t) => '<p style="margin:8px 0">' + esc(t) + '</p>').join('');
}

function buttons(links: MailContent['links'] = []): string {
  return links
    .map(
      (l) =>
        '<p style="margin:16px 0"><a href="' +
        esc(l.href) +
        '" style="background:#0b3d91;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none;display:inline-block">' +
        esc(l.label) +
        '</a></p>',
    )
    .join('');
}

/** The domain's MailContent as HTML: heading, paragraphs, tables, then its links as buttons. */
export function toHtml(content: MailContent): string {
  return page(content.title, [
    paragraphs(content.paragraphs),
    ...content.sections.map((s) => table(s.title, s.rows)),
    buttons(content.links),
  ]);
}

/** A stored record as the catalogue reads it: its stored fields, numbers as numbers. */
function plain(record: core.Record, def: SubmissionKindDef): Record<string, unknown> {
  const out: Record<string, unknown> = { id: record.id, created: record.getString('created') };
  for (const field of storedFields(def)) {
    out[field.name] =
      field.type === 'number' ? record.getFloat(field.name) : record.getString(field.name);
  }
  return out;
}

/**
 * Whether one more confirmation may go to this address today, counted per mailbox however it is
 * spelled ('ana+x@…', Gmail's dots), across the forms and 'Avise-me'; if so, it is counted now.
 * The count keeps a hash of the mailbox for 24 hours, never the address.
 */
export function allowConfirmation(txApp: core.App, address: string): boolean {
  const key = $security.sha256('mailbox:' + mailboxKey(address));
  txApp
    .db()
    .newQuery('DELETE FROM mail_budget WHERE created <= {:since}')
    .bind({ since: stored(Date.now() - DAY_MS) })
    .execute();
  const row = new DynamicModel({ n: 0 });
  txApp
    .db()
    .newQuery('SELECT COUNT(*) AS n FROM mail_budget WHERE key = {:key}')
    .bind({ key })
    .one(row);
  if (row.n >= CONFIRMATIONS_PER_MAILBOX_PER_DAY) return false;
  const spent = new Record(txApp.findCollectionByNameOrId('mail_budget'));
  spent.set('key', key);
  txApp.save(spent);
  return true;
}

/** One rendered e-mail for the queue. `unsubscribe` becomes a List-Unsubscribe header. */
export interface QueuedMail {
  source: string;
  record: string;
  purpose: string;
  to: string;
  replyTo: string;
  subject: string;
  html: string;
  unsubscribe?: string;
  /** 'held': kept back for a summary e-mail (a burst); otherwise queued to be sent. */
  status?: 'held';
}

/** Put one rendered e-mail in the queue, in the caller's transaction. */
export function queue(txApp: core.App, item: QueuedMail): void {
  const row = new Record(txApp.findCollectionByNameOrId('mail_queue'));
  row.set('status', 'pending');
  row.set('attempts', 0);
  for (const [name, value] of Object.entries(item)) row.set(name, value);
  txApp.save(row);
}

/**
 * Queue a stored submission's e-mails: to the company always, and a confirmation to the
 * requester unless a public form's confirmations to that mailbox are spent for the day.
 */
function enqueue(txApp: core.App, record: core.Record, def: SubmissionKindDef): void {
  const values = plain(record, def);
  // A pickup leaves from its company's fixed site (the configuration's first company before there
  // were others).
  const site = def.kind === 'pickup' ? companyOf(txApp, record.getString('company')) : undefined;
  const toCompany = companyMail(def, values, site ? fixedSiteOf(site) : company.client);
  const confirmation = confirmationMail(def, values, company);
  const base = { source: def.collection, record: record.id };
  queue(txApp, {
    ...base,
    ...(inBurst(txApp) ? { status: 'held' as const } : {}),
    purpose: 'company',
    to: companyMailbox(),
    replyTo: toCompany.replyTo,
    subject: toCompany.subject,
    html: toHtml(toCompany),
  });
  if (!confirmation.to) return;
  if (def.public && !allowConfirmation(txApp, confirmation.to)) {
    // Not queued, so never retried; the inbox says why the customer got no receipt.
    record.set('confirmationStatus', 'skipped');
    txApp.unsafeWithoutHooks().save(record);
    return;
  }
  queue(txApp, {
    ...base,
    purpose: 'confirmation',
    to: confirmation.to,
    replyTo: confirmation.replyTo,
    subject: confirmation.subject,
    html: toHtml(confirmation),
  });
}

/**
 * Whether the company has had its share of request e-mails in the burst window (MAIL_BURST_LIMIT
 * of them): the next ones are held for a summary.
 */
function inBurst(txApp: core.App): boolean {
  const row = new DynamicModel({ n: 0 });
  txApp
    .db()
    .newQuery(
      "SELECT COUNT(*) AS n FROM mail_queue WHERE purpose = 'company' AND status != 'held' " +
        "AND COALESCE(summary, '') = '' AND created > {:since}",
    )
    .bind({ since: stored(Date.now() - COMPANY_MAIL_BURST.windowSeconds * 1000) })
    .one(row);
  return row.n >= Number(env('MAIL_BURST_LIMIT', String(COMPANY_MAIL_BURST.max)));
}

/**
 * The held company e-mails go out as one summary e-mail once no request joined them for a while
 * (or the oldest has waited long enough). Each held e-mail names the summary, and takes its
 * outcome when it is sent (finish).
 */
function queueSummary(app: core.App): void {
  const held = (db: core.App) => {
    const rows = arrayOf(new DynamicModel({ id: '', source: '', record: '', created: '' }));
    db.db()
      .newQuery(
        "SELECT id, source, record, created FROM mail_queue WHERE status = 'held' " +
          "AND COALESCE(summary, '') = '' ORDER BY created, id LIMIT 500",
      )
      .all(rows);
    return rows;
  };
  const due = (rows: ReturnType<typeof held>) => {
    if (rows.length === 0) return false;
    const age = (at: string) => Date.now() - new Date(String(at).replace(' ', 'T')).getTime();
    return (
      age(rows[rows.length - 1]!.created as string) >= SUMMARY_TIMING.quietSeconds * 1000 ||
      age(rows[0]!.created as string) >= SUMMARY_TIMING.maxWaitSeconds * 1000 ||
      rows.length >= 500
    );
  };
  // Looked at first without a transaction: most runs have nothing held.
  if (!due(held(app))) return;
  app.runInTransaction((txApp) => {
    // Two runs of the job may overlap: each held e-mail is claimed for this summary first, and
    // a summary goes out only with the e-mails it claimed.
    const id = $security.randomStringWithAlphabet(15, 'abcdefghijklmnopqrstuvwxyz0123456789');
    const claimed = held(txApp).filter(
      (row) =>
        txApp
          .db()
          .newQuery(
            "UPDATE mail_queue SET summary = {:summary} WHERE id = {:id} AND status = 'held' " +
              "AND COALESCE(summary, '') = ''",
          )
          .bind({ summary: id, id: row.id })
          .execute()
          .rowsAffected() === 1,
    );
    if (claimed.length === 0) return;
    const lines: SummaryLine[] = claimed.map((row) => {
      const def = kindOfCollection(row.source as string);
      let record: core.Record | null = null;
      try {
        record = def ? txApp.findRecordById(def.collection, row.record as string) : null;
      } catch {
        record = null; // deleted since: still listed, by kind and time
      }
      return {
        label: def ? def.label : 'Solicitação',
        number: record && def && isNumbered(def) ? record.getInt('number') || undefined : undefined,
        summary: record && def ? requestSummary(def.kind, plain(record, def)) : '',
        created: row.created as string,
      };
    });
    const mail = summaryMail(lines, siteUrl(txApp) + '/admin/solicitacoes', company.email);
    const summary = new Record(txApp.findCollectionByNameOrId('mail_queue'));
    // Its own id as its record: a summary belongs to no single request.
    summary.set('id', id);
    summary.set('source', 'mail_queue');
    summary.set('record', id);
    summary.set('purpose', 'summary');
    summary.set('to', companyMailbox());
    summary.set('replyTo', '');
    summary.set('subject', mail.subject);
    summary.set('html', toHtml(mail));
    summary.set('status', 'pending');
    summary.set('attempts', 0);
    txApp.save(summary);
  });
}

/**
 * A summary's outcome, once final, on every e-mail it stood for (and on their requests): sent,
 * refused or given up with it. While it is retried they stay held, and /api/health sees them wait.
 */
function settleSummarized(app: core.App, summary: core.Record): void {
  const status = summary.getString('status');
  if (status !== 'sent' && status !== 'refused' && status !== 'dismissed') return;
  const held = app.findRecordsByFilter(
    'mail_queue',
    "summary = {:summary} && status = 'held'",
    'created',
    0,
    0,
    { summary: summary.id },
  ) as core.Record[];
  for (const item of held) {
    item.set('status', status);
    item.set('attempts', summary.getInt('attempts'));
    item.set('lastError', summary.getString('lastError'));
    item.set('sentAt', summary.getString('sentAt'));
    item.set('nextAt', '');
    app.unsafeWithoutHooks().save(item);
    mirror(app, item);
  }
}

/** A request whose e-mails are still to be written into the queue (bind `source`: its collection). */
const UNRENDERED =
  "mailStatus = 'pending' AND anonymizedAt = '' AND id NOT IN " +
  '(SELECT record FROM mail_queue WHERE source = {:source})';

/**
 * New requests (stored with mailStatus 'pending' and no e-mail in the queue yet) get their e-mails
 * rendered into the queue, each request in its own transaction.
 */
function enqueueNew(app: core.App, wait: () => void, deadline: number): void {
  for (const def of SUBMISSION_KIND_LIST) {
    for (;;) {
      const rows = arrayOf(new DynamicModel({ id: '' }));
      app
        .db()
        .newQuery(
          'SELECT id FROM ' +
            def.collection +
            ' WHERE ' +
            UNRENDERED +
            ' ORDER BY created LIMIT 100',
        )
        .bind({ source: def.collection })
        .all(rows);
      if (rows.length === 0) break;
      for (const row of rows) {
        // Giving way to a burst slows this down: the run still ends in its minute.
        if (Date.now() >= deadline) return;
        wait();
        app.runInTransaction((txApp) => {
          const record = txApp.findRecordById(def.collection, row.id);
          const queued = new DynamicModel({ n: 0 });
          txApp
            .db()
            .newQuery(
              'SELECT COUNT(*) AS n FROM mail_queue WHERE source = {:source} AND record = {:id}',
            )
            .bind({ source: def.collection, id: row.id })
            .one(queued);
          // Another run may have just done it, or the daily job erased the request meanwhile.
          if (queued.n === 0 && !record.getString('anonymizedAt')) enqueue(txApp, record, def);
        });
      }
      if (rows.length < 100) break;
    }
  }
}

/** The server process sending now: a send it started is never taken over while it may still finish. */
function instanceId(app: core.App): string {
  let id = app.store().get('mailInstance') as string;
  if (!id) {
    id = $security.randomString(20);
    app.store().set('mailInstance', id);
  }
  return id;
}

/**
 * What the inbox shows of the confirmation: only what staff may need to act on ('failed',
 * 'refused', 'dismissed'; 'skipped' is set when it is not queued), and 'sent' once one of those
 * is over; empty again when staff queue it again. An ordinary confirmation leaves it empty,
 * costing no write to the request.
 */
function confirmationShown(status: string, current: string): string {
  if (status === 'failed' || status === 'refused' || status === 'dismissed') return status;
  if (status === 'sent') return current ? 'sent' : '';
  return status === 'pending' ? '' : current; // queued again: nothing to tell until it is tried
}

/**
 * The request's e-mail states, kept on the request too, for the staff inbox. Read and written in
 * one transaction: two senders finishing a request's two e-mails at once would otherwise each save
 * the whole record as they read it, and the later save would put back the other's old state.
 */
function mirror(app: core.App, item: core.Record): void {
  const purpose = item.getString('purpose');
  if (purpose !== 'company' && purpose !== 'confirmation') return;
  const status = item.getString('status');
  try {
    app.runInTransaction((txApp) => {
      const record = txApp.findRecordById(item.getString('source'), item.getString('record'));
      // Erased by the daily job while this e-mail was being sent: it keeps nothing of it.
      if (record.getString('anonymizedAt')) return;
      if (purpose === 'confirmation') {
        const shown = confirmationShown(status, record.getString('confirmationStatus'));
        if (shown === record.getString('confirmationStatus')) return;
        record.set('confirmationStatus', shown);
      } else {
        record.set('mailStatus', status === 'sending' ? 'pending' : status);
        record.set('mailAttempts', item.getInt('attempts'));
        record.set('mailError', item.getString('lastError'));
        record.set('mailSentAt', item.getString('sentAt'));
        record.set('mailNextAt', item.getString('nextAt'));
      }
      txApp.unsafeWithoutHooks().save(record);
    });
  } catch {
    // The request was deleted meanwhile: the queue keeps the e-mail's own state.
  }
}

/** Send one claimed e-mail and keep the outcome. Never throws. */
function send(app: core.App, item: core.Record): void {
  const attempts = item.getInt('attempts');
  try {
    const headers: { [name: string]: string } = {};
    if (item.getString('replyTo')) headers['Reply-To'] = item.getString('replyTo');
    if (item.getString('unsubscribe')) {
      // One click ends a subscription from the mail app itself (RFC 8058).
      headers['List-Unsubscribe'] = '<' + item.getString('unsubscribe') + '>';
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    const meta = app.settings().meta;
    app.newMailClient().send(
      new MailerMessage({
        from: { address: meta.senderAddress, name: meta.senderName },
        to: [{ address: item.getString('to') }],
        subject: item.getString('subject'),
        html: item.getString('html'),
        headers,
      }),
    );
    item.set('status', 'sent');
    item.set('lastError', '');
    item.set('sentAt', stored());
    item.set('nextAt', '');
  } catch (err) {
    const error = String(err);
    // A mail server's "no" for good (5xx) is not tried again: it would only hold the queue and
    // /api/health. The inbox shows it; staff can send it again once the address is fixed.
    // Anything else is never given up: a doubling delay up to a bound (an hour by default).
    const refused = isPermanentRefusal(error);
    const delay = Math.min(retryBaseSeconds() * Math.pow(2, attempts - 1), retryMaxSeconds());
    item.set('status', refused ? 'refused' : 'failed');
    item.set('lastError', error.slice(0, 2000));
    item.set('nextAt', refused ? '' : stored(Date.now() + delay * 1000));
    app
      .logger()
      .error(
        refused ? 'E-mail recusado pelo servidor de e-mail' : 'Falha ao enviar e-mail',
        'source',
        item.getString('source'),
        'record',
        item.getString('record'),
        'purpose',
        item.getString('purpose'),
        'attempts',
        attempts,
        'error',
        error,
      );
  }
  finish(app, item);
}

/** Keep a send's outcome, on the queue and on the request. */
function finish(app: core.App, item: core.Record): void {
  item.set('claim', '');
  try {
    if (item.getString('status') !== 'sent') {
      // Staff gave it up while this attempt was under way: it stays given up.
      const now = new DynamicModel({ status: '' });
      app
        .db()
        .newQuery('SELECT status FROM mail_queue WHERE id = {:id}')
        .bind({ id: item.id })
        .one(now);
      if (now.status === 'dismissed') {
        item.set('status', 'dismissed');
        item.set('nextAt', '');
      }
    }
    // An 'Avise-me' e-mail holds a visitor's address, a delivery code's e-mail the code itself:
    // once delivered (or refused for good), the queue keeps nothing of either.
    const status = item.getString('status');
    const purpose = item.getString('purpose');
    if (
      (status === 'sent' || status === 'refused') &&
      (/^follow-/.test(purpose) || purpose === 'delivery-pin')
    ) {
      app.unsafeWithoutHooks().delete(item);
      return;
    }
    app.unsafeWithoutHooks().save(item);
    if (item.getString('purpose') === 'summary') settleSummarized(app, item);
  } catch (err) {
    app.logger().error('Estado do e-mail não salvo', 'id', item.id, 'error', String(err));
  }
  mirror(app, item);
}

/**
 * Send every e-mail that is due: new ones, failed ones whose time has come, and ones a stopped
 * server process left half-sent. Each is claimed first (compare-and-set on status and attempts), so
 * two runs at once never send one twice, and a slow or hung send is never started again.
 */
export function drain(app: core.App, withNewRequests: boolean): void {
  const instance = instanceId(app);
  // Between e-mails, a sender gives way to a burst of requests (http/busy.ts).
  const wait = requestsFirst(app);
  // Batch after batch until nothing is due, for at most 50 s: a minute's run ends before the next.
  const deadline = Date.now() + 50 * 1000;
  // What was due when the run started: one that fails now waits for a later run.
  const now = stored();
  const DUE =
    "(status = 'pending' || (status = 'failed' && nextAt <= {:now}) || (status = 'sending' && claim != {:instance}))";
  const findDue = (purpose: string, limit: number): core.Record[] =>
    limit <= 0
      ? []
      : (app.findRecordsByFilter('mail_queue', DUE + ' && ' + purpose, 'created', limit, 0, {
          now,
          instance,
        }) as core.Record[]);
  while (Date.now() < deadline) {
    // Only one of the parallel senders renders new requests (the others would only wait on it),
    // and it does so before every batch: a request that arrives while a burst is being sent goes
    // out in this run, not a minute later.
    if (withNewRequests) {
      enqueueNew(app, wait, deadline);
      try {
        queueSummary(app);
      } catch (err) {
        // Another run summarized them first (its transaction won): nothing is lost.
        app.logger().warn('Resumo de e-mails não montado', 'error', String(err));
      }
    }
    // New company e-mails before the requesters' confirmations and the 'Avise-me' notices: a
    // request nobody at the company has seen is the one that costs. Retries take their turn with
    // the rest, so a mail server that keeps failing them never holds up everyone else's.
    const first = findDue("(purpose = 'company' && status = 'pending')", 50);
    const rest = findDue("(purpose != 'company' || status != 'pending')", 50 - first.length);
    const due = first.concat(rest);
    let sent = 0;
    for (const item of due) {
      if (Date.now() >= deadline) break;
      wait();
      const claimed = app
        .db()
        .newQuery(
          "UPDATE mail_queue SET status = 'sending', claim = {:instance}, attempts = attempts + 1 " +
            'WHERE id = {:id} AND status = {:status} AND attempts = {:attempts}',
        )
        .bind({
          id: item.id,
          instance,
          status: item.getString('status'),
          attempts: item.getInt('attempts'),
        })
        .execute();
      if (claimed.rowsAffected() !== 1) continue; // another run has it
      item.set('attempts', item.getInt('attempts') + 1);
      item.set('status', 'sending');
      send(app, item);
      sent++;
    }
    // Nothing sent (nothing due, or every due one failed again and waits for its next time, or is
    // another run's); or a short batch, except for the sender that looks for new requests again.
    if (sent === 0 || (due.length < 50 && !withNewRequests)) break;
  }
}

/**
 * 'Reenviar e-mail' in the staff inbox: the request's company e-mail goes back to the queue, to be
 * sent at the next run, and so does a confirmation still failing (one refused for good stays
 * refused: the same address would be refused again). One being sent right now is left alone (it
 * may still arrive).
 */
export function resend(
  app: core.App,
  source: string,
  recordId: string,
): 'missing' | 'sending' | 'pending' {
  const params = { source, record: recordId };
  const item = app.findRecordsByFilter(
    'mail_queue',
    "source = {:source} && record = {:record} && purpose = 'company'",
    '-created',
    1,
    0,
    params,
  )[0];
  if (!item) return 'missing';
  const failing = app.findRecordsByFilter(
    'mail_queue',
    "source = {:source} && record = {:record} && purpose = 'confirmation' && status = 'failed'",
    'created',
    0,
    0,
    params,
  ) as core.Record[];
  for (const confirmation of failing) {
    confirmation.set('status', 'pending');
    confirmation.set('nextAt', '');
    app.unsafeWithoutHooks().save(confirmation);
    mirror(app, confirmation);
  }
  if (item.getString('status') === 'sending') return 'sending';
  item.set('status', 'pending');
  item.set('nextAt', '');
  app.unsafeWithoutHooks().save(item);
  mirror(app, item);
  return 'pending';
}

/**
 * 'Dispensar' in the staff inbox: the request's e-mails that failed or were refused are given up
 * (never tried again, no longer a problem). One being tried right now stays given up if this
 * attempt fails too (see finish); if it gets through, it is simply sent. -1: no such request.
 */
/** What 'Dispensar' gives up: e-mails failing, refused, or in the middle of an attempt. */
const GIVE_UP_FROM = ['failed', 'refused', 'sending'];

export function dismiss(app: core.App, source: string, recordId: string): number {
  try {
    app.findRecordById(source, recordId);
  } catch {
    return -1;
  }
  const stuck = app.findRecordsByFilter(
    'mail_queue',
    "source = {:source} && record = {:record} && (status = 'failed' || status = 'refused' || status = 'sending')",
    'created',
    0,
    0,
    { source, record: recordId },
  ) as core.Record[];
  let dismissed = 0;
  for (const item of stuck) {
    // Compare-and-set on the status just read: a run of the queue may move it meanwhile (failed
    // to sending, sending to failed), and then it is read and given up again; one that was sent
    // meanwhile stays sent.
    let status = item.getString('status');
    for (let attempt = 0; attempt < 5 && GIVE_UP_FROM.indexOf(status) !== -1; attempt++) {
      const done = app
        .db()
        .newQuery(
          "UPDATE mail_queue SET status = 'dismissed', nextAt = '', updated = {:now} " +
            'WHERE id = {:id} AND status = {:status}',
        )
        .bind({ id: item.id, status, now: stored() })
        .execute();
      if (done.rowsAffected() === 1) {
        dismissed++;
        mirror(app, app.findRecordById('mail_queue', item.id));
        break;
      }
      const now = new DynamicModel({ status: '' });
      app
        .db()
        .newQuery('SELECT status FROM mail_queue WHERE id = {:id}')
        .bind({ id: item.id })
        .one(now);
      status = now.status as string;
    }
  }
  return dismissed;
}

/** What /api/health tells of the mail queue. */
export interface MailHealth {
  flowing: boolean;
  oldestWaitingSeconds: number;
  /** Requests whose e-mails the mail job has not yet written (rendered into the queue). */
  toRender: number;
  waiting: number;
  failing: number;
  refusedLastDay: number;
}

/**
 * Whether mail is flowing, for /api/health: the age of the oldest e-mail still to be sent (or of
 * the oldest request whose e-mails are not even written yet: a mail job that fails before the
 * queue holds anything must show too) and how many are failing. Not flowing once one has waited
 * longer than MAIL_ALERT_SECONDS (15 minutes). Refused and dismissed e-mails wait for nothing, so
 * they never hold it; the refusals of the last day are counted apart, for a monitor to notice a
 * mail server that refuses everything.
 */
export function health(app: core.App): MailHealth {
  const row = new DynamicModel({ oldest: '', failing: 0, waiting: 0 });
  app
    .db()
    .newQuery(
      "SELECT COALESCE(MIN(created), '') AS oldest, COUNT(*) AS waiting, " +
        "COALESCE(SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END), 0) AS failing " +
        "FROM mail_queue WHERE status IN ('pending', 'sending', 'failed', 'held')",
    )
    .one(row);
  const refused = new DynamicModel({ n: 0 });
  app
    .db()
    .newQuery(
      "SELECT COUNT(*) AS n FROM mail_queue WHERE status = 'refused' AND created > {:since}",
    )
    .bind({ since: stored(Date.now() - DAY_MS) })
    .one(refused);
  let first = row.oldest;
  let toRender = 0;
  for (const def of SUBMISSION_KIND_LIST) {
    const pending = new DynamicModel({ oldest: '', n: 0 });
    app
      .db()
      .newQuery(
        `SELECT COALESCE(MIN(created), '') AS oldest, COUNT(*) AS n FROM ${def.collection} ` +
          `WHERE ${UNRENDERED}`,
      )
      .bind({ source: def.collection })
      .one(pending);
    toRender += pending.n;
    if (pending.oldest && (!first || pending.oldest < first)) first = pending.oldest;
  }
  const oldest = first
    ? Math.max(0, Math.round((Date.now() - new Date(first.replace(' ', 'T')).getTime()) / 1000))
    : 0;
  return {
    flowing: oldest <= Number(env('MAIL_ALERT_SECONDS', '900')),
    oldestWaitingSeconds: oldest,
    toRender,
    waiting: row.waiting,
    failing: row.failing,
    refusedLastDay: refused.n,
  };
}

/**
 * The request an office route names (`/api/solicitacoes/{collection}/{id}/…`): its collection and
 * id, once the account is known to be an active office account and the collection a kind of
 * request.
 */
export function staffRequest(e: core.RequestEvent): { collection: string; id: string } {
  // Drivers see none of the requests, nor their e-mails.
  admit(e, ['office'], 'Só o escritório cuida das solicitações.');
  const def = kindOfCollection(e.request!.pathValue('collection'));
  if (!def) throw new NotFoundError('Tipo de solicitação desconhecido.');
  return { collection: def.collection, id: e.request!.pathValue('id') };
}
