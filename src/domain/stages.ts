/** Tracking stages (SPEC.md §3): independent flags, always kept sorted ascending. */
export const TRACKING_STAGES = [
  { stage: 1, label: 'Encomenda coletada no ponto de coleta' },
  { stage: 2, label: 'Encomenda enviada ao destino' },
  { stage: 3, label: 'Encomenda chegou ao destino' },
  { stage: 4, label: 'Encomenda entregue' },
] as const;

export type TrackingStage = 1 | 2 | 3 | 4;

export function isTrackingStage(value: unknown): value is TrackingStage {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

/** Sorted, de-duplicated set of valid stages. */
export function normalizeStages(stages: readonly unknown[]): TrackingStage[] {
  const set = new Set<TrackingStage>();
  for (const s of stages) {
    const n = typeof s === 'string' ? Number(s) : s;
    if (isTrackingStage(n)) set.add(n);
  }
  return [...set].sort((a, b) => a - b);
}

export function toggleStage(
  stages: readonly TrackingStage[],
  stage: TrackingStage,
): TrackingStage[] {
  return stages.includes(stage)
    ? stages.filter((s) => s !== stage)
    : normalizeStages([...stages, stage]);
}
