import type { RecordModel } from 'pocketbase';
import { normalizeStages, stageByField, stageTimesOf, type TrackingStage } from '../../domain';
import { toaster } from '../../components/toaster';
import { db, type StaffTrackingRow } from '../../lib/db';
import { failureKind, staffApi } from '../../lib/pocketbase';

/** A tracking record as the staff screen shows it (and, with `updated`, as the phone keeps it). */
export type TrackingRecord = Omit<StaffTrackingRow, 'updated'>;

export function toTracking(r: RecordModel): TrackingRecord {
  const stages = normalizeStages(r.stages ?? []);
  return {
    id: r.id,
    number: r.number,
    stages,
    stageTimes: stageTimesOf(r, stages),
    stageBy: Object.fromEntries(stages.map((s) => [s, String(r[stageByField(s)] ?? '')])),
    registeredBy: r.registeredBy ?? '',
    created: r.created,
  };
}

const tracking = () => staffApi.collection('tracking');

export function registerNumber(number: string): Promise<RecordModel> {
  return tracking().create({ number, stages: [] }, { requestKey: null });
}

export function setStages(id: string, stages: TrackingStage[]): Promise<RecordModel> {
  return tracking().update(id, { stages: stages.map(String) }, { requestKey: null });
}

export function removeNumber(id: string) {
  return tracking().delete(id);
}

/** Follow every change, one record at a time; `onReconnect` runs after a lost connection comes back. */
export async function followTracking(
  onChange: (action: string, record: RecordModel) => void,
  onReconnect: () => void,
) {
  let first = true;
  const unsubscribeConnect = await staffApi.realtime.subscribe('PB_CONNECT', () => {
    if (first) first = false;
    else onReconnect();
  });
  const unsubscribe = await tracking().subscribe('*', (e) => onChange(e.action, e.record));
  return () => {
    void unsubscribe();
    void unsubscribeConnect();
  };
}

export async function signInStaff(email: string, password: string) {
  await staffApi.collection('staff').authWithPassword(email, password);
}

/** Signing out also erases the staff data kept on the device. */
export function signOutStaff() {
  staffApi.realtime.unsubscribe();
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
