import Dexie, { type EntityTable } from 'dexie';
import { announceDeviceDbCreated, DEVICE_DB_NAME } from './device-data';
import type { CepAnswer } from '../domain/cep';
import type { SubmissionKind } from '../domain/submissions';
import type { TrackingStage } from '../domain/stages';
import type { TrackingRow } from '../domain/tracking-changes';

/**
 * The visitors' submissions; 'tracking': a change staff made to a tracking record;
 * 'trackingPhoto': the photo of a delivery or a failed attempt, sent after its change; 'follow': a
 * visitor's request to be told of a number's stages by e-mail ('Avise-me').
 */
export type OutboxKind =
  | SubmissionKind
  | 'tracking'
  | 'trackingPhoto'
  | 'follow'
  // The receiver's note from their private link (the token goes in the payload).
  | 'receiverNote';

/** The kinds a staff account sends (kept with its session; erased with its data). */
export const STAFF_KINDS: readonly OutboxKind[] = ['tracking', 'trackingPhoto'];
export type OutboxState = 'pending' | 'sending' | 'sent' | 'failed';

/** A submission made on this device, kept until the server has stored it. */
export interface OutboxItem {
  /** Client-made record id (15 chars, [a-z0-9]): re-sending it never stores the submission twice. */
  id: string;
  kind: OutboxKind;
  payload: Record<string, unknown>;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  state: OutboxState;
  lastError: string;
  /** Field messages of a 400 answer. */
  fieldErrors?: Record<string, string>;
  /** The session it was made with (pickup requests): the worker has no other way to know it. */
  token?: string;
  /** Set while a tab or the service worker is sending it; a stale lease may be taken over. */
  leaseUntil?: number;
  /** Waiting for a new sign-in (401/403). */
  needsAuth?: boolean;
  /** What the server answered, e.g. the final request number. */
  result?: Record<string, unknown>;
  sentAt?: number;
  /** 1 while the person still has to be told that it was delivered (it could not go at once). */
  notice?: 1;
  /** Its last try got no answer at all (no signal): it goes again as soon as the signal is back. */
  noAnswer?: boolean;
}

/** The last-known state of a number this device looked up ('Meus rastreios'). */
/** A shipment found by a CPF or CNPJ: number, stages, destination city and promise only. */
export interface DocumentShipment {
  number: string;
  stages: TrackingStage[];
  destination?: string;
  promisedDate?: string;
  returnedAt?: string;
}

export interface TrackingLookup {
  number: string;
  found: boolean;
  stages: TrackingStage[];
  stageTimes: Record<string, string>;
  /** Who received a delivered parcel, by initials only ('M. S.'). */
  deliveredTo?: string;
  /** A shipment's promised date ('AAAA-MM-DD') and destination city ('Goiânia - GO'). */
  promisedDate?: string;
  destination?: string;
  /** Failed delivery attempts: when and why (the public words), nothing else. */
  attempts?: { at: string; reason: string }[];
  /** When it went back to the sender. */
  returnedAt?: string;
  /** A shipment's making, and its request's arrival: the first lines of its history. */
  registeredAt?: string;
  requestedAt?: string;
  /**
   * For a CPF or CNPJ: the shipments it sent or received, with what the public may see of each;
   * `byDocument` when that list is all there is (no record under the document itself).
   */
  shipments?: DocumentShipment[];
  byDocument?: boolean;
  fetchedAt: number;
  /** When a refresh found it changed; cleared once the person looks at it ('Meus rastreios'). */
  changedAt?: number;
}

/** Where the staff list's sync stands: the newest server time seen, and when it last succeeded. */
export interface StaffSyncState {
  key: 'tracking';
  cursor: string;
  syncedAt: number;
}

/** A shipment number this office account reserved on the server, not yet used on this device. */
export interface ReservedNumber {
  number: string;
  /** The account it belongs to: another person signing in on this phone has numbers of their own. */
  account: string;
  /**
   * When a shipment on this device took it: kept (not deleted) until the server stops listing it,
   * so a refresh that crosses the shipment on its way never hands the number out again.
   */
  takenAt?: number;
}

/**
 * A CEP's address as a public service answered it, kept so the same CEP fills a form with no
 * signal later (`src/lib/cep-lookup.ts`). Public facts about a street, nobody's data.
 */
export interface KeptCep extends CepAnswer {
  /** When the service answered (ms): an old answer is asked again when there is signal. */
  at: number;
}

class CourierDb extends Dexie {
  outbox!: EntityTable<OutboxItem, 'id'>;
  reservedNumbers!: EntityTable<ReservedNumber, 'number'>;
  lookups!: EntityTable<TrackingLookup, 'number'>;
  staffTracking!: EntityTable<TrackingRow, 'id'>;
  staffSync!: EntityTable<StaffSyncState, 'key'>;
  ceps!: EntityTable<KeptCep, 'cep'>;

  constructor() {
    super(DEVICE_DB_NAME);
    // Versions 1-3 had no upgrade of their own, so they need no declaration: Dexie reads the shape
    // a phone's database has and moves it to the one below. (Each declared version is parsed again
    // at every start: six of them were ~35 ms of a slow phone's main thread.) A test opens a
    // database of each earlier version with this code.
    this.version(4)
      .stores({
        // [state+createdAt] lets the engine read pending items in the order they were made;
        // 'notice' indexes the few items whose delivery must still be announced, so finding them
        // does not read every sent item on each change (that made delivering 1 000 items
        // super-linear).
        outbox: 'id, kind, state, createdAt, [state+createdAt], notice',
        lookups: 'number, fetchedAt',
        // The staff's tracking list, kept on the phone so the screen opens with no signal.
        staffTracking: 'id, number, created',
        staffSync: 'key',
      })
      // Rows now carry the proof of delivery: download the list again in the new shape.
      .upgrade((tx) => tx.table('staffSync').clear());
    // Rows now carry shipments (parties, contents, promise): download the list again; and the
    // shipment numbers reserved for making shipments with no signal.
    this.version(5)
      .stores({ reservedNumbers: 'number, account' })
      .upgrade((tx) => tx.table('staffSync').clear());
    // The addresses of CEPs looked up on this device, by CEP; a new table needs no upgrade.
    this.version(7).stores({ ceps: 'cep' });
    // The staff list's rows by id and number only: the screens read every row and find a
    // scanned label by its number, and each index more is a write for every row of a first
    // download (a third of the time it takes to store ten thousand). Version 6 indexed the rows
    // waiting for the office's decision (a `decisionDue` field); no screen reads that index now.
    this.version(8).stores({ staffTracking: 'id, number' });
    // The page's background work waits for a database to exist (src/lib/device-data.ts). Told once
    // the open has finished, not from 'populate': during that first upgrade the browser does not
    // list the database yet, so a page that began waiting just then heard nothing and found
    // nothing, and waited for good.
    let created = false;
    this.on('populate', () => {
      created = true;
    });
    this.on(
      'ready',
      () => {
        if (!created) return;
        created = false;
        announceDeviceDbCreated();
      },
      true,
    );
  }
}

export const db = new CourierDb();

/**
 * Whether a row the server sent replaces what the device has: it is newer, or as new but not the
 * same (two saves within one millisecond). The very row kept already is not written again: this
 * phone's change comes back twice (the server's answer and its realtime event), and each write
 * made the screens read and draw the row again.
 */
const replaces = (row: TrackingRow, known: TrackingRow | undefined) =>
  !known?.updated ||
  known.updated < row.updated ||
  (known.updated === row.updated && JSON.stringify(known) !== JSON.stringify(row));

/**
 * Keep the tracking rows the server sent (null: the record was deleted), each unless the device
 * already has a newer one (a phone's own answer can arrive after the realtime event of a later
 * change made on another phone), in one read and one write however many there are: a batch of a
 * hundred written row by row held the table for a second while the screen and the next batch
 * waited.
 */
export async function keepNewerRows(rows: ReadonlyMap<string, TrackingRow | null>): Promise<void> {
  const ids = [...rows.keys()];
  if (ids.length === 0) return;
  await db.transaction('rw', db.staffTracking, async () => {
    const known = await db.staffTracking.bulkGet(ids);
    const kept = ids.flatMap((id, i) => {
      const row = rows.get(id);
      return row && replaces(row, known[i]) ? [row] : [];
    });
    const gone = ids.filter((id) => rows.get(id) === null);
    if (kept.length) await db.staffTracking.bulkPut(kept);
    if (gone.length) await db.staffTracking.bulkDelete(gone);
  });
}
