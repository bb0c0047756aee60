import { useLiveQuery } from 'dexie-react-hooks';
import { importIds, type ImportRow } from '../../domain/pickup-import';
import { db, type OutboxItem } from '../../lib/db';
import { clientApi } from '../../lib/pocketbase';
import { sha256 } from '../../lib/spreadsheet';
import { accountOf, submitMany, type SubmitOutcome } from '../../offline';

/** A request the server already holds under a row's id. */
export interface Received {
  id: string;
  number: number;
  created: string;
}

/**
 * The ready rows' record ids, for who is signed in on this device: its company where the account
 * names one (two people of one company importing one file send it once), else the account.
 */
export function rowIds(rows: readonly ImportRow[]): Promise<string[]> {
  const company = (clientApi.authStore.record as { company?: string } | null)?.company;
  const scope = company ? `empresa:${company}` : `conta:${accountOf(clientApi.authStore.token)}`;
  return importIds(scope, rows, sha256);
}

/**
 * The rows' requests the server already holds (imported before, here or on another device): they
 * are not sent again. Null when the server cannot be asked (no signal, the session over): the
 * outbox and the server still store nothing twice, this only tells the person before.
 */
export async function receivedBefore(
  ids: readonly string[],
): Promise<Map<string, Received> | null> {
  if (!ids.length) return new Map();
  try {
    // A filter of a hundred ids at a time (an address of ~3 KB), all asked at once: a file of a
    // thousand rows asked one part after another waited seconds on a phone.
    const parts: string[][] = [];
    for (let i = 0; i < ids.length; i += 100) parts.push(ids.slice(i, i + 100));
    const found = await Promise.all(
      parts.map((part) => {
        const filter = part.map((_, n) => `id = {:id${n}}`).join(' || ');
        const params = Object.fromEntries(part.map((id, n) => [`id${n}`, id]));
        return clientApi.collection('pickup_requests').getFullList<Received>({
          filter: clientApi.filter(filter, params),
          fields: 'id,number,created',
          requestKey: null,
        });
      }),
    );
    return new Map(found.flat().map((r) => [r.id, r]));
  } catch {
    return null;
  }
}

/** The ids already in this device's outbox (imported here before: waiting, sent or refused). */
export async function onDevice(ids: readonly string[]): Promise<Set<string>> {
  const items = await db.outbox.bulkGet([...ids]);
  return new Set(items.flatMap((item) => (item ? [item.id] : [])));
}

/** The rows' items in the outbox, live (an id with no item there: undefined). */
export function useImportItems(ids: readonly string[]): Map<string, OutboxItem> {
  const items = useLiveQuery(() => db.outbox.bulkGet([...ids]), [ids.join()], []);
  return new Map(items.flatMap((item) => (item ? [[item.id, item]] : [])));
}

/** The rows through the outbox, under their own ids, with the session of this device. */
export function sendRows(
  rows: readonly { id: string; values: Record<string, string> }[],
): Promise<SubmitOutcome[]> {
  return submitMany(
    'pickup',
    rows.map((r) => r.values),
    clientApi.authStore.token,
    rows.map((r) => r.id),
  );
}
