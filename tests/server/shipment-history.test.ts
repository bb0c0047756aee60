// A shipment's history: every change the staff's one write path applies leaves one row (who, when
// on the device, what, with old and new values), written in the change's transaction and only when
// the change was applied; nobody may change or delete a row, a superuser included; only the office
// reads it. Also the office's 'assign' (the later choice of driver wins; delivered shipments are
// refused per shipment) and 'label' ('etiqueta impressa').
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_MESSAGES } from '../../src/domain/tracking-changes';
import { HISTORY_MESSAGES } from '../../src/domain/history';
import { cpfFrom, recordIds, shipmentFields } from '../support/payloads';
import {
  call,
  CLIENT,
  DRIVER,
  DRIVER_ID,
  signIn,
  STAFF,
  staffCommand,
  startStack,
  type Stack,
} from '../support/stack';

let stack: Stack;
let office = '';
let driver = '';
let superuser = '';

beforeAll(async () => {
  stack = await startStack({}, { mailClock: false });
  office = await signIn(stack.url, 'staff', STAFF);
  driver = await signIn(stack.url, 'staff', DRIVER);
  superuser = (await stack.admin('/api/collections/_superusers/auth-refresh', { method: 'POST' }))
    .token as string;
});
afterAll(() => stack?.stop());

const newId = recordIds('hi');
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const send = (body: Record<string, unknown>, token = office) =>
  call(stack.url, '/api/equipe/rastreios', { method: 'POST', token, body });

const batch = (changes: Record<string, unknown>[], token = office) =>
  call(stack.url, '/api/equipe/rastreios/lote', { method: 'POST', token, body: { changes } });

interface Row {
  id: string;
  tracking: string;
  number: string;
  action: string;
  by: string;
  account: string;
  at: string;
  created: string;
  anonymizedAt: string;
  details: Record<string, unknown>;
}

/** A record's rows as the server keeps them, in the order they happened. */
async function historyOf(tracking: string): Promise<Row[]> {
  const filter = encodeURIComponent(`tracking = "${tracking}"`);
  return (
    await stack.admin(`/api/collections/shipment_history/records?filter=${filter}&sort=at,created`)
  ).items as Row[];
}

async function newShipment(at: string, overrides: Record<string, string> = {}) {
  const record = newId();
  const res = await send({
    op: 'shipment',
    record,
    number: '',
    at,
    fields: shipmentFields(overrides),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.record as { id: string; number: string };
}

async function newDriver(name: string) {
  const email = `hist-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@teste.example`;
  const r = staffCommand(stack, 'add', email, name, '--motorista');
  expect(r.status, r.stderr).toBe(0);
  const found = await stack.admin(
    `/api/collections/staff/records?filter=${encodeURIComponent(`email="${email}"`)}`,
  );
  return { id: found.items[0].id as string, email };
}

describe("a shipment's history", () => {
  it('has one row per change, in order, with who did it and the old and new values', async () => {
    const made = await newShipment(minutesAgo(60), { recipientName: 'João Lima' });
    const base = { record: made.id, number: made.number };
    const changes = [
      {
        ...base,
        op: 'shipment',
        at: minutesAgo(55),
        fields: shipmentFields({ recipientName: 'Maria Souza', weight: '2,5' }),
      },
      { ...base, op: 'assign', at: minutesAgo(50), driver: DRIVER_ID },
    ];
    for (const c of changes) expect((await send(c)).status).toBe(200);
    // The driver's own changes, under its name.
    const byDriver = [
      { ...base, op: 'stage', stage: 2, set: true, at: minutesAgo(45) },
      { ...base, op: 'attempt', attempt: newId(), reason: 'ausente', at: minutesAgo(40) },
    ];
    for (const c of byDriver) {
      const res = await send(c, driver);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    // Sent again (an outbox that never heard the answers): applied once.
    const resent = await batch(byDriver, driver);
    expect(resent.body.results.map((r: { status: number }) => r.status)).toEqual([200, 200]);
    const later = [
      { ...base, op: 'assign', at: minutesAgo(35), driver: '' },
      { ...base, op: 'stage', stage: 2, set: false, at: minutesAgo(30) },
      { ...base, op: 'label', at: minutesAgo(25) },
    ];
    for (const c of later) {
      const res = await send(c);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const before = await historyOf(made.id);
    const again = await batch([...changes, ...later]);
    expect(again.body.results.map((r: { status: number }) => r.status)).toEqual([
      200, 200, 200, 200, 200,
    ]);
    expect((await historyOf(made.id)).map((r) => r.id)).toEqual(before.map((r) => r.id));
    const deletion = { ...base, op: 'delete', at: minutesAgo(20) };
    expect((await send(deletion)).status).toBe(200);
    expect((await send(deletion)).status).toBe(200);

    const rows = await historyOf(made.id);
    expect(rows.map((r) => [r.action, r.by])).toEqual([
      ['created', 'Equipe'],
      ['edited', 'Equipe'],
      ['assigned', 'Equipe'],
      ['stage-set', 'Motorista Demo'],
      ['attempt', 'Motorista Demo'],
      ['unassigned', 'Equipe'],
      ['stage-cleared', 'Equipe'],
      ['label', 'Equipe'],
      ['deleted', 'Equipe'],
    ]);
    for (const r of rows) {
      expect(r.number).toBe(made.number);
      expect(r.account).toBe(r.by === 'Equipe' ? 'equipeprincipal' : DRIVER_ID);
      // The device's time, not the arrival's; the arrival is `created`.
      expect(Date.parse(r.at.replace(' ', 'T'))).toBeLessThan(Date.now() - 15 * 60_000);
      expect(r.created).toMatch(/^\d{4}-\d\d-\d\d /);
    }
    expect(rows[0]!.details).toEqual({ kind: 'shipment' });
    // The edit as it was before the deletion (which anonymised the names, see below).
    expect(before[1]!.details).toEqual({
      changes: [
        { field: 'recipientName', from: 'João Lima', to: 'Maria Souza' },
        { field: 'weightKg', from: 1, to: 2.5 },
      ],
    });
    expect(rows[2]!.details).toEqual({ driver: DRIVER_ID, driverName: 'Motorista Demo' });
    expect(rows[3]!.details).toEqual({ stage: 2 });
    expect(rows[4]!.details).toMatchObject({ reason: 'ausente' });
    expect(rows[5]!.details).toEqual({ from: DRIVER_ID, fromName: 'Motorista Demo' });
    expect(rows[6]!.details).toEqual({ stage: 2 });

    // Taken from the driver, it left the driver's phone as a shipment edit does.
    const tombstones = await stack.admin(
      `/api/collections/tracking_deletions/records?filter=${encodeURIComponent(
        `record = "${made.id}" && unassigned = true`,
      )}`,
    );
    expect(tombstones.items[0]).toMatchObject({ driver: DRIVER_ID });
  });

  it('begins with the number registered, and a delivery names its receiver', async () => {
    const record = newId();
    const number = cpfFrom(Date.now());
    const at = minutesAgo(10);
    expect((await send({ op: 'register', record, number, at })).status).toBe(200);
    const delivered = {
      op: 'stage',
      record,
      number,
      stage: 4,
      set: true,
      receiverName: 'Maria Souza',
      at: minutesAgo(5),
    };
    expect((await send(delivered)).status).toBe(200);
    expect((await send(delivered)).status).toBe(200);
    // Clearing a stage that was never set changes nothing anyone would read.
    await send({ op: 'stage', record, number, stage: 3, set: false, at: minutesAgo(4) });
    const rows = await historyOf(record);
    expect(rows.map((r) => [r.action, r.details])).toEqual([
      ['created', { kind: 'number' }],
      ['stage-set', { stage: 4, receiverName: 'Maria Souza' }],
    ]);
  });

  it('the office reads it; drivers, clients and the public never do', async () => {
    const made = await newShipment(minutesAgo(10));
    // The driver's own shipment: its history still is not the driver's to read.
    const assigned = await send({
      record: made.id,
      number: made.number,
      op: 'assign',
      driver: DRIVER_ID,
      at: minutesAgo(9),
    });
    expect(assigned.status).toBe(200);
    const path = `/api/collections/shipment_history/records`;
    const filter = `?filter=${encodeURIComponent(`tracking = "${made.id}"`)}`;
    const mine = await call(stack.url, path + filter, { token: office });
    expect(mine.status).toBe(200);
    expect(mine.body.items).toHaveLength(2);
    const one = mine.body.items[0].id as string;
    expect((await call(stack.url, `${path}/${one}`, { token: office })).status).toBe(200);

    const client = await signIn(stack.url, 'clients', CLIENT);
    for (const token of [driver, client, undefined]) {
      const list = await call(stack.url, path, { token });
      expect(list.body?.items ?? [], String(token)).toEqual([]);
      expect((await call(stack.url, `${path}/${one}`, { token })).status).toBeGreaterThanOrEqual(
        400,
      );
    }
  });

  it('no one changes or deletes a row, not even a superuser; no one adds one by hand', async () => {
    const made = await newShipment(minutesAgo(10));
    const [row] = await historyOf(made.id);
    const path = `/api/collections/shipment_history/records/${row!.id}`;
    for (const token of [office, driver, superuser]) {
      for (const body of [{ by: 'Forjado' }, { action: 'deleted' }, { details: { x: 1 } }]) {
        const patched = await call(stack.url, path, { method: 'PATCH', token, body });
        expect(patched.status, JSON.stringify(patched.body)).toBeGreaterThanOrEqual(400);
      }
      const removed = await call(stack.url, path, { method: 'DELETE', token });
      expect(removed.status).toBeGreaterThanOrEqual(400);
      const added = await call(stack.url, '/api/collections/shipment_history/records', {
        method: 'POST',
        token,
        body: { tracking: made.id, action: 'label', at: row!.at, by: 'Forjado' },
      });
      expect(added.status).toBeGreaterThanOrEqual(400);
    }
    const refused = await call(stack.url, path, { method: 'DELETE', token: superuser });
    expect(refused.body.message).toBe(HISTORY_MESSAGES.immutable);
    expect(await stack.admin(path)).toEqual(row);
    expect(await historyOf(made.id)).toHaveLength(1);
  });

  it("a superuser's create, edit and delete in the dashboard are in it too", async () => {
    const number = cpfFrom(Date.now() + 7);
    const made = await stack.admin('/api/collections/tracking/records', {
      method: 'POST',
      body: JSON.stringify({ number }),
    });
    await stack.admin(`/api/collections/tracking/records/${made.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ stages: ['1'] }),
    });
    await stack.admin(`/api/collections/tracking/records/${made.id}`, { method: 'DELETE' });
    const rows = await historyOf(made.id);
    expect(rows.map((r) => [r.action, r.details])).toEqual([
      ['created', { kind: 'number', dashboard: true }],
      ['stage-set', { stage: 1, dashboard: true }],
      ['deleted', { dashboard: true }],
    ]);
    expect(rows[0]!.by).toMatch(/@/);
  });
});

describe("'assign' and 'label' from the office", () => {
  it('refuses a delivered or returned shipment with words the office can show, and records nothing', async () => {
    const made = await newShipment(minutesAgo(30));
    const base = { record: made.id, number: made.number };
    expect(
      (
        await send({
          ...base,
          op: 'stage',
          stage: 4,
          set: true,
          receiverName: 'Maria',
          at: minutesAgo(20),
        })
      ).status,
    ).toBe(200);
    const refused = await send({ ...base, op: 'assign', driver: DRIVER_ID, at: minutesAgo(10) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Remessa já entregue: não alterada.');
    expect(refused.body.data.driver.message).toBe(CHANGE_MESSAGES.assignDelivered);
    // In a batch, the answer of that one shipment says so, and the others go on.
    const other = await newShipment(minutesAgo(30));
    const answers = await batch([
      { ...base, op: 'assign', driver: DRIVER_ID, at: minutesAgo(9) },
      {
        record: other.id,
        number: other.number,
        op: 'assign',
        driver: DRIVER_ID,
        at: minutesAgo(9),
      },
    ]);
    expect(answers.body.results.map((r: { status: number }) => r.status)).toEqual([400, 200]);
    expect(answers.body.results[0].message).toBe('Remessa já entregue: não alterada.');
    expect((await historyOf(made.id)).map((r) => r.action)).toEqual(['created', 'stage-set']);
    const after = await stack.admin(`/api/collections/tracking/records/${made.id}`);
    expect(after.driver).toBe('');
  });

  it('the later choice of driver wins: an older one arriving late changes nothing', async () => {
    const made = await newShipment(minutesAgo(30));
    const base = { record: made.id, number: made.number };
    const second = await newDriver('Motorista Beta');
    expect(
      (await send({ ...base, op: 'assign', driver: second.id, at: minutesAgo(5) })).status,
    ).toBe(200);
    const late = await send({ ...base, op: 'assign', driver: DRIVER_ID, at: minutesAgo(10) });
    expect(late.status).toBe(200);
    expect(late.body.applied).toBe(false);
    // A shipment edit made before the assignment does not take the driver back either.
    const edit = await send({
      ...base,
      op: 'shipment',
      at: minutesAgo(8),
      fields: shipmentFields({ contents: 'Livros' }),
      driver: '',
    });
    expect(edit.status).toBe(200);
    const after = await stack.admin(`/api/collections/tracking/records/${made.id}`);
    expect(after).toMatchObject({ driver: second.id, contents: 'Livros' });
    const rows = await historyOf(made.id);
    expect(rows.map((r) => r.action)).toEqual(['created', 'edited', 'assigned']);
    expect(rows[1]!.details).toEqual({
      changes: [{ field: 'contents', from: 'Documentos', to: 'Livros' }],
    });
    expect(rows[2]!.details).toEqual({ driver: second.id, driverName: 'Motorista Beta' });

    // A reassignment names both drivers; a disabled driver is refused like in the shipment form.
    expect(
      (await send({ ...base, op: 'assign', driver: DRIVER_ID, at: minutesAgo(4) })).status,
    ).toBe(200);
    expect((await historyOf(made.id)).at(-1)!.details).toEqual({
      driver: DRIVER_ID,
      driverName: 'Motorista Demo',
      from: second.id,
      fromName: 'Motorista Beta',
    });
    expect(staffCommand(stack, 'disable', second.email).status).toBe(0);
    const disabled = await send({ ...base, op: 'assign', driver: second.id, at: minutesAgo(3) });
    expect(disabled.status).toBe(400);
    expect(disabled.body.data.driver.message).toBe(CHANGE_MESSAGES.driverUnknown);
  });

  it('a driver may neither assign nor record a label', async () => {
    const made = await newShipment(minutesAgo(10));
    const base = { record: made.id, number: made.number, at: minutesAgo(5) };
    expect((await send({ ...base, op: 'assign', driver: DRIVER_ID })).status).toBe(200);
    for (const c of [
      { ...base, op: 'assign', driver: '', at: minutesAgo(4) },
      { ...base, op: 'label', at: minutesAgo(4) },
    ]) {
      const res = await send(c, driver);
      expect(res.status).toBe(403);
    }
    expect((await historyOf(made.id)).map((r) => r.action)).toEqual(['created', 'assigned']);
  });

  it('a label printed twice is two rows; the same print resent is one', async () => {
    const made = await newShipment(minutesAgo(10));
    const first = { record: made.id, number: made.number, op: 'label', at: minutesAgo(5) };
    expect((await send(first)).body.applied).toBe(true);
    expect((await send(first)).body.applied).toBe(false);
    expect((await send({ ...first, at: minutesAgo(2) })).status).toBe(200);
    expect((await historyOf(made.id)).map((r) => r.action)).toEqual(['created', 'label', 'label']);
    // Nothing on the shipment itself changed.
    const stored = await stack.admin(`/api/collections/tracking/records/${made.id}`);
    expect(stored.driver).toBe('');
  });
});

describe('personal data in the history goes with the shipment', () => {
  const erase = (titular: string) =>
    stack.admin('/api/lgpd/apagar', {
      method: 'POST',
      body: JSON.stringify({ titular, por: 'Encarregada LGPD' }),
    });

  it("erasing a person (LGPD) anonymises its shipments' rows, and rows naming a document edited away", async () => {
    // A shipment of the person: erased with its rows.
    const document = cpfFrom(Date.now() + 11);
    const theirs = await newShipment(minutesAgo(30), {
      recipientDocument: document,
      recipientName: 'Titular Um',
    });
    await send({
      record: theirs.id,
      number: theirs.number,
      op: 'shipment',
      at: minutesAgo(25),
      fields: shipmentFields({ recipientDocument: document, recipientName: 'Titular Dois' }),
    });
    // Another shipment that named the person's document until an edit put another one there.
    const other = cpfFrom(Date.now() + 13);
    const corrected = await newShipment(minutesAgo(30), { recipientDocument: document });
    await send({
      record: corrected.id,
      number: corrected.number,
      op: 'shipment',
      at: minutesAgo(25),
      fields: shipmentFields({ recipientDocument: other }),
    });

    const found = await stack.admin('/api/lgpd/exportar', {
      method: 'POST',
      body: JSON.stringify({ titular: document }),
    });
    expect(found.registros.tracking.map((r: { id: string }) => r.id)).toEqual([theirs.id]);
    const foundRows = found.registros.shipment_history as Row[];
    expect(foundRows.map((r) => `${r.tracking} ${r.action}`).sort()).toEqual(
      [`${theirs.id} created`, `${theirs.id} edited`, `${corrected.id} edited`].sort(),
    );

    const erased = await erase(document);
    expect(erased.apagados).toMatchObject({ shipment_history: 3, tracking: 1 });
    const rows = await historyOf(theirs.id);
    expect(rows[1]!.details).toEqual({
      changes: [{ field: 'recipientName', from: 'Anonimizado', to: 'Anonimizado' }],
    });
    expect(rows.map((r) => [r.action, r.by])).toEqual([
      ['created', 'Equipe'],
      ['edited', 'Equipe'],
    ]);
    for (const r of rows) expect(r.anonymizedAt).not.toBe('');
    const edited = (await historyOf(corrected.id))[1]!;
    expect(edited.details).toEqual({
      changes: [{ field: 'recipientDocument', from: 'Anonimizado', to: 'Anonimizado' }],
    });
    expect(JSON.stringify([rows, edited])).not.toMatch(new RegExp(`Titular|${document}`));
  });

  it("a deleted shipment's rows keep who did what, without the personal data it held", async () => {
    const made = await newShipment(minutesAgo(30), { recipientName: 'Pessoa Apagada' });
    const base = { record: made.id, number: made.number };
    await send({
      ...base,
      op: 'shipment',
      at: minutesAgo(25),
      fields: shipmentFields({ recipientName: 'Pessoa Corrigida', weight: '3' }),
    });
    await send({ ...base, op: 'delete', at: minutesAgo(20) });
    const rows = await historyOf(made.id);
    expect(rows.map((r) => [r.action, r.by])).toEqual([
      ['created', 'Equipe'],
      ['edited', 'Equipe'],
      ['deleted', 'Equipe'],
    ]);
    expect(rows[1]!.details).toEqual({
      changes: [
        { field: 'recipientName', from: 'Anonimizado', to: 'Anonimizado' },
        { field: 'weightKg', from: 1, to: 3 },
      ],
    });
    expect(JSON.stringify(rows)).not.toContain('Pessoa');
  });
});

describe('the retention job', { timeout: 60_000 }, () => {
  let old: Stack;
  beforeAll(async () => {
    // Everything counts as past the retention period, so the daily job can be tried at once.
    old = await startStack({ RETENTION_DAYS: '0' }, { mailClock: false });
  });
  afterAll(() => old?.stop());

  it("anonymises an old shipment's rows with the shipment, and keeps who did what", async () => {
    const token = await signIn(old.url, 'staff', STAFF);
    const record = newId();
    const at = new Date(Date.now() - 60_000).toISOString();
    const made = await call(old.url, '/api/equipe/rastreios', {
      method: 'POST',
      token,
      body: { op: 'shipment', record, number: '', at, fields: shipmentFields() },
    });
    expect(made.status).toBe(200);
    const edited = await call(old.url, '/api/equipe/rastreios', {
      method: 'POST',
      token,
      body: {
        op: 'shipment',
        record,
        number: made.body.record.number,
        at: new Date().toISOString(),
        fields: shipmentFields({ recipientName: 'Pessoa Antiga' }),
      },
    });
    expect(edited.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100)); // strictly older than 'now' at the job's run
    await old.admin('/api/crons/retention', { method: 'POST' });
    const filter = encodeURIComponent(`tracking = "${record}"`);
    const rows = async () =>
      (await old.admin(`/api/collections/shipment_history/records?filter=${filter}&sort=at`))
        .items as Row[];
    await expect
      .poll(async () => (await rows()).map((r) => r.anonymizedAt !== ''), { timeout: 20_000 })
      .toEqual([true, true]);
    const [, edit] = await rows();
    expect(edit!.by).toBe('Equipe');
    expect(edit!.details).toEqual({
      changes: [{ field: 'recipientName', from: 'Anonimizado', to: 'Anonimizado' }],
    });
  });
});
