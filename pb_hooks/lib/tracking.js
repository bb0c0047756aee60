const domain = require(`${__hooks}/lib/generated/domain.cjs`);

/** The record's per-stage fields (`field(stage)`) as a plain object (a record, or a row's object). */
function stageFields(record, field) {
  const out = {};
  for (const { stage } of domain.TRACKING_STAGES) {
    const name = field(stage);
    out[name] = typeof record.getString === 'function' ? record.getString(name) : record[name];
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

/**
 * What the public lookup shows of a record: its stages and their times, and for a delivered
 * parcel the receiver's initials. Never the CPF, the photo or who on our staff did what.
 */
function viewOf({ number, stages: listed, receiverName, times }) {
  const stages = domain.normalizeStages(listed || []);
  const view = { number, stages, stageTimes: domain.stageTimesOf(times, stages) };
  if (stages.indexOf(domain.DELIVERED_STAGE) !== -1 && receiverName) {
    view.deliveredTo = domain.initials(receiverName);
  }
  return view;
}

/**
 * The public lookup: the view of one number, read with one query of just the columns it needs
 * (loading the whole record model was half of a lookup's time under load). Null: no such number.
 */
function lookUp(app, number) {
  const row = { number: '', stages: '', receiverName: '' };
  for (const { stage } of domain.TRACKING_STAGES) row[domain.stageTimeField(stage)] = '';
  const model = new DynamicModel(row);
  try {
    app
      .db()
      .newQuery(
        'SELECT ' +
          Object.keys(row)
            .map((name) => '[[' + name + ']]')
            .join(', ') +
          ' FROM tracking WHERE number = {:number} LIMIT 1',
      )
      .bind({ number })
      .one(model);
  } catch (_) {
    return null; // no row
  }
  return viewOf({
    number: model.number,
    stages: model.stages ? JSON.parse(model.stages) : [],
    receiverName: model.receiverName,
    times: stageFields(model, domain.stageTimeField),
  });
}

/** The change a phone sent, as JSON or as a form with the delivery photo. */
function readChange(e) {
  const body = e.requestInfo().body || {};
  const text = (name) =>
    body[name] === undefined || body[name] === null ? '' : String(body[name]);
  return {
    op: text('op'),
    record: text('record'),
    number: text('number'),
    at: text('at'),
    stage: Number(text('stage')),
    set: body.set === true || text('set') === 'true',
    receiverName: text('receiverName'),
    receiverCpf: text('receiverCpf'),
  };
}

function uploadedPhoto(e) {
  try {
    const files = e.findUploadedFiles('photo');
    return files && files.length ? files[0] : null;
  } catch (_) {
    return null; // no photo sent
  }
}

function findById(app, id) {
  if (!id) return null;
  try {
    return app.findRecordById('tracking', id);
  } catch (_) {
    return null;
  }
}

function findByNumber(app, number) {
  try {
    return app.findFirstRecordByData('tracking', 'number', number);
  } catch (_) {
    return null;
  }
}

/**
 * POST /api/equipe/rastreios: one change made on a staff phone (register, stage, delete), applied
 * in a transaction so two phones' changes to one record never overwrite each other. Re-sending a
 * change is harmless: a register with a known id, a stage change no newer than the stage's last
 * one and a delete of a record already gone all answer as done.
 */
function applyChange(e) {
  if (e.auth.getBool('disabled')) {
    throw new ForbiddenError('Esta conta da equipe foi desativada. Fale com o responsável.');
  }
  const change = readChange(e);
  const photo = uploadedPhoto(e);
  const who = actor(e);
  let answer = null;
  e.app.runInTransaction((txApp) => {
    const record = findById(txApp, change.record);
    const problems = domain.checkTrackingChange(change, {
      now: Date.now(),
      createdAt: record
        ? record.getString('registeredAt') || record.getString('created')
        : undefined,
    });
    if (photo) {
      const wrong = domain.checkPhoto(photoType(photo), photo.size);
      if (wrong) problems.photo = wrong;
    }
    if (Object.keys(problems).length)
      throw require(`${__hooks}/lib/errors.js`).fieldErrors(problems);

    if (change.op === 'register') {
      if (record) {
        answer = { record };
        return;
      }
      const same = findByNumber(txApp, change.number);
      if (same) {
        answer = { record: same, merged: true, message: domain.CHANGE_MESSAGES.merged };
        return;
      }
      const fresh = new Record(txApp.findCollectionByNameOrId('tracking'));
      if (/^[a-z0-9]{15}$/.test(change.record)) fresh.set('id', change.record);
      fresh.set('number', change.number);
      fresh.set('stages', []);
      fresh.set('registeredBy', who);
      fresh.set('registeredAt', domain.storedTime(change.at));
      txApp.save(fresh);
      answer = { record: fresh };
      return;
    }

    if (change.op === 'delete') {
      if (record) txApp.delete(record);
      answer = { deleted: change.record };
      return;
    }

    if (!record) throw new NotFoundError(domain.CHANGE_MESSAGES.deleted);
    const current = Object.assign(
      { stages: record.get('stages') },
      stageFields(record, domain.stageTimeField),
      stageFields(record, domain.stageChangedField),
    );
    const fields = domain.mergeStageChange(current, change, who);
    if (fields) {
      for (const name in fields) record.set(name, fields[name]);
      if (change.stage === domain.DELIVERED_STAGE) {
        if (change.set && photo) record.set('deliveryPhoto', photo);
        if (!change.set) record.set('deliveryPhoto', null);
      }
      try {
        txApp.save(record);
      } catch (err) {
        throw require(`${__hooks}/lib/errors.js`).refusedSave(err);
      }
    }
    answer = { record, applied: Boolean(fields) };
  });
  return e.json(200, answer);
}

/** The photo's type by its name (the phone sends JPEG; PocketBase checks the content on save). */
function photoType(file) {
  const name = String(file.originalName || file.name || '').toLowerCase();
  if (/\.jpe?g$/.test(name)) return 'image/jpeg';
  if (/\.png$/.test(name)) return 'image/png';
  if (/\.webp$/.test(name)) return 'image/webp';
  return 'application/octet-stream';
}

module.exports = {
  stampStages,
  stampAuthors,
  lookUp,
  applyChange,
  stageFields,
  findByNumber,
};
