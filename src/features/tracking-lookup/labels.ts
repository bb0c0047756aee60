import { publicTimeline } from '../../domain/attempts';
import { TRACKING_STAGES } from '../../domain/stages';
import type { TrackingLookup } from '../../lib/db';

export const NOT_FOUND = 'Número de rastreio não encontrado';

/** Whether a found number has anything to show: a stage, a failed attempt or a return. */
export function hasNews(lookup: TrackingLookup): boolean {
  return (
    lookup.stages.length > 0 ||
    Boolean(lookup.attempts?.length) ||
    Boolean(lookup.returnedAt) ||
    Boolean(lookup.registeredAt)
  );
}

/** The line under a remembered number: what happened last, or why there is nothing. */
export function lastStageLabel(lookup: TrackingLookup): string {
  if (!lookup.found) return NOT_FOUND;
  // A failed attempt or a return is news the four stages cannot show.
  if (lookup.attempts?.length || lookup.returnedAt) return publicTimeline(lookup).at(-1)!.text;
  const last = lookup.stages[lookup.stages.length - 1];
  if (last) return TRACKING_STAGES[last - 1]!.label;
  // A shipment just made: its history has begun.
  return lookup.registeredAt ? publicTimeline(lookup).at(-1)!.text : 'Sem informações ainda';
}
