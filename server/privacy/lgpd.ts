// A person's rights under the LGPD, run by the company with `npm run lgpd` (superusers only): see
// everything stored that names them, and erase it. A person is named by an e-mail (any case) or a
// CPF/CNPJ (masked or not) in the requests' catalogue fields, a shipment's documents and receiver's
// CPF (or its number, when the number is a CPF), a shipment made from one of their requests, their
// 'Avise-me' subscriptions, and the e-mails sent to them or rendered for those records. Staff
// accounts are employees' and out of scope. Erasing is the retention job's erasure of each request
// and shipment (retention.ts), stamped with who asked; subscriptions and e-mails are deleted. A
// shipment's history rows (tracking/history.ts) go with their shipment, and are found on their own too: a
// shipment deleted by the office leaves its rows, with its number and its edits' old values.
import { storedName, type FieldRule } from '../../src/domain/fields';
import { mailboxKey } from '../../src/domain/follows';
import {
  dataSubjectOf,
  ERASED_BY_MAX,
  LGPD_MESSAGES,
  type DataSubject,
} from '../../src/domain/lgpd';
import { SHIPMENT_RULES } from '../../src/domain/shipments';
import { SUBMISSION_KIND_LIST, type SubmissionKindDef } from '../../src/domain/submissions';
import { cleanText } from '../../src/domain/text';
import { stored } from '../core/config';
import { fieldErrors } from '../core/errors';
import { followersOf } from '../tracking/follows';
import { eraseRequest, eraseShipment } from './retention';
import { findByNumber } from '../tracking/find';
import { anonymizeHistoryRows } from '../tracking/history';

/** Secrets, not data about the person: the subscription's link token, the queue's claim. */
const SECRETS = ['token', 'unsubscribe', 'claim'];

/** A CPF/CNPJ column as compared: without the mask's dots, dashes, slashes and blanks. */
const documentColumn = (column: string) =>
  `upper(replace(replace(replace(replace(trim([[${column}]]), '.', ''), '-', ''), '/', ''), ' ', ''))`;
const emailColumn = (column: string) => `lower(trim([[${column}]]))`;

const fieldsOfKind = (rules: readonly FieldRule[], kind: FieldRule['kind']) =>
  rules.filter((r) => r.kind === kind).map(storedName);

interface Found {
  requests: { def: SubmissionKindDef; ids: string[] }[];
  tracking: string[];
  history: string[];
  follows: string[];
  mails: string[];
}

/** Conditions joined by OR, with their values bound under fresh names. */
class Where {
  readonly parts: string[] = [];
  readonly params: { [name: string]: string } = {};
  private n = 0;

  value(v: string): string {
    const name = `p${this.n++}`;
    this.params[name] = v;
    return `{:${name}}`;
  }

  add(condition: string): void {
    this.parts.push(condition);
  }

  /** `column IN (…)` for a list of values; nothing for an empty one. */
  in(column: string, values: readonly string[]): string {
    return values.length ? `[[${column}]] IN (${values.map((v) => this.value(v)).join(', ')})` : '';
  }

  ids(app: core.App, table: string): string[] {
    const parts = this.parts.filter(Boolean);
    if (parts.length === 0) return [];
    const rows = arrayOf(new DynamicModel({ id: '' }));
    app
      .db()
      .newQuery(`SELECT [[id]] FROM {{${table}}} WHERE ${parts.join(' OR ')} ORDER BY [[created]]`)
      .bind(this.params)
      .all(rows);
    return rows.map((row) => row.id as string);
  }
}

/** The ids of every record that names the person, per collection. */
function findPerson(app: core.App, subject: DataSubject): Found {
  const byEmail = subject.kind === 'email';
  const matching = (where: Where, emails: string[], documents: string[]) => {
    const value = where.value(subject.value);
    for (const f of byEmail ? emails : documents) {
      where.add(`${byEmail ? emailColumn(f) : documentColumn(f)} = ${value}`);
    }
  };

  const requests = SUBMISSION_KIND_LIST.map((def) => {
    const where = new Where();
    matching(where, fieldsOfKind(def.rules, 'email'), fieldsOfKind(def.rules, 'document'));
    return { def, ids: where.ids(app, def.collection) };
  });

  // A shipment made from one of the person's requests carries them too (its sender or addressee).
  const shipments = new Where();
  const documents = fieldsOfKind(SHIPMENT_RULES, 'document').concat(['receiverCpf', 'number']);
  matching(shipments, [], documents);
  const links: string[] = [];
  for (const { def, ids } of requests) for (const id of ids) links.push(`${def.kind}:${id}`);
  shipments.add(shipments.in('request', links));
  const tracking = shipments.ids(app, 'tracking');

  // The history of those shipments; and of deleted ones, by the number or a document among the
  // values its edits recorded (stored as in the record: letters and digits only, in quotes).
  const rows = new Where();
  rows.add(rows.in('tracking', tracking));
  if (!byEmail) {
    const value = rows.value(subject.value);
    rows.add(`${documentColumn('number')} = ${value}`);
    rows.add(`instr(upper([[details]]), '"' || ${value} || '"') > 0`);
  }
  const history = rows.ids(app, 'shipment_history');

  // A subscription's address is stored in lower case; its mailbox key also finds 'ana+x@…'.
  const subscriptions = new Where();
  matching(subscriptions, ['email'], ['number']);
  if (byEmail) {
    subscriptions.add(`[[addressKey]] = ${subscriptions.value(mailboxKey(subject.value))}`);
  }
  const follows = subscriptions.ids(app, 'tracking_follows');

  const mails = new Where();
  matching(mails, ['to', 'replyTo'], []);
  const rendered = requests
    .map(({ def, ids }) => ({ source: def.collection, ids }))
    .concat([
      { source: 'tracking', ids: tracking },
      { source: 'tracking_follows', ids: follows },
    ]);
  for (const { source, ids } of rendered) {
    if (ids.length)
      mails.add(`([[source]] = ${mails.value(source)} AND ${mails.in('record', ids)})`);
  }
  const mailIds = mails.ids(app, 'mail_queue');
  return {
    requests,
    tracking,
    history,
    follows,
    mails: mailIds.concat(summariesOf(app, mailIds)),
  };
}

/**
 * The summary e-mails that listed any of these e-mails' requests (a burst's one e-mail to the
 * company): each holds the names and routes of many requests, the person's among them.
 */
function summariesOf(app: core.App, ids: string[]): string[] {
  if (ids.length === 0) return [];
  const where = new Where();
  const rows = arrayOf(new DynamicModel({ summary: '' }));
  app
    .db()
    .newQuery(
      `SELECT DISTINCT summary FROM mail_queue WHERE ${where.in('id', ids)} AND COALESCE(summary, '') != ''`,
    )
    .bind(where.params)
    .all(rows);
  return rows.map((r) => r.summary as string).filter((id) => ids.indexOf(id) === -1);
}

/** The person named in the request's body, or a 400 in Portuguese. */
function subjectOf(e: core.RequestEvent): DataSubject {
  const subject = dataSubjectOf(String(bodyOf(e).titular ?? ''));
  if (!subject) throw fieldErrors({ titular: LGPD_MESSAGES.subject });
  return subject;
}

function bodyOf(e: core.RequestEvent): { [name: string]: unknown } {
  const body: unknown = e.requestInfo().body;
  return body && typeof body === 'object' ? (body as { [name: string]: unknown }) : {};
}

/** A record as stored, hidden fields included (the e-mails' state, a rendered e-mail's text). */
function exported(record: core.Record): unknown {
  const names = record
    .collection()
    .fields.fieldNames()
    .filter((name) => SECRETS.indexOf(name) === -1);
  record.unhide(...names);
  return record.publicExport();
}

/**
 * POST /api/lgpd/exportar { titular }: every record that names the person, per collection, as
 * stored. The command writes it to a file for the person.
 */
export function answerLgpdExport(e: core.RequestEvent): void {
  const subject = subjectOf(e);
  const found = findPerson(e.app, subject);
  const lists: [string, string[]][] = [
    ...found.requests.map(({ def, ids }): [string, string[]] => [def.collection, ids]),
    ['tracking', found.tracking],
    ['shipment_history', found.history],
    ['tracking_follows', found.follows],
    ['mail_queue', found.mails],
  ];
  const registros: { [collection: string]: unknown[] } = {};
  let total = 0;
  for (const [collection, ids] of lists) {
    const records = ids.length ? e.app.findRecordsByIds(collection, ids) : [];
    registros[collection] = records.filter((r) => !!r).map((r) => exported(r!));
    total += registros[collection]!.length;
  }
  e.response.header().set('Cache-Control', 'no-store');
  e.json(200, { titular: subject.value, geradoEm: stored(), total, registros });
}

/**
 * POST /api/lgpd/apagar { titular, por }: the person's requests and shipments lose their personal
 * data as the retention job erases them, stamped with who asked (`por`); their subscriptions and
 * e-mails are deleted. One transaction: all of it or nothing. Answers how many of each collection.
 */
export function answerLgpdErase(e: core.RequestEvent): void {
  const subject = subjectOf(e);
  const by = cleanText(String(bodyOf(e).por ?? '')).slice(0, ERASED_BY_MAX);
  if (!by) throw fieldErrors({ por: LGPD_MESSAGES.by });
  const apagados: { [collection: string]: number } = {};
  e.app.runInTransaction((txApp) => {
    const found = findPerson(txApp, subject);
    for (const { def, ids } of found.requests) {
      apagados[def.collection] = ids.filter((id) => eraseRequest(txApp, def, id, by)).length;
    }
    // Before the shipments: the rows they would anonymise are counted here, once.
    apagados.shipment_history = anonymizeHistoryRows(txApp, found.history);
    apagados.tracking = found.tracking.filter((id) => eraseShipment(txApp, id, by)).length;

    const numbers: string[] = [];
    for (const follow of txApp.findRecordsByIds('tracking_follows', found.follows)) {
      if (!follow) continue;
      if (numbers.indexOf(follow.getString('number')) === -1) {
        numbers.push(follow.getString('number'));
      }
      txApp.delete(follow);
    }
    apagados.tracking_follows = found.follows.length;
    // Staff see how many follow a shipment: the count drops with the person's subscriptions.
    for (const number of numbers) {
      const shipment = findByNumber(txApp, number);
      const followers = followersOf(txApp, number);
      if (shipment && shipment.getInt('followers') !== followers) {
        shipment.set('followers', followers);
        txApp.saveNoValidate(shipment);
      }
    }

    // What the erasures above left: e-mails to the person about other records, and their notices.
    if (found.mails.length) {
      const mails = new Where();
      const inList = mails.in('id', found.mails);
      // Other requests' e-mails still waiting for a summary deleted here wait for the next one.
      const summaries = new Where();
      txApp
        .db()
        .newQuery(
          `UPDATE mail_queue SET summary = '' WHERE status = 'held' AND ${summaries.in('summary', found.mails)}`,
        )
        .bind(summaries.params)
        .execute();
      txApp.db().newQuery(`DELETE FROM mail_queue WHERE ${inList}`).bind(mails.params).execute();
    }
    apagados.mail_queue = found.mails.length;
  });
  let total = 0;
  for (const collection in apagados) total += apagados[collection]!;
  // Who asked and how much, never whom it was about: the log is kept for days.
  e.app.logger().info('Dados pessoais apagados a pedido (LGPD)', 'por', by, 'total', total);
  e.json(200, { apagadoPor: by, total, apagados });
}
