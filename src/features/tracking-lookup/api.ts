import { normalizeStages } from '../../domain/stages';
import { db, type TrackingLookup } from '../../lib/db';
import { ClientResponseError, visitorApi } from '../../lib/pocketbase';

export type LookupOutcome =
  | { status: 'found'; lookup: TrackingLookup }
  | { status: 'not-found'; lookup: TrackingLookup }
  | { status: 'offline' }
  | { status: 'error' };

/** Ask the server for one exact number, and remember the answer on this device. */
export async function lookUpTracking(number: string): Promise<LookupOutcome> {
  if (!navigator.onLine) return { status: 'offline' };
  try {
    const answer = await visitorApi.send<{
      number: string;
      stages: number[];
      stageTimes: Record<string, string>;
      deliveredTo?: string;
    }>(`/api/rastreio/${encodeURIComponent(number)}`, { method: 'GET' });
    const lookup: TrackingLookup = {
      number,
      found: true,
      stages: normalizeStages(answer.stages),
      stageTimes: answer.stageTimes ?? {},
      ...(answer.deliveredTo ? { deliveredTo: answer.deliveredTo } : {}),
      fetchedAt: Date.now(),
    };
    await db.lookups.put(lookup);
    return { status: 'found', lookup };
  } catch (error) {
    if (error instanceof ClientResponseError && error.status === 404) {
      const lookup: TrackingLookup = {
        number,
        found: false,
        stages: [],
        stageTimes: {},
        fetchedAt: Date.now(),
      };
      await db.lookups.put(lookup);
      return { status: 'not-found', lookup };
    }
    if (error instanceof ClientResponseError && error.status === 0) return { status: 'offline' };
    return { status: 'error' };
  }
}

export function forgetLookup(number: string) {
  return db.lookups.delete(number);
}

/** The last answer this device kept for a number, if any. */
export function knownLookup(number: string) {
  return db.lookups.get(number);
}
