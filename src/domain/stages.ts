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

/** The record field that holds the time a stage was reached. */
export function stageTimeField(stage: TrackingStage): `stage${TrackingStage}At` {
  return `stage${stage}At`;
}

/** The times of the set stages, keyed by stage, from a record's `stage{n}At` fields. */
export function stageTimesOf(
  record: Record<string, unknown>,
  stages: readonly TrackingStage[],
): Record<string, string> {
  const times: Record<string, string> = {};
  for (const s of stages) {
    const at = record[stageTimeField(s)];
    if (typeof at === 'string' && at) times[s] = at;
  }
  return times;
}

/**
 * Every `stage{n}At` field after a change of stages: a newly set stage gets `now`, a stage that stays
 * set keeps its time, an unset stage loses it.
 */
export function stampStageTimes(
  stages: readonly TrackingStage[],
  record: Record<string, unknown>,
  now: string,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { stage } of TRACKING_STAGES) {
    const field = stageTimeField(stage);
    const previous = typeof record[field] === 'string' ? (record[field] as string) : '';
    fields[field] = stages.includes(stage) ? previous || now : '';
  }
  return fields;
}
