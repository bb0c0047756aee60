/**
 * The office's actions on many shipments at once: the rows an action would not change are said,
 * the rest go as one batch through the write path. With no signal the outcome shows at once.
 */
import type { Dispatch, SetStateAction } from 'react';
import { toaster } from '../../../components/toaster';
import {
  assignProblem,
  DELIVERED_STAGE,
  newChangeTime,
  type AssignChange,
  type ShownRow,
  type StageChange,
  type TrackingChange,
  type TrackingStage,
} from '../../../domain';
import { bulkOutcome } from '../../../domain/office-view';
import { DEVICE_FULL, isQuotaError } from '../../../lib/storage';
import { sendChanges } from '../tracking/api';

/** A change's identity among the waiting ones (a change carries no id of its own). */
export const changeKey = (c: TrackingChange) => `${c.op} ${c.record} ${c.at}`;

/** The stored waiting changes, then those shown ahead of being stored that they do not hold. */
export function withAhead(waiting: TrackingChange[], ahead: TrackingChange[]): TrackingChange[] {
  if (!ahead.length) return waiting;
  const stored = new Set(waiting.map(changeKey));
  const missing = ahead.filter((c) => !stored.has(changeKey(c)));
  return missing.length ? [...waiting, ...missing] : waiting;
}

/**
 * `chosen`: the selected rows. `setAhead`: the screen's changes shown before the device has stored
 * them; `setSelected`: the selection, emptied once an action is done.
 */
export function useBulkActions(
  chosen: ShownRow[],
  setAhead: Dispatch<SetStateAction<TrackingChange[]>>,
  setSelected: Dispatch<SetStateAction<ReadonlySet<string>>>,
) {
  /** An action on many: the rows it would not change are said, the rest go as one batch. */
  const applyToMany = async (
    rows: ShownRow[],
    make: (row: ShownRow) => StageChange | AssignChange,
    skip: (row: ShownRow) => string | null,
    done: [string, string],
  ) => {
    const leftOut: string[] = [];
    const changes: (StageChange | AssignChange)[] = [];
    for (const row of rows) {
      const reason = skip(row);
      if (reason) leftOut.push(reason);
      else changes.push(make(row));
    }
    if (changes.length && !navigator.onLine) {
      // With no signal the outcome is known before the device has stored anything: every change
      // will wait. Shown at once (the lines and the count, in one draw), then stored; storing
      // two hundred took the screen ~2 s of a slow phone before anything showed.
      setAhead((before) => [...before, ...changes]);
      setSelected(new Set());
      toaster.create({
        title: bulkOutcome(done, changes.length, leftOut),
        description: 'Sem conexão agora: as mudanças vão para o servidor assim que o sinal voltar.',
        type: 'success',
        duration: 8000,
      });
      const mine = new Set(changes.map(changeKey));
      const settle = () => setAhead((before) => before.filter((c) => !mine.has(changeKey(c))));
      sendChanges(changes).then(settle, (error: unknown) => {
        settle();
        // Not stored (a full device): said, and the lines go back to what the device holds.
        toaster.create({
          title: isQuotaError(error) ? DEVICE_FULL.title : 'As mudanças não foram guardadas',
          description: 'Nada foi alterado: libere espaço no aparelho e tente de novo.',
          type: 'error',
          duration: 10_000,
        });
      });
      return;
    }
    const outcomes = changes.length ? await sendChanges(changes) : [];
    const refused = outcomes.filter((o) => o.status === 'failed');
    const waiting = outcomes.some((o) => o.status === 'queued' || o.status === 'needs-auth');
    const title = bulkOutcome(done, changes.length - refused.length, leftOut);
    const description = [
      refused.length
        ? `${refused.length} recusada${refused.length === 1 ? '' : 's'} pelo servidor: ${refused[0]!.item.lastError}`
        : '',
      waiting ? 'Sem conexão agora: as mudanças vão para o servidor assim que o sinal voltar.' : '',
    ]
      .filter(Boolean)
      .join(' ');
    toaster.create({
      title,
      description: description || undefined,
      type: refused.length ? 'warning' : 'success',
      duration: 8000,
    });
    setSelected(new Set());
  };

  const assignMany = (driver: string) =>
    applyToMany(
      chosen,
      (row) => ({ op: 'assign', record: row.id, number: row.number, at: newChangeTime(), driver }),
      (row) =>
        assignProblem(row) ?? (row.driver === driver ? 'já estava com esse motorista' : null),
      driver ? ['atribuída', 'atribuídas'] : ['tirada do motorista', 'tiradas do motorista'],
    );
  const stageMany = (stage: TrackingStage, set: boolean) =>
    applyToMany(
      chosen,
      (row) => ({
        op: 'stage',
        record: row.id,
        number: row.number,
        stage,
        set,
        at: newChangeTime(),
      }),
      (row) =>
        row.stages.includes(DELIVERED_STAGE)
          ? 'já entregue'
          : row.stages.includes(stage) === set
            ? set
              ? 'já estava nessa etapa'
              : 'não estava nessa etapa'
            : null,
      set ? ['marcada', 'marcadas'] : ['desmarcada', 'desmarcadas'],
    );

  return { assignMany, stageMany };
}
