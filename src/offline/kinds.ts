/**
 * Every kind of thing the outbox sends: how it goes to the server and what its answers mean.
 * Imported for its registrations by ./index (pages) and by the service worker, so both send
 * every kind the same way.
 */
import {
  numberedName,
  PICKUP_BATCH_MAX,
  requestSummary,
  SUBMISSION_KIND_LIST,
} from '../domain/submissions';
import {
  TRACKING_BATCH_MAX,
  trackingRowOf,
  type TrackingChange,
  type TrackingRow,
} from '../domain/tracking-changes';
import { routeApplied } from '../domain/stops';
import { db, keepNewerRows } from '../lib/db';
import { ClientResponseError, visitorApi } from '../lib/pocketbase';
import { API_PATHS } from '../config/api-paths';
import { registerKind, type BatchOutcome, type Delivery, type OutboxItem } from './engine';

/** What a tracking change waits with on the device: the change (older items: and a photo). */
export interface TrackingPayload {
  change: TrackingChange;
  photo?: Blob;
}

/** A photo that follows its change: the delivery's ('entrega') or a failed attempt's (its id). */
export interface PhotoPayload {
  record: string;
  number: string;
  target: string;
  /** The outbox item of the change it belongs to: the photo goes once that one has. */
  after: string;
  photo?: Blob;
}

/** One item's refusal in a batch's answer, as the error its own request would have thrown. */
type BatchAnswer = { status: number; message?: unknown; data?: unknown };
function batchError(url: string, result: BatchAnswer): { error: ClientResponseError } {
  return {
    error: new ClientResponseError({
      url,
      status: result.status,
      response: { status: result.status, message: result.message, data: result.data ?? {} },
    }),
  };
}

/**
 * Several pickup requests of one session in one request, in order (a spreadsheet's rows); one
 * alone goes to its collection as the form's always did.
 */
async function sendPickups(
  items: OutboxItem[],
  headers: Record<string, string>,
): Promise<BatchOutcome[]> {
  const { results } = (await visitorApi.send(API_PATHS.pickupBatch, {
    method: 'POST',
    body: { requests: items.map((item) => ({ ...item.payload, id: item.id })) },
    headers,
    requestKey: null,
  })) as { results: (BatchAnswer & { answer?: { id: string; number?: number } })[] };
  return items.map((_, i) => {
    const result = results[i];
    if (!result) return undefined;
    if (result.status !== 200) return batchError(API_PATHS.pickupBatch, result);
    return { result: { id: result.answer?.id, number: result.answer?.number } };
  });
}

// Quotes, urgent requests and pickup requests: created under the id made on the device, so a
// retry of a stored one is answered with its receipt. Pickup requests keep their order (their
// numbers follow it), and several waiting go together.
for (const def of SUBMISSION_KIND_LIST) {
  const sendOne = async (item: OutboxItem, headers: Record<string, string>): Promise<Delivery> => {
    const answer = await visitorApi
      .collection(def.collection)
      .create({ ...item.payload, id: item.id }, { headers, requestKey: null });
    return { result: { id: answer.id, number: answer.number } };
  };
  registerKind({
    kind: def.kind,
    label: def.label,
    summary: (item) => requestSummary(def.kind, item.payload),
    ordered: def.firstNumber !== undefined,
    send: sendOne,
    ...(def.kind === 'pickup'
      ? {
          // A refusal of the one thrown here is read as the single send's (the engine's rule).
          sendBatch: async (items: OutboxItem[], headers: Record<string, string>) =>
            items.length > 1 ? sendPickups(items, headers) : [await sendOne(items[0]!, headers)],
          batchSize: PICKUP_BATCH_MAX,
        }
      : {}),
    delivered: (item) => ({
      title: !item.result?.number
        ? `${def.label} enviada`
        : def.firstNumber !== undefined
          ? `Solicitação nº ${item.result.number} enviada`
          : `${numberedName(def, item.result.number)} enviada`,
      description: 'O pedido guardado neste aparelho chegou até nós.',
    }),
  });
}

// 'Avise-me': the server answers the same for every number and sends the confirmation e-mail;
// asking again for the same number and address is harmless, so a retry needs no id.
registerKind({
  kind: 'follow',
  label: 'Pedido de aviso por e-mail',
  send: async (item, headers) => {
    const answer = (await visitorApi.send(API_PATHS.follows, {
      method: 'POST',
      body: item.payload,
      headers,
      requestKey: null,
    })) as { message?: string };
    return { result: { message: answer.message ?? '' } };
  },
  // Too many notices asked from this address or connection: it waits an hour and goes again.
  refusal: (status) => (status === 429 ? { waitMs: 60 * 60_000 } : undefined),
  delivered: (item) => ({
    title: 'Pedido de aviso enviado',
    description: String(item.result?.message ?? ''),
  }),
});

// The receiver's note ('Recado do recebedor'): the same note sent again writes nothing, and one
// written earlier on the device than the stored one does not replace it (`at`), so a retry needs
// no id. A wrong link or a delivered parcel is final: the page shows the server's words.
registerKind({
  kind: 'receiverNote',
  label: 'Instruções de entrega',
  send: async (item, headers) => {
    const { token, ...note } = item.payload as { token: string };
    const answer = (await visitorApi.send(API_PATHS.receiverNote(token), {
      method: 'POST',
      body: note,
      headers,
      requestKey: null,
    })) as { message?: string };
    return { result: { message: answer.message ?? '' } };
  },
  refusal: (status) =>
    status === 404 ? 'failed' : status === 429 ? { waitMs: 5 * 60_000 } : undefined,
  delivered: (item) => ({
    title: 'Instruções de entrega enviadas',
    description: String(item.result?.message ?? ''),
  }),
});

/** What the server answers for one tracking change. */
interface ChangeAnswer {
  record?: Record<string, unknown>;
  deleted?: string;
  merged?: boolean;
  message?: string;
  /** A new route: the stops it moved, as stored. */
  records?: Record<string, unknown>[];
}

/** The record and number a change ended on: the server's, when it answered with the record. */
const answeredAs = (change: TrackingChange, answer: ChangeAnswer) =>
  answer.record
    ? { id: String(answer.record.id), number: String(answer.record.number) }
    : { id: change.record, number: change.number };

/** A change the server applied, with what it answered. */
interface ChangeDelivery extends Delivery {
  applied: { change: TrackingChange; answer: ChangeAnswer };
}

/**
 * What the device keeps of a change the server applied: the server's row goes onto the device's
 * list in the same transaction that marks the item sent, so the row never flickers back; a number
 * the server already had under another id takes this phone's later changes (and photos) along.
 */
function changeDelivery(change: TrackingChange, answer: ChangeAnswer): ChangeDelivery {
  const delivery: ChangeDelivery = {
    result: {
      id: answeredAs(change, answer).id,
      merged: answer.merged ? 1 : 0,
      message: answer.message ?? '',
    },
    // The photo has reached the server: the device lets it go.
    payload: { change },
    // The person hears of a merge even when the change went at once.
    notice: answer.merged,
    tables: [db.staffTracking],
    applied: { change, answer },
    alongside: () => keepApplied([delivery]),
  };
  return delivery;
}

/**
 * The rows of changes the server applied, in one write (the latest answer for each record), then
 * each moved record's later changes and photos, in the order the changes were made.
 */
async function keepApplied(deliveries: Delivery[]): Promise<void> {
  const applied = (deliveries as ChangeDelivery[]).map((d) => d.applied);
  const rows = new Map<string, TrackingRow | null>();
  for (const { answer } of applied) {
    for (const record of answer.record ? [answer.record] : (answer.records ?? [])) {
      const row = trackingRowOf(record);
      rows.set(row.id, row);
    }
    if (answer.deleted) rows.set(answer.deleted, null);
  }
  await keepNewerRows(rows);
  for (const { change } of applied) {
    if (change.op !== 'route') continue;
    // The moved stops came back as stored and were written above, dated by the server: the
    // realtime rows of an earlier order, arriving later, are older and left aside. The order is
    // also written from the change itself, so the screen never shows (and takes a tap on) the
    // old one, whatever the answer held.
    const known = await db.staffTracking.bulkGet(change.order);
    const byId = new Map(known.flatMap((row) => (row ? [[row.id, row] as const] : [])));
    const ordered = routeApplied(byId, change);
    if (ordered.length) await db.staffTracking.bulkPut(ordered);
  }
  for (const { change, answer } of applied) {
    const { id: serverId, number } = answeredAs(change, answer);
    if (serverId === change.record && number === change.number) continue;
    // Registered on another phone first: this phone's later changes go to that record. A
    // shipment made with a provisional number: its later changes carry the one it got.
    await db.outbox
      .where('kind')
      .equals('tracking')
      .and(
        (i) =>
          i.state !== 'sent' &&
          (i.payload as { change?: TrackingChange }).change?.record === change.record,
      )
      .modify((i) => {
        const later = (i.payload as unknown as TrackingPayload).change;
        later.record = serverId;
        later.number = number;
      });
    await db.outbox
      .where('kind')
      .equals('trackingPhoto')
      .and((i) => i.state !== 'sent' && (i.payload as { record?: string }).record === change.record)
      .modify((i) => {
        i.payload.record = serverId;
        i.payload.number = number;
      });
  }
}

/**
 * A phone's changes in the order made, in one request (`/lote`): on a weak signal a queue of a
 * hundred goes in one round trip. One outcome per change, as the single route would answer it.
 * A change queued with its photo inside (before photos went apart) still goes alone as a form.
 */
async function sendChanges(
  items: OutboxItem[],
  headers: Record<string, string>,
): Promise<BatchOutcome[]> {
  const payloads = items.map((i) => i.payload as unknown as TrackingPayload);
  const withPhoto = payloads.findIndex((p) => p.photo);
  if (withPhoto === 0) {
    const { change, photo } = payloads[0]!;
    const form = new FormData();
    for (const [key, value] of Object.entries(change)) {
      if (value !== undefined) form.set(key, String(value));
    }
    form.set('photo', photo!, 'entrega.jpg');
    const answer = (await visitorApi.send(API_PATHS.trackingChanges, {
      method: 'POST',
      body: form,
      headers,
      requestKey: null,
    })) as ChangeAnswer;
    return [changeDelivery(change, answer)];
  }
  const batch = withPhoto > 0 ? payloads.slice(0, withPhoto) : payloads;
  const { results } = (await visitorApi.send(API_PATHS.trackingBatch, {
    method: 'POST',
    body: { changes: batch.map((p) => p.change) },
    headers,
    requestKey: null,
  })) as { results: ({ status: number; answer?: ChangeAnswer } & Record<string, unknown>)[] };
  return items.map((_, i) => {
    const result = results[i];
    if (!result || i >= batch.length) return undefined;
    if (result.status === 200) return changeDelivery(batch[i]!.change, result.answer ?? {});
    return batchError(API_PATHS.trackingBatch, result);
  });
}

// A staff phone's tracking changes, in the order made (a stage never arrives before its number),
// several per request.
registerKind({
  kind: 'tracking',
  label: 'Mudança de rastreio',
  ordered: true,
  send: async (item, headers) => {
    const [outcome] = await sendChanges([item], headers);
    if (!outcome) throw new ClientResponseError({ status: 0 });
    if ('error' in outcome) throw outcome.error;
    return outcome;
  },
  sendBatch: sendChanges,
  batchSize: TRACKING_BATCH_MAX,
  alongsideMany: keepApplied,
  // A change to a number deleted meanwhile: kept, with the server's words, like a refusal.
  refusal: (status) => (status === 404 ? 'failed' : undefined),
  // Staff see their changes on the list; only a merge with another phone's number is news.
  delivered: (item) => (item.result?.merged ? { title: String(item.result.message) } : null),
});

// A delivery's or a failed attempt's photo, sent apart from its change and after every change
// waiting: the office hears of the attempt on a weak signal before the picture arrives. It waits
// on the device (surviving reloads) until its change has reached the server, then until it is
// stored.
registerKind({
  kind: 'trackingPhoto',
  label: 'Foto de rastreio',
  background: true,
  ready: async (item) => {
    const change = await db.outbox.get(String(item.payload.after ?? ''));
    // A refused change holds its photo until the person puts both away ('Entendi').
    return !change || change.state === 'sent';
  },
  send: async (item, headers) => {
    const { record, target, photo } = item.payload as unknown as PhotoPayload;
    const form = new FormData();
    form.set('record', record);
    form.set('target', target);
    // Named by its type: the server tells a JPEG photo from a PNG signature by the name.
    if (photo) form.set('photo', photo, photo.type === 'image/png' ? 'assinatura.png' : 'foto.jpg');
    const answer = (await visitorApi.send(API_PATHS.trackingPhotos, {
      method: 'POST',
      body: form,
      headers,
      requestKey: null,
    })) as { record?: Record<string, unknown> };
    const rest: Record<string, unknown> = { ...item.payload };
    delete rest.photo;
    return {
      result: {},
      // Stored on the server: the device lets the picture go.
      payload: rest,
      tables: [db.staffTracking],
      alongside: async () => {
        if (answer.record) {
          const row = trackingRowOf(answer.record);
          await keepNewerRows(new Map([[row.id, row]]));
        }
      },
    };
  },
  // 409: its change is not on the server yet (another phone, a failed change): later. 404: the
  // shipment was deleted, or taken from this driver: kept with the server's words.
  refusal: (status) =>
    status === 409 ? { waitMs: 30_000 } : status === 404 ? 'failed' : undefined,
  delivered: () => null,
});
