import { useEffect, useState } from 'react';
import {
  ADDRESS_FIELDS,
  addressOf,
  entryKey,
  type AddressEntry,
  type AddressField,
} from '../../domain/address-book';
import { clientApi, failureKind } from '../../lib/pocketbase';

/**
 * The company's address book on this device: the last list read from the server, with the saves
 * and removals made here that have not reached it yet (no signal). Those go, in order, when the
 * book is next read online; an entry's id is made here, so a resend stores it once.
 */
const KEY = 'rv_address_book';
const PENDING = 'rv_address_book_pending';

type Pending = { op: 'save'; entry: AddressEntry } | { op: 'remove'; id: string };

function read<T>(key: string, fallback: T): T {
  try {
    return (JSON.parse(localStorage.getItem(key) ?? 'null') as T | null) ?? fallback;
  } catch {
    return fallback;
  }
}

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

/** The list as it stands on this device: the server's, with what waits to be sent applied. */
export function keptEntries(): AddressEntry[] {
  let entries = read<AddressEntry[]>(KEY, []);
  for (const p of read<Pending[]>(PENDING, [])) {
    entries = entries.filter((e) => e.id !== (p.op === 'save' ? p.entry.id : p.id));
    if (p.op === 'save') entries.push(p.entry);
  }
  return entries.sort((a, b) => a.empresa.localeCompare(b.empresa, 'pt-BR'));
}

const newId = () =>
  Array.from(
    crypto.getRandomValues(new Uint8Array(15)),
    (b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36],
  ).join('');

/** Send what waits, then read the company's list. Quietly keeps everything when offline. */
export async function syncAddressBook(): Promise<void> {
  const pending = read<Pending[]>(PENDING, []);
  while (pending.length) {
    const next = pending[0]!;
    try {
      if (next.op === 'save') {
        await clientApi.send('/api/cliente/enderecos', {
          method: 'POST',
          body: next.entry,
          requestKey: null,
        });
      } else {
        await clientApi.send(`/api/cliente/enderecos/${next.id}/remover`, {
          method: 'POST',
          requestKey: null,
        });
      }
    } catch (error) {
      const kind = failureKind(error);
      // No signal or a session to renew: it waits. Refused (a rule changed): it is dropped.
      if (kind === 'offline' || kind === 'auth' || kind === 'server' || kind === 'rate-limit') {
        return;
      }
    }
    pending.shift();
    localStorage.setItem(PENDING, JSON.stringify(pending));
  }
  const items = await clientApi.collection('address_book').getFullList<AddressEntry>({
    fields: ['id', ...ADDRESS_FIELDS].join(','),
    requestKey: null,
  });
  localStorage.setItem(KEY, JSON.stringify(items.map((i) => ({ id: i.id, ...addressOf(i) }))));
  changed();
}

function enqueue(p: Pending) {
  localStorage.setItem(PENDING, JSON.stringify([...read<Pending[]>(PENDING, []), p]));
  changed();
  void syncAddressBook().catch(() => undefined);
}

/**
 * Save a place (from the pickup form's tick, or an edit). A place already in the book (the same
 * company at the same street and city) is updated, not saved twice.
 */
export function saveAddressEntry(values: Record<string, unknown>, id?: string): void {
  const fields = addressOf(values);
  const same = id ? undefined : keptEntries().find((e) => entryKey(e) === entryKey(fields));
  enqueue({ op: 'save', entry: { ...fields, id: id ?? same?.id ?? newId() } });
}

export function removeAddressEntry(id: string): void {
  enqueue({ op: 'remove', id });
}

/** What a person clears on sign-out: the next person's company has another book. */
export function forgetAddressBook(): void {
  localStorage.removeItem(KEY);
  localStorage.removeItem(PENDING);
}

/** The book, as kept here and brought up to date from the server when online. */
export function useAddressBook(): AddressEntry[] {
  const [entries, setEntries] = useState<AddressEntry[]>(keptEntries);
  useEffect(() => {
    const update = () => setEntries(keptEntries());
    listeners.add(update);
    const online = () => void syncAddressBook().catch(() => undefined);
    window.addEventListener('online', online);
    online();
    return () => {
      listeners.delete(update);
      window.removeEventListener('online', online);
    };
  }, []);
  return entries;
}

export type { AddressEntry, AddressField };
