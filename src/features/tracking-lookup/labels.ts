import { TRACKING_STAGES } from '../../domain/stages';
import type { TrackingLookup } from '../../lib/db';

export const NOT_FOUND = 'Número de rastreio não encontrado';

/** The line under a remembered number: its last stage, or why there is none. */
export function lastStageLabel(lookup: TrackingLookup): string {
  if (!lookup.found) return NOT_FOUND;
  const last = lookup.stages[lookup.stages.length - 1];
  return last ? TRACKING_STAGES[last - 1]!.label : 'Sem informações ainda';
}
