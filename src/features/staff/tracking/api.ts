import type { RecordModel } from 'pocketbase';
import { toaster } from '../../../components/toaster';
import { checkTrackingChange, type TrackingChange } from '../../../domain';
import { db, STAFF_KINDS } from '../../../lib/db';
import {
  OUTBOX_SIGNAL_EVENT,
  resumeAfterSignIn,
  submit,
  submitMany,
  type PhotoPayload,
  type TrackingPayload,
} from '../../../offline';
import { failureKind, onRealtimeReconnect, staffApi } from '../../../lib/pocketbase';
import { dropArrivals } from './tracking-sync';

const tracking = () => staffApi.collection('tracking');

/**
 * A change made on this phone: kept on the device, shown at once (the list overlays what waits),
 * and sent through the outbox in the order it was made, now or when the signal returns.
 */
export async function sendChange(
  change: TrackingChange,
  photo?: { target: string; blob: Blob } | { target: string; blob: Blob }[],
) {
  const payload: TrackingPayload = { change };
  const token = staffApi.authStore.token;
  const outcome = await submit('tracking', payload as unknown as Record<string, unknown>, token);
  // Each file (a photo, a delivery's signature) waits apart and follows once the change is on the
  // server.
  for (const file of Array.isArray(photo) ? photo : photo ? [photo] : []) {
    const follows: PhotoPayload = {
      record: change.record,
      number: change.number,
      target: file.target,
      after: outcome.item.id,
      photo: file.blob,
    };
    await submit(
      'trackingPhoto',
      follows as unknown as Record<string, unknown>,
      token,
      undefined,
      true,
    );
  }
  return outcome;
}

/** A link to the delivery photo (a protected file: it needs a short-lived file token). */
export async function photoUrl(recordId: string, fileName: string): Promise<string> {
  const token = await staffApi.files.getToken({ requestKey: null });
  return staffApi.files.getURL({ id: recordId, collectionName: 'tracking' }, fileName, { token });
}

/** Follow every change, one record at a time; `onReconnect` runs after a lost connection comes back. */
export async function followTracking(
  onChange: (action: string, record: RecordModel) => void,
  onReconnect: () => void,
) {
  const unsubscribeConnect = await onRealtimeReconnect(staffApi, () => {
    // The server is reached again: the outbox need not wait for its next try (see signalBack).
    window.dispatchEvent(new Event(OUTBOX_SIGNAL_EVENT));
    onReconnect();
  });
  const unsubscribe = await tracking().subscribe('*', (e) => onChange(e.action, e.record));
  return () => {
    void unsubscribe();
    void unsubscribeConnect();
  };
}

export async function signInStaff(email: string, password: string) {
  const auth = await staffApi.collection('staff').authWithPassword(email, password);
  // Changes this person made while the session had ended go now, under the new session.
  for (const kind of STAFF_KINDS) await resumeAfterSignIn(kind, auth.token, auth.record.id);
}

/** Signing out also erases the staff data kept on the device. */
export function signOutStaff() {
  staffApi.realtime.unsubscribe();
  dropArrivals();
  staffApi.authStore.clear();
  void db.transaction('rw', db.staffTracking, db.staffSync, async () => {
    await db.staffTracking.clear();
    await db.staffSync.clear();
  });
}

/** A staff call failed because the session ended: say so and sign out. True when that was it. */
export function endedStaffSession(error: unknown): boolean {
  if (failureKind(error) !== 'auth') return false;
  toaster.create({
    title: 'Sessão expirada',
    description: 'Entre de novo para continuar.',
    type: 'warning',
  });
  signOutStaff();
  return true;
}

/** What is wrong with a change being made now (the server checks the same again). */
export const checkNow = (made: object) => checkTrackingChange(made, { now: Date.now() });

/** Changes made on many at once: kept together on the device, sent in the list's batches. */
export function sendChanges(changes: TrackingChange[]) {
  const payloads = changes.map((change): TrackingPayload => ({ change }));
  return submitMany(
    'tracking',
    payloads as unknown as Record<string, unknown>[],
    staffApi.authStore.token,
  );
}
