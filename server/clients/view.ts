// What a corporate client reads of its own pickup requests: exactly the fields listed for it
// (clientReadableFields), on every route and in realtime. The collection's rules choose the
// records; these hooks choose the fields, and refuse a filter or sort by any other field (which
// records match a filter tells the value of the field it names).
import { fieldsNamedInFilter, fieldsNamedInSort } from '../../src/domain/filter-fields';
import { SUBMISSION_KINDS, clientReadableFields } from '../../src/domain/submissions';

const PICKUPS = SUBMISSION_KINDS.pickup;
const REFUSED = 'Este campo não pode ser usado aqui';

function isClient(auth: core.Record | undefined): boolean {
  return Boolean(auth) && auth!.collection().name === 'clients';
}

/** The names among `names` a client may not use. */
function unreadable(names: string[]): string[] {
  const readable = clientReadableFields(PICKUPS);
  return names.filter((name) => readable.indexOf(name) === -1);
}

/** Every record a client is sent (lists, views, realtime events): its readable fields only. */
export function clientView(e: core.RecordEnrichEvent): void {
  const info = e.requestInfo;
  if (info && isClient(info.auth)) {
    const readable = clientReadableFields(PICKUPS);
    const hidden = e
      .record!.collection()
      .fields.fieldNames()
      .filter((name) => readable.indexOf(name) === -1);
    e.record!.hide(...hidden);
  }
  e.next();
}

/** The filter and sort a client sent, refused when they name a field it may not read. */
function checkQuery(query: { [name: string]: unknown }): void {
  const filter = String(query.filter || '');
  // Escapes and comments are where a reader of the filter and PocketBase's parser could disagree
  // on what is quoted text; no filter of ours needs them.
  if (/\\|\/\//.test(filter)) refuse(['\\', '//']);
  const names = fieldsNamedInFilter(filter).concat(fieldsNamedInSort(String(query.sort || '')));
  const refused = unreadable(names);
  if (refused.length) refuse(refused);
}

function refuse(names: string[]): never {
  const message = `${REFUSED}: ${names.join(', ')}.`;
  throw new BadRequestError(message, { filter: new ValidationError('invalid_filter', message) });
}

/** A client's list of its pickup requests. */
export function checkClientList(e: core.RecordsListRequestEvent): void {
  const info = e.requestInfo();
  if (isClient(info.auth)) checkQuery(info.query);
  e.next();
}

/**
 * What a client may subscribe to: its pickup requests, all ('*') or one, written exactly so, with
 * options of exactly the keys the SDK sends. PocketBase also takes a collection's id for its name,
 * an encoded 'options', and keys in any case; a client gets none of those, so the filter in the
 * options (which decides what events it hears) is always the one checked here. And 'PB_CONNECT',
 * which the SDK sends as a topic when a page listens for its (re)connection: no event is ever
 * published under that name, so it hears nothing more.
 */
const CLIENT_TOPIC = /^(?:PB_CONNECT|pickup_requests\/(\*|[a-z0-9]{15})(?:\?options=([^&#]*))?)$/;

export function checkClientSubscriptions(e: core.RealtimeSubscribeRequestEvent): void {
  if (isClient(e.auth)) {
    for (const topic of e.subscriptions) {
      const m = CLIENT_TOPIC.exec(topic);
      if (!m) throw new BadRequestError('Inscrição inválida.');
      if (m[2] === undefined) continue;
      let options: { [key: string]: unknown };
      try {
        options = JSON.parse(decodeURIComponent(m[2]));
      } catch {
        throw new BadRequestError('Inscrição inválida.');
      }
      if (!options || typeof options !== 'object') throw new BadRequestError('Inscrição inválida.');
      for (const key of Object.keys(options)) {
        if (key !== 'query' && key !== 'headers') throw new BadRequestError('Inscrição inválida.');
      }
      const query = (options.query || {}) as { [name: string]: unknown };
      if (typeof query !== 'object') throw new BadRequestError('Inscrição inválida.');
      checkQuery(query);
    }
  }
  e.next();
}
