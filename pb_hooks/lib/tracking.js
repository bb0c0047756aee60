const { normalizeStages } = require(`${__hooks}/lib/generated/domain.cjs`);

/** Sort and de-duplicate the stages; stamp newly set ones with the time now, clear unset ones. */
function stampStages(record) {
  const stages = normalizeStages(record.get('stages'));
  record.set('stages', stages.map(String));
  const now = new Date().toISOString().replace('T', ' ');
  for (let s = 1; s <= 4; s++) {
    const field = 'stage' + s + 'At';
    if (stages.indexOf(s) === -1) record.set(field, '');
    else if (!record.getString(field)) record.set(field, now);
  }
}

module.exports = { stampStages };
