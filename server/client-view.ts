// What a corporate client reads of its own pickup requests: exactly the fields listed for it
// (clientReadableFields), on every route and in realtime. The collection's rules choose the
// records; these hooks choose the fields, and refuse a filter or sort by any other field (which
// records match a filter tells the value of the field it names).
import { fieldsNamedInFilter, fieldsNamedInSort } from '../src/domain/filter-fields';
import { SUBMISSION_KINDS, clientReadableFields } from '../src/domain/submissions';

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
function checkQuery(query: { [name: string]: string | undefined }): void {
  const names = fieldsNamedInFilter(String(query.filter || '')).concat(
    fieldsNamedInSort(String(query.sort || '')),
  );
  const refused = unreadable(names);
  if (refused.length) {
    throw new BadRequestError(`${REFUSED}: ${refused.join(', ')}.`, {
      filter: new ValidationError('invalid_filter', `${REFUSED}: ${refused.join(', ')}.`),
    });
  }
}

/** A client's list of its pickup requests. */
export function checkClientList(e: core.RecordsListRequestEvent): void {
  const info = e.requestInfo();
  if (isClient(info.auth)) checkQuery(info.query);
  e.next();
}

/**
 * A client's realtime subscriptions: a subscription's options may carry a filter too
 * ('pickup_requests/*?options={"query":{"filter":…}}'), which decides what events it hears.
 */
export function checkClientSubscriptions(e: core.RealtimeSubscribeRequestEvent): void {
  if (isClient(e.auth)) {
    for (const topic of e.subscriptions) {
      if (topic.split('/')[0]!.split('?')[0] !== PICKUPS.collection) continue;
      const raw = /[?&]options=([^&]*)/.exec(topic);
      if (!raw) continue;
      let options: { query?: { [name: string]: string } } = {};
      try {
        options = JSON.parse(decodeURIComponent(raw[1]!.replace(/\+/g, ' ')));
      } catch {
        throw new BadRequestError('Inscrição inválida.');
      }
      checkQuery((options && options.query) || {});
    }
  }
  e.next();
}
