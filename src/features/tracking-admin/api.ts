import type { RecordModel } from 'pocketbase';
import { normalizeStages, stageByField, stageTimesOf, type TrackingStage } from '../../domain';
import { toaster } from '../../components/toaster';
import { failureKind, staffApi } from '../../lib/pocketbase';

export interface TrackingRecord {
  id: string;
  number: string;
  stages: TrackingStage[];
  stageTimes: Record<string, string>;
  /** Who marked each set stage, by stage. */
  stageBy: Record<string, string>;
  registeredBy: string;
  created: string;
}

function toTracking(r: RecordModel): TrackingRecord {
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

export async function listTracking(): Promise<TrackingRecord[]> {
  const items = await tracking().getFullList({ sort: '-created,-id', requestKey: null });
  return items.map(toTracking);
}

export async function registerNumber(number: string) {
  return toTracking(await tracking().create({ number, stages: [] }));
}

export async function setStages(id: string, stages: TrackingStage[]) {
  return toTracking(await tracking().update(id, { stages: stages.map(String) }));
}

export function removeNumber(id: string) {
  return tracking().delete(id);
}

/** Follow every change; `onReconnect` also runs after a lost connection comes back. */
export async function followTracking(onChange: () => void, onReconnect: () => void) {
  let first = true;
  const unsubscribeConnect = await staffApi.realtime.subscribe('PB_CONNECT', () => {
    if (first) first = false;
    else onReconnect();
  });
  const unsubscribe = await tracking().subscribe('*', onChange);
  return () => {
    void unsubscribe();
    void unsubscribeConnect();
  };
}

export async function signInStaff(email: string, password: string) {
  await staffApi.collection('staff').authWithPassword(email, password);
}

export function signOutStaff() {
  staffApi.realtime.unsubscribe();
  staffApi.authStore.clear();
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
