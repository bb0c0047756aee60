/** Tracking stages: independent flags, always kept sorted ascending. */
export const TRACKING_STAGES = [
  { stage: 1, label: 'Encomenda coletada no ponto de coleta' },
  { stage: 2, label: 'Encomenda enviada ao destino' },
  { stage: 3, label: 'Encomenda chegou ao destino' },
  { stage: 4, label: 'Encomenda entregue' },
] as const;

export type TrackingStage = 1 | 2 | 3 | 4;

/** The last stage: the parcel was delivered (proof of delivery, the end of 'Avise-me'). */
export const DELIVERED_STAGE: TrackingStage = 4;

export function isTrackingStage(value: unknown): value is TrackingStage {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

/** Sorted, de-duplicated set of valid stages. */
export function normalizeStages(stages: readonly unknown[]): TrackingStage[] {
  // Indexed loops, no Set, spread or sort: the server runs this for every public lookup in
  // PocketBase's JS engine, where each of those costs an iterator or a callback per step.
  const present: unknown[] = [];
  for (let i = 0; i < stages.length; i++) {
    const s = stages[i];
    present.push(typeof s === 'string' ? Number(s) : s);
  }
  const out: TrackingStage[] = [];
  // TRACKING_STAGES is in stage order: so is the result.
  for (let i = 0; i < TRACKING_STAGES.length; i++) {
    const stage = TRACKING_STAGES[i]!.stage;
    if (present.indexOf(stage) !== -1) out.push(stage);
  }
  return out;
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
  for (let i = 0; i < stages.length; i++) {
    const s = stages[i]!;
    const at = record[stageTimeField(s)];
    if (typeof at === 'string' && at) times[s] = at;
  }
  return times;
}

/** The record field that holds who marked a stage (the staff member's name). */
export function stageByField(stage: TrackingStage): `stage${TrackingStage}By` {
  return `stage${stage}By`;
}

/**
 * The per-stage fields (`field(stage)`) after a change of stages: a newly set stage gets `value`,
 * a stage that stays set keeps what it had, an unset stage loses it.
 */
function stampStageFields(
  stages: readonly TrackingStage[],
  record: Record<string, unknown>,
  field: (stage: TrackingStage) => string,
  value: string,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { stage } of TRACKING_STAGES) {
    const name = field(stage);
    const previous = typeof record[name] === 'string' ? (record[name] as string) : '';
    fields[name] = stages.includes(stage) ? previous || value : '';
  }
  return fields;
}

/** Every `stage{n}At` after a change: the time a stage was first reached, now for a new one. */
export const stampStageTimes = (
  stages: readonly TrackingStage[],
  record: Record<string, unknown>,
  now: string,
) => stampStageFields(stages, record, stageTimeField, now);

/** Every `stage{n}By` after a change: who marked each stage, `name` for a new one. */
export const stampStageAuthors = (
  stages: readonly TrackingStage[],
  record: Record<string, unknown>,
  name: string,
) => stampStageFields(stages, record, stageByField, name);

/** What the public lookup tells of a number's progress. */
interface Progress {
  found: boolean;
  stages: readonly TrackingStage[];
  stageTimes: Record<string, string>;
  attempts?: readonly unknown[];
  returnedAt?: string;
}

/**
 * Whether two answers for one number say the same: found or not, the same stages at the same
 * times, the same failed attempts and return.
 */
export function sameProgress(a: Progress, b: Progress): boolean {
  if (a.found !== b.found || a.stages.join() !== b.stages.join()) return false;
  // A failed attempt or a return is news too.
  if ((a.attempts?.length ?? 0) !== (b.attempts?.length ?? 0)) return false;
  if ((a.returnedAt ?? '') !== (b.returnedAt ?? '')) return false;
  return a.stages.every((s) => (a.stageTimes[s] ?? '') === (b.stageTimes[s] ?? ''));
}
