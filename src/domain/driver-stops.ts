/**
 * 'Minhas entregas' beyond the route itself (`stopsInOrder`): the deliveries of the day kept under
 * the open stops, collapsed, so a stop marked delivered does not vanish from the driver's hand;
 * a stop's progress in one line; and the few seconds in which a delivery just recorded can be
 * taken back ('Desfazer').
 */
import { formatDateTime } from './format';
import { dayOf } from './office-view';
import { DELIVERED_STAGE, TRACKING_STAGES, type TrackingStage } from './stages';
import type { StageChange, TrackingRow } from './tracking-changes';

/** How long 'Desfazer' stays on a delivery the driver has just recorded. */
export const UNDO_DELIVERY_MS = 10_000;

/** Milliseconds of a stored ('2026-11-27 14:02:00.000Z') or ISO time; NaN for anything else. */
const timeOf = (stored: string | undefined) =>
  stored ? Date.parse(stored.replace(' ', 'T')) : NaN;

/** '14:02' on the phone's clock, or '' for no time. */
function clock(stored: string | undefined): string {
  const at = timeOf(stored);
  return Number.isNaN(at) ? '' : formatDateTime(new Date(at)).slice(11);
}

/**
 * The driver's shipments delivered on `today` (a Brasília day, 'AAAA-MM-DD', as the office counts
 * 'Entregues hoje'), the latest first: the one just recorded sits right under the open stops.
 * Earlier days' deliveries stay off the phone's screen (the office's list has them).
 */
export function deliveredToday<T extends TrackingRow>(rows: readonly T[], today: string): T[] {
  return rows
    .filter(
      (r) =>
        Boolean(r.shipment) &&
        r.stages.includes(DELIVERED_STAGE) &&
        !r.returnedAt &&
        dayOf(r.stageTimes[DELIVERED_STAGE] ?? '') === today,
    )
    .map((r) => ({ r, at: timeOf(r.stageTimes[DELIVERED_STAGE]) }))
    .sort((a, b) => b.at - a.at)
    .map(({ r }) => r);
}

/** '2. Encomenda enviada ao destino': the furthest stage marked, or null when none is. */
export function currentStageText(row: Pick<TrackingRow, 'stages'>): string | null {
  const furthest = row.stages.length ? Math.max(...row.stages) : 0;
  const found = TRACKING_STAGES.find((s) => s.stage === furthest);
  return found ? `${found.stage}. ${found.label}` : null;
}

/**
 * Who marked a stage and when, as the stage's toggle says it: 'Marcada por Ana às 09:12', or
 * with the day when it was not `today` ('Marcada por Ana em 26/11/2026 17:40'); null when unmarked.
 */
export function stageMarkText(
  row: Pick<TrackingRow, 'stages' | 'stageTimes' | 'stageBy'>,
  stage: TrackingStage,
  today: string,
): string | null {
  if (!row.stages.includes(stage)) return null;
  const by = row.stageBy[stage];
  const stored = row.stageTimes[stage];
  const at = timeOf(stored);
  const when = Number.isNaN(at)
    ? ''
    : dayOf(stored!) === today
      ? ` às ${clock(stored)}`
      : ` em ${formatDateTime(new Date(at))}`;
  return `Marcada${by ? ` por ${by}` : ''}${when}`;
}

/** 'Entregue às 14:02 para Caio Reis': a delivered stop, collapsed. */
export function deliveredText(row: Pick<TrackingRow, 'stageTimes' | 'receiverName'>): string {
  const time = clock(row.stageTimes[DELIVERED_STAGE]);
  return `Entregue${time ? ` às ${time}` : ''}${row.receiverName ? ` para ${row.receiverName}` : ''}`;
}

/**
 * Until when (ms since the epoch) 'Desfazer' is offered on a delivery: the time it was recorded
 * (the phone's clock, kept on the change) plus `UNDO_DELIVERY_MS`, only for one `actor` recorded
 * (a delivery marked by the office is not the driver's to take back). 0 when none.
 */
export function undoDeadline(
  row: Pick<TrackingRow, 'stages' | 'stageTimes' | 'stageBy'>,
  actor: string,
): number {
  if (!actor || !row.stages.includes(DELIVERED_STAGE)) return 0;
  if (row.stageBy[DELIVERED_STAGE] !== actor) return 0;
  const at = timeOf(row.stageTimes[DELIVERED_STAGE]);
  return Number.isNaN(at) ? 0 : at + UNDO_DELIVERY_MS;
}

/**
 * What 'Desfazer' sends: stage 4 cleared, the office's own uncheck. Made later than the delivery,
 * it wins on the server (the later action on a stage wins), with or without signal in between.
 */
export function undoDeliveryChange(
  row: Pick<TrackingRow, 'id' | 'number'>,
  at: string,
): StageChange {
  return {
    op: 'stage',
    record: row.id,
    number: row.number,
    stage: DELIVERED_STAGE,
    set: false,
    at,
  };
}
