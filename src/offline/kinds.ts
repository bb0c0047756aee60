/**
 * Every kind of thing the outbox sends: how it goes to the server and what its answers mean.
 * Imported for its registrations by ./index (pages) and by the service worker, so both send
 * every kind the same way.
 */
import { SUBMISSION_KIND_LIST } from '../domain/submissions';
import { trackingRowOf, type TrackingChange } from '../domain/tracking-changes';
import { db, keepNewerRow } from '../lib/db';
import { visitorApi } from '../lib/pocketbase';
import { API_PATHS } from '../config/api-paths';
import { registerKind } from './engine';

/** What a tracking change waits with on the device: the change, and the delivery photo if any. */
export interface TrackingPayload {
  change: TrackingChange;
  photo?: Blob;
}

// Quotes, urgent requests and pickup requests: created under the id made on the device, so a
// retry of a stored one is answered with its receipt. Pickup requests keep their order (their
// numbers follow it).
for (const def of SUBMISSION_KIND_LIST) {
  registerKind({
    kind: def.kind,
    label: def.label,
    ordered: def.firstNumber !== undefined,
    send: async (item, headers) => {
      const answer = await visitorApi
        .collection(def.collection)
        .create({ ...item.payload, id: item.id }, { headers, requestKey: null });
      return { result: { id: answer.id, number: answer.number } };
    },
    delivered: (item) => ({
      title:
        def.firstNumber !== undefined && item.result?.number
          ? `Solicitação nº ${item.result.number} enviada`
          : `${def.label} enviada`,
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

// A staff phone's tracking change, with its photo as a form upload, in the order made (a stage
// never arrives before its number). What the server answers goes onto the device's list in the
// same transaction that marks the item sent, so the row never flickers back; a number the server
// already had under another id takes this phone's later changes along.
registerKind({
  kind: 'tracking',
  label: 'Mudança de rastreio',
  ordered: true,
  send: async (item, headers) => {
    const { change, photo } = item.payload as unknown as TrackingPayload;
    let body: FormData | Record<string, unknown> = { ...change };
    // (A shipment's fields travel as JSON: a shipment change never carries a photo.)
    if (photo) {
      const form = new FormData();
      for (const [key, value] of Object.entries(change)) {
        if (value !== undefined) form.set(key, String(value));
      }
      form.set('photo', photo, 'entrega.jpg');
      body = form;
    }
    const answer = (await visitorApi.send(API_PATHS.trackingChanges, {
      method: 'POST',
      body,
      headers,
      requestKey: null,
    })) as {
      record?: Record<string, unknown>;
      deleted?: string;
      merged?: boolean;
      message?: string;
    };
    const serverId = answer.record ? String(answer.record.id) : change.record;
    return {
      result: { id: serverId, merged: answer.merged ? 1 : 0, message: answer.message ?? '' },
      // The photo has reached the server: the device lets it go.
      payload: { change },
      // The person hears of a merge even when the change went at once.
      notice: answer.merged,
      tables: [db.staffTracking],
      alongside: async () => {
        if (answer.record) await keepNewerRow(trackingRowOf(answer.record));
        if (answer.deleted) await db.staffTracking.delete(answer.deleted);
        const number = answer.record ? String(answer.record.number) : change.number;
        if (serverId === change.record && number === change.number) return;
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
      },
    };
  },
  // A change to a number deleted meanwhile: kept, with the server's words, like a refusal.
  refusal: (status) => (status === 404 ? 'failed' : undefined),
  // Staff see their changes on the list; only a merge with another phone's number is news.
  delivered: (item) => (item.result?.merged ? { title: String(item.result.message) } : null),
});
