// The stamps every save of a tracking record gets: each stage's time and author, and who
// registered the number.
import {
  TRACKING_STAGES,
  normalizeStages,
  stageByField,
  stageTimeField,
  stampStageAuthors,
  stampStageTimes,
  type TrackingStage,
} from '../../src/domain/stages';
import { stored } from '../core/config';

export type Fields = { [name: string]: string };
/** A row read into a DynamicModel: its columns as properties. */
export type Row = { [column: string]: string };

/** The record's per-stage fields (`field(stage)`) as a plain object (a record, or a row's columns). */
export function stageFields(
  record: core.Record | Row,
  field: (stage: TrackingStage) => string,
): Fields {
  const out: Fields = {};
  // Indexed: every public lookup runs this in PocketBase's JS engine, where a for-of with
  // destructuring makes an iterator per step.
  for (let i = 0; i < TRACKING_STAGES.length; i++) {
    const name = field(TRACKING_STAGES[i]!.stage);
    out[name] = isRecord(record) ? record.getString(name) : record[name];
  }
  return out;
}

function isRecord(value: core.Record | Row): value is core.Record {
  return typeof (value as core.Record).getString === 'function';
}

/** Sort and de-duplicate the stages; stamp newly set ones with the time now, clear unset ones. */
export function stampStages(record: core.Record): void {
  const stages = normalizeStages(record.get('stages'));
  record.set('stages', stages.map(String));
  const fields = stampStageTimes(stages, stageFields(record, stageTimeField), stored());
  for (const name in fields) record.set(name, fields[name]);
}

/** Who is acting: the staff member's name, or the e-mail when the account has none. */
function actor(e: core.RequestEvent): string {
  return e.auth ? staffNameOf(e.auth) : '';
}

export function staffNameOf(auth: core.Record): string {
  return auth.getString('name') || auth.email() || '';
}

/**
 * Say who did it: the staff member who registers a number, and who marked each stage (a stage
 * kept from before keeps its author). Whatever a client sends in these fields is ignored.
 */
export function stampAuthors(e: core.RecordRequestEvent, isNew: boolean): void {
  // An unknown stage is refused by name, not silently dropped.
  const sent = (e.requestInfo().body || {}).stages;
  const list = Array.isArray(sent) ? sent : sent === undefined || sent === null ? [] : [sent];
  for (const value of list) {
    if (['1', '2', '3', '4'].indexOf(String(value)) === -1) {
      throw new BadRequestError('Dados inválidos.', {
        stages: new ValidationError('invalid_stages', 'Etapa desconhecida: use de 1 a 4.'),
      });
    }
  }
  const record = e.record!;
  const stages = normalizeStages(record.get('stages'));
  const before = isNew ? {} : stageFields(record.original(), stageByField);
  const fields = stampStageAuthors(stages, before, actor(e));
  for (const name in fields) record.set(name, fields[name]);
  record.set('registeredBy', isNew ? actor(e) : record.original().getString('registeredBy'));
}
