import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { importIds, type ImportRow } from '../../domain/pickup-import';
import { db, type OutboxItem } from '../../lib/db';
import { clientApi } from '../../lib/pocketbase';
import { sha256 } from '../../lib/spreadsheet';
import { accountOf, submitMany, type SubmitOutcome } from '../../offline';

/** A record id as PocketBase takes it from a device. */
const RECORD_ID = /^[a-z0-9]{15}$/;
const NONE: OutboxItem[] = [];

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
        // The ids are this page's own (15 of [a-z0-9], checked here): written into the filter as
        // they are, where binding a hundred parameters each took a slow phone a tenth of a second.
        const filter = part
          .filter((id) => RECORD_ID.test(id))
          .map((id) => `id="${id}"`)
          .join(' || ');
        return clientApi.collection('pickup_requests').getFullList<Received>({
          filter,
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

/**
 * The rows' items in this device's outbox. Walked by key over the outbox (which holds a few
 * items, or the last file's), not asked id by id: a thousand lookups of a file's ids took a slow
 * phone a third of a second, twice, before the rows showed.
 */
function itemsOf(ids: readonly string[]): Promise<OutboxItem[]> {
  return db.outbox
    .where(':id')
    .anyOf([...ids])
    .toArray();
}

/** The ids already in this device's outbox (imported here before: waiting, sent or refused). */
export async function onDevice(ids: readonly string[]): Promise<Set<string>> {
  return new Set((await itemsOf(ids)).map((item) => item.id));
}

/** The rows' items in the outbox, live (an id with no item there: undefined). */
export function useImportItems(ids: readonly string[]): Map<string, OutboxItem> {
  const items = useLiveQuery(() => itemsOf(ids), [ids.join()], NONE);
  // One map per answer of the outbox, not per draw: the page's lines redraw only when it changes.
  return useMemo(() => new Map(items.map((item) => [item.id, item] as const)), [items]);
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
