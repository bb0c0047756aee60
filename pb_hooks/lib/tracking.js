const domain = require(`${__hooks}/lib/generated/domain.cjs`);

/** The record's per-stage fields (`field(stage)`) as a plain object. */
function stageFields(record, field) {
  const out = {};
  for (const { stage } of domain.TRACKING_STAGES) {
    const name = field(stage);
    out[name] = record.getString(name);
  }
  return out;
}

/** Sort and de-duplicate the stages; stamp newly set ones with the time now, clear unset ones. */
function stampStages(record) {
  const stages = domain.normalizeStages(record.get('stages'));
  record.set('stages', stages.map(String));
  const now = new Date().toISOString().replace('T', ' ');
  const times = stageFields(record, domain.stageTimeField);
  const fields = domain.stampStageTimes(stages, times, now);
  for (const name in fields) record.set(name, fields[name]);
}

/** Who is acting: the staff member's name, or the e-mail when the account has none. */
function actor(e) {
  return (e.auth && (e.auth.getString('name') || e.auth.email())) || '';
}

/**
 * Say who did it: the staff member who registers a number, and who marked each stage (a stage
 * kept from before keeps its author). Whatever a client sends in these fields is ignored.
 */
function stampAuthors(e, isNew) {
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
  const stages = domain.normalizeStages(e.record.get('stages'));
  const before = isNew ? {} : stageFields(e.record.original(), domain.stageByField);
  const fields = domain.stampStageAuthors(stages, before, actor(e));
  for (const name in fields) e.record.set(name, fields[name]);
  e.record.set('registeredBy', isNew ? actor(e) : e.record.original().getString('registeredBy'));
}

/** What the public lookup shows of a record: its stages and their times, nothing else. */
function publicView(record) {
  const stages = domain.normalizeStages(record.get('stages'));
  return {
    number: record.getString('number'),
    stages,
    stageTimes: domain.stageTimesOf(stageFields(record, domain.stageTimeField), stages),
  };
}

module.exports = { stampStages, stampAuthors, publicView };
