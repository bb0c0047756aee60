const domain = require(`${__hooks}/lib/generated/domain.cjs`);

/** The record's `stage{n}At` fields as a plain object. */
function stageFields(record) {
  const out = {};
  for (const { stage } of domain.TRACKING_STAGES) {
    const field = domain.stageTimeField(stage);
    out[field] = record.getString(field);
  }
  return out;
}

/** Sort and de-duplicate the stages; stamp newly set ones with the time now, clear unset ones. */
function stampStages(record) {
  const stages = domain.normalizeStages(record.get('stages'));
  record.set('stages', stages.map(String));
  const now = new Date().toISOString().replace('T', ' ');
  const fields = domain.stampStageTimes(stages, stageFields(record), now);
  for (const name in fields) record.set(name, fields[name]);
}

/** What the public lookup shows of a record: its stages and their times, nothing else. */
function publicView(record) {
  const stages = domain.normalizeStages(record.get('stages'));
  return {
    number: record.getString('number'),
    stages,
    stageTimes: domain.stageTimesOf(stageFields(record), stages),
  };
}

module.exports = { stampStages, publicView };
