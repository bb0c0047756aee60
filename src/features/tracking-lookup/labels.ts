import { publicTimeline, REGISTERED_TEXT, RETURNED_TEXT } from '../../domain/attempts';
import { TRACKING_STAGES } from '../../domain/stages';
import type { TrackingLookup } from '../../lib/db';

export const NOT_FOUND = 'Número de rastreio não encontrado';

/** Whether a found number has anything to show: a stage, a failed attempt or a return. */
export function hasNews(lookup: TrackingLookup): boolean {
  return (
    lookup.stages.length > 0 ||
    Boolean(lookup.attempts?.length) ||
    Boolean(lookup.returnedAt) ||
    Boolean(lookup.registeredAt) ||
    Boolean(lookup.shipments?.length)
  );
}

/** The line under a remembered number: what happened last, or why there is nothing. */
export function lastStageLabel(lookup: TrackingLookup): string {
  if (!lookup.found) return NOT_FOUND;
  if (lookup.byDocument) {
    const n = lookup.shipments?.length ?? 0;
    return n === 1 ? '1 remessa com este documento' : `${n} remessas com este documento`;
  }
  // A failed attempt or a return is news the four stages cannot show.
  if (lookup.attempts?.length || lookup.returnedAt) return publicTimeline(lookup).at(-1)!.text;
  const last = lookup.stages[lookup.stages.length - 1];
  if (last) return TRACKING_STAGES[last - 1]!.label;
  // A shipment just made: its history has begun.
  return lookup.registeredAt ? publicTimeline(lookup).at(-1)!.text : 'Sem informações ainda';
}

/** Where one shipment found by a document stands, in a few words. */
export function shipmentStateLabel(shipment: {
  stages: readonly number[];
  returnedAt?: string;
}): string {
  if (shipment.returnedAt) return RETURNED_TEXT;
  const last = shipment.stages[shipment.stages.length - 1];
  return last ? TRACKING_STAGES[last - 1]!.label : REGISTERED_TEXT;
}
