// Changes made on drivers' phones, sent later from their outboxes: applied once, each
// stage merged on its own by the time it was made, checked again on the server, and proof of
// delivery kept for staff while the public sees only initials and a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  RECEIVER_NAME_MAX,
  TRACKING_BATCH_MAX,
  stageChangedField,
} from '../../src/domain/tracking-changes';
import { call, signIn, STAFF, startStack, type Stack } from '../support/stack';
import { TINY_JPEG } from '../support/payloads';

let stack: Stack;
let token = '';

beforeAll(async () => {
  stack = await startStack({}, { mailClock: false });
  token = await signIn(stack.url, 'staff', STAFF);
});
afterAll(() => stack?.stop());

const ROUTE = '/api/equipe/rastreios';
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
let seq = 0;
const newId = () =>
  `tc${Date.now().toString(36)}${(seq++).toString(36)}`.padEnd(15, '0').slice(0, 15);

const change = (body: Record<string, unknown>, as = token) =>
  call(stack.url, ROUTE, { method: 'POST', token: as, body });

const JPEG = TINY_JPEG;

async function registered(number: string, at = minutesAgo(30)) {
  const record = newId();
  const res = await change({ op: 'register', record, number, at });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.record as { id: string; number: string };
}

describe('a change sent from a phone', () => {
  it('registers a number once under the id the phone made, however often it is sent', async () => {
    const record = newId();
    const body = { op: 'register', record, number: '00710000111', at: minutesAgo(5) };
    const first = await change(body);
    const again = await change(body);
    expect(first.status).toBe(200);
    expect(first.body.record).toMatchObject({
      id: record,
      number: '00710000111',
      registeredBy: 'Equipe',
    });
    expect(again.body.record.id).toBe(record);
    const all = await stack.admin(
      `/api/collections/tracking/records?filter=(number='00710000111')`,
    );
    expect(all.totalItems).toBe(1);
  });

  it('a number registered offline on two phones ends as one record, and the second is told', async () => {
    const one = await registered('00710000200');
    const second = await change({
      op: 'register',
      record: newId(),
      number: '00710000200',
      at: minutesAgo(4),
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ merged: true, record: { id: one.id } });
    expect(second.body.message).toBe(
      'Este número já tinha sido registrado em outro aparelho: as mudanças foram juntadas.',
    );
  });

  it('keeps the time the stage was marked on the phone, not the time it arrived', async () => {
    const record = await registered('00710000383');
    const at = minutesAgo(20);
    const res = await change({
      op: 'stage',
      record: record.id,
      number: '00710000383',
      stage: 1,
      set: true,
      at,
    });
    expect(res.status).toBe(200);
    const stored = await stack.admin(`/api/collections/tracking/records/${record.id}`);
    expect(stored.stages).toEqual(['1']);
    expect(new Date(stored.stage1At.replace(' ', 'T')).toISOString()).toBe(at);
    expect(stored.stage1By).toBe('Equipe');
  });

  it('merges two phones stage by stage: the later action on a stage wins, other stages survive', async () => {
    const record = await registered('00710000464');
    const base = { record: record.id, number: '00710000464', op: 'stage' };
    // The driver delivered at 14:10 (sent last); the office marked stage 2 at 14:05.
    const delivered = {
      ...base,
      stage: 4,
      set: true,
      at: minutesAgo(10),
      receiverName: 'Maria Souza',
    };
    const office = { ...base, stage: 2, set: true, at: minutesAgo(15) };
    expect((await change(office)).status).toBe(200);
    expect((await change(delivered)).status).toBe(200);
    // An older action on stage 2 (unticked at 14:00 on a phone that was offline) loses.
    const older = await change({ ...base, stage: 2, set: false, at: minutesAgo(20) });
    expect(older.body.applied).toBe(false);
    const stored = await stack.admin(`/api/collections/tracking/records/${record.id}`);
    expect(stored.stages).toEqual(['2', '4']);
    expect(stored.receiverName).toBe('Maria Souza');
    // A later untick wins.
    await change({ ...base, stage: 2, set: false, at: minutesAgo(1) });
    expect((await stack.admin(`/api/collections/tracking/records/${record.id}`)).stages).toEqual([
      '4',
    ]);
  });

  it('refuses bad changes with a Portuguese message naming the field', async () => {
    const record = await registered('00710000545', minutesAgo(10));
    const base = { record: record.id, number: '00710000545', op: 'stage', set: true };
    const future = await change({
      ...base,
      stage: 1,
      at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.status).toBe(400);
    expect(future.body.data.at.message).toBe(
      'O horário da mudança está no futuro: confira o relógio do aparelho.',
    );
    const before = await change({ ...base, stage: 1, at: minutesAgo(120) });
    expect(before.body.data.at.message).toBe(
      'O horário da mudança é anterior ao registro do número.',
    );
    const unknown = await change({ ...base, stage: 7, at: minutesAgo(1) });
    expect(unknown.body.data.stage.message).toBe('Etapa desconhecida: use de 1 a 4.');
    const noName = await change({ ...base, stage: 4, at: minutesAgo(1) });
    expect(noName.body.data.receiverName.message).toBe('Informe o nome de quem recebeu.');
    const longName = await change({
      ...base,
      stage: 4,
      at: minutesAgo(1),
      receiverName: 'A'.repeat(121),
    });
    expect(longName.body.data.receiverName.message).toBe('Nome longo demais (até 120 caracteres).');
    const badCpf = await change({
      ...base,
      stage: 4,
      at: minutesAgo(1),
      receiverName: 'Ana',
      receiverCpf: '123.456.789-00',
    });
    expect(badCpf.body.data.receiverCpf.message).toBe('CPF inválido.');
    const stored = await stack.admin(`/api/collections/tracking/records/${record.id}`);
    expect(stored.stages).toEqual([]);
  });

  it('a change to a number deleted meanwhile is dropped with a clear message', async () => {
    const record = await registered('00710000626');
    const deleted = await change({
      op: 'delete',
      record: record.id,
      number: '00710000626',
      at: minutesAgo(2),
    });
    expect(deleted.status).toBe(200);
    // The same delete again (a retry) is fine.
    expect(
      (await change({ op: 'delete', record: record.id, number: '00710000626', at: minutesAgo(2) }))
        .status,
    ).toBe(200);
    const late = await change({
      op: 'stage',
      record: record.id,
      number: '00710000626',
      stage: 1,
      set: true,
      at: minutesAgo(1),
    });
    expect(late.status).toBe(404);
    expect(late.body.message).toBe(
      'Este número foi excluído em outro aparelho; a mudança não foi aplicada.',
    );
  });

  it('only active staff may send changes', async () => {
    const body = { op: 'register', record: newId(), number: '00710000707', at: minutesAgo(1) };
    const anonymous = await change(body, '');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('Entre para continuar.');

    // A driver switched off keeps a session on the phone: it no longer changes anything.
    const driver = { email: 'desligado@teste.example', password: 'senha-do-motorista-1' };
    const account = await stack.admin('/api/collections/staff/records', {
      method: 'POST',
      body: JSON.stringify({ ...driver, passwordConfirm: driver.password, name: 'Desligado' }),
    });
    const session = await signIn(stack.url, 'staff', driver);
    await stack.admin(`/api/collections/staff/records/${account.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ disabled: true }),
    });
    const refused = await change(body, session);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Esta conta da equipe foi desativada. Fale com o responsável.',
    );
    expect(
      await stack.admin(`/api/collections/tracking/records?filter=(number='00710000707')`),
    ).toMatchObject({ totalItems: 0 });
  });

  it('the migrations store what the domain checks: name length, CPF digits, photo size and types', async () => {
    const collection = (await stack.admin('/api/collections/tracking')) as {
      fields: {
        name: string;
        max?: number;
        maxSize?: number;
        mimeTypes?: string[];
        protected?: boolean;
      }[];
    };
    const field = (name: string) => collection.fields.find((f) => f.name === name)!;
    expect(field('receiverName').max).toBe(RECEIVER_NAME_MAX);
    expect(field('receiverCpf').max).toBe(11);
    expect(field('deliveryPhoto')).toMatchObject({
      maxSize: PHOTO_MAX_BYTES,
      mimeTypes: [...PHOTO_TYPES],
      protected: true,
    });
    for (const stage of [1, 2, 3, 4] as const) {
      expect(field(stageChangedField(stage))).toBeDefined();
    }
  });
});

describe('a batch of changes (a queue sent after the signal returns)', () => {
  const batch = (changes: Record<string, unknown>[], as = token) =>
    call(stack.url, `${ROUTE}/lote`, { method: 'POST', token: as, body: { changes } });

  it('applies each change in order with its own answer; a refused one does not stop the rest', async () => {
    const record = newId();
    const res = await batch([
      { op: 'register', record, number: '00730000192', at: minutesAgo(10) },
      { op: 'stage', record, number: '00730000192', stage: 1, set: true, at: minutesAgo(9) },
      { op: 'stage', record, number: '00730000192', stage: 9, set: true, at: minutesAgo(8) },
      { op: 'stage', record, number: '00730000192', stage: 2, set: true, at: minutesAgo(7) },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const results = res.body.results as { status: number; data?: Record<string, unknown> }[];
    expect(results.map((r) => r.status)).toEqual([200, 200, 400, 200]);
    expect(results[2]!.data).toEqual({
      stage: { code: 'invalid_stage', message: 'Etapa desconhecida: use de 1 a 4.' },
    });
    const stored = await stack.admin(`/api/collections/tracking/records/${record}`);
    expect(stored.stages).toEqual(['1', '2']);
    // Sent again (the answer was lost): nothing is stored twice, nothing changes.
    const again = await batch([
      { op: 'register', record, number: '00730000192', at: minutesAgo(10) },
      { op: 'stage', record, number: '00730000192', stage: 1, set: true, at: minutesAgo(9) },
    ]);
    expect(again.body.results.map((r: { status: number }) => r.status)).toEqual([200, 200]);
    const all = await stack.admin(
      `/api/collections/tracking/records?filter=(number='00730000192')`,
    );
    expect(all.totalItems).toBe(1);
  });

  it('a number another phone registered first takes the later changes of the same batch along', async () => {
    const first = await registered('00730000273');
    const mine = newId();
    const res = await batch([
      { op: 'register', record: mine, number: '00730000273', at: minutesAgo(5) },
      { op: 'stage', record: mine, number: '00730000273', stage: 3, set: true, at: minutesAgo(4) },
    ]);
    expect(res.body.results.map((r: { status: number }) => r.status)).toEqual([200, 200]);
    expect(res.body.results[0].answer.merged).toBe(true);
    const stored = await stack.admin(`/api/collections/tracking/records/${first.id}`);
    expect(stored.stages).toEqual(['3']);
  });

  it(`takes 1 to ${TRACKING_BATCH_MAX} changes, from active staff only`, async () => {
    expect((await batch([])).status).toBe(400);
    // As many as the phone sends at once are read, each with its own answer (here each one's
    // missing fields).
    const full = await batch(
      Array.from({ length: TRACKING_BATCH_MAX }, () => ({ op: 'register' })),
    );
    expect(full.status).toBe(200);
    expect(full.body.results).toHaveLength(TRACKING_BATCH_MAX);
    expect(full.body.results.every((r: { status: number }) => r.status === 400)).toBe(true);
    const many = Array.from({ length: TRACKING_BATCH_MAX + 1 }, () => ({ op: 'register' }));
    const refused = await batch(many);
    expect(refused.status).toBe(400);
    expect(refused.body.data.changes.message).toBe('Envie de 1 a 250 mudanças.');
    const anonymous = await call(stack.url, `${ROUTE}/lote`, {
      method: 'POST',
      body: { changes: [{ op: 'register' }] },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('proof of delivery', () => {
  async function deliverWithPhoto(number: string, photo: Blob, name = 'entrega.jpg') {
    const record = await registered(number);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      op: 'stage',
      record: record.id,
      number,
      stage: '4',
      set: 'true',
      at: minutesAgo(3),
      receiverName: 'Maria da Silva Souza',
      receiverCpf: '52998224725',
    })) {
      form.set(k, v);
    }
    form.set('photo', photo, name);
    const res = await fetch(`${stack.url}${ROUTE}`, {
      method: 'POST',
      headers: { Authorization: token },
      body: form,
    });
    return { record, res, body: await res.json() };
  }

  it('keeps the photo for staff only; the public lookup shows initials and the time', async () => {
    const { record, res, body } = await deliverWithPhoto(
      '00710001002',
      new Blob([JPEG], { type: 'image/jpeg' }),
    );
    expect(res.status, JSON.stringify(body)).toBe(200);
    const stored = await stack.admin(`/api/collections/tracking/records/${record.id}`);
    expect(stored.deliveryPhoto).toMatch(/\.jpg$/);
    expect(stored.receiverCpf).toBe('52998224725');

    const fileUrl = `${stack.url}/api/files/tracking/${record.id}/${stored.deliveryPhoto}`;
    expect((await fetch(fileUrl)).status).not.toBe(200);
    const fileToken = await call(stack.url, '/api/files/token', { method: 'POST', token });
    const withToken = await fetch(`${fileUrl}?token=${fileToken.body.token}`);
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get('content-type')).toBe('image/jpeg');

    const lookup = await call(stack.url, '/api/rastreio/00710001002');
    expect(lookup.body).toMatchObject({ stages: [4], deliveredTo: 'M. S. S.' });
    const everything = JSON.stringify(lookup.body);
    expect(everything).not.toContain('52998224725');
    expect(everything).not.toContain(stored.deliveryPhoto);
    expect(everything).not.toContain('Maria');
  });

  it('refuses a photo that is not an image', async () => {
    const { body, res } = await deliverWithPhoto(
      '00710001193',
      new Blob(['not an image at all'], { type: 'text/plain' }),
      'entrega.txt',
    );
    expect(res.status).toBe(400);
    expect(body.data.photo.message).toBe('A foto precisa ser uma imagem (JPEG, PNG ou WebP).');
  });
});
