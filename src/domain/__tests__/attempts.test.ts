import { describe, expect, it } from 'vitest';
import {
  addAttempt,
  attemptsBadge,
  checkAttempt,
  publicTimeline,
  type AttemptEntry,
} from '../attempts';
import { followUpdateMail, attemptsToTell, newsInOrder } from '../follows';
import { overlayChanges, pendingShipments, trackingRowOf } from '../tracking-changes';
import { isOpenStop, stopsInOrder } from '../stops';

const ID = 'abcdefghij12345';
const entry = (id: string, at: string): AttemptEntry => ({
  id,
  at,
  reason: 'ausente',
  note: '',
  by: 'Motorista',
});

describe("'Não entregue'", () => {
  it('asks for a reason from the list, and words when it is another one', () => {
    expect(checkAttempt({ attempt: ID })).toEqual({ reason: 'Escolha o motivo.' });
    expect(checkAttempt({ attempt: ID, reason: 'chuva' })).toEqual({
      reason: 'Escolha o motivo.',
    });
    expect(checkAttempt({ attempt: ID, reason: 'ausente' })).toEqual({});
    expect(checkAttempt({ attempt: ID, reason: 'outro', note: '  ' })).toEqual({
      note: 'Descreva o motivo em poucas palavras.',
    });
    expect(checkAttempt({ attempt: ID, reason: 'outro', note: 'x'.repeat(141) }).note).toMatch(
      /até 140/,
    );
    expect(checkAttempt({ attempt: ID, reason: 'outro', note: 'Portão trancado' })).toEqual({});
  });

  it('takes a position only whole and on the globe', () => {
    const base = { attempt: ID, reason: 'fechado' };
    expect(checkAttempt({ ...base, latitude: -16.68, longitude: -49.25 })).toEqual({});
    expect(checkAttempt({ ...base, latitude: -16.68 })).toEqual({
      position: 'Localização inválida.',
    });
    expect(checkAttempt({ ...base, latitude: 95, longitude: 0 }).position).toBeDefined();
  });

  it('counts attempts once each, and the third sends the shipment to the office', () => {
    const one = addAttempt([], entry('a'.repeat(15), '2026-11-25 10:00:00.000Z'))!;
    expect(one.pending).toBe(false);
    expect(addAttempt(one.log, entry('a'.repeat(15), '2026-11-25 10:00:00.000Z'))).toBeNull();
    const two = addAttempt(one.log, entry('b'.repeat(15), '2026-11-25 12:00:00.000Z'))!;
    expect(two.pending).toBe(false);
    // Made offline earlier, arriving later: kept in time order.
    const three = addAttempt(two.log, entry('c'.repeat(15), '2026-11-25 11:00:00.000Z'))!;
    expect(three.pending).toBe(true);
    expect(three.log.map((e) => e.id[0])).toEqual(['a', 'c', 'b']);
    expect(attemptsBadge(1)).toBe('1ª tentativa não realizada');
    expect(attemptsBadge(2)).toBe('2ª tentativa não realizada');
  });
});

describe('a driver’s list with failed attempts', () => {
  const shipment = (id: string, extra: Record<string, unknown> = {}) =>
    trackingRowOf({
      id,
      number: '1',
      stages: [],
      recipientName: 'Maria',
      created: '2026-11-25 08:00:00.000Z',
      ...extra,
    });

  it('a failed attempt made offline shows at once; the third takes the stop off the list', () => {
    const rows = [shipment('s1'.padEnd(15, '0')), shipment('s2'.padEnd(15, '0'))];
    const attempt = (n: number) =>
      ({
        op: 'attempt',
        record: rows[0]!.id,
        number: '1',
        at: `2026-11-25T1${n}:00:00.000Z`,
        attempt: String(n).repeat(15),
        reason: 'ausente',
      }) as const;
    const once = overlayChanges(rows, [attempt(1)], 'Motorista');
    expect(once[0]!.attempts).toHaveLength(1);
    expect(once[0]!.waiting).toBe(true);
    expect(stopsInOrder(once).map((r) => r.id)).toEqual(rows.map((r) => r.id));
    const thrice = overlayChanges(rows, [attempt(1), attempt(2), attempt(3)], 'Motorista');
    expect(stopsInOrder(thrice).map((r) => r.id)).toEqual([rows[1]!.id]);
    expect(pendingShipments(thrice).map((r) => r.id)).toEqual([rows[0]!.id]);
  });

  it("the office's decision takes a shipment out of 'Pendências'", () => {
    const row = shipment('s3'.padEnd(15, '0'), { pendingSince: '2026-11-25 15:00:00.000Z' });
    expect(isOpenStop(row)).toBe(false);
    const decide = (decision: 'retry' | 'return') =>
      overlayChanges(
        [row],
        [
          {
            op: 'decision',
            record: row.id,
            number: '1',
            at: '2026-11-25T16:00:00.000Z',
            decision,
            driver: 'd'.repeat(15),
          },
        ],
        'Escritório',
      )[0]!;
    expect(pendingShipments([decide('retry')])).toEqual([]);
    expect(isOpenStop(decide('retry'))).toBe(true);
    expect(decide('retry').driver).toBe('d'.repeat(15));
    expect(isOpenStop(decide('return'))).toBe(false);
    expect(decide('return').returnedAt).toBe('2026-11-25 16:00:00.000Z');
  });
});

describe('the public history', () => {
  it('stages, attempts with their reason, the delivery with initials; oldest first', () => {
    const events = publicTimeline({
      stages: [1, 4],
      stageTimes: { 1: '2026-11-24 09:00:00.000Z', 4: '2026-11-26 10:00:00.000Z' },
      attempts: [
        { at: '2026-11-25 14:32:00.000Z', reason: 'ausente' },
        { at: '2026-11-24 18:00:00.000Z', reason: 'recusado' },
      ],
      deliveredTo: 'M. S.',
    });
    expect(events.map((e) => e.text)).toEqual([
      'Encomenda coletada no ponto de coleta',
      'Tentativa de entrega não realizada: recusado pelo destinatário',
      'Tentativa de entrega não realizada: destinatário ausente',
      'Encomenda entregue a M. S.',
    ]);
  });

  it('begins when the shipment is made, after its request arrived, before any stage', () => {
    const events = publicTimeline({
      stages: [1],
      stageTimes: { 1: '2026-11-24 09:00:00.000Z' },
      registeredAt: '2026-11-23 17:10:00.000Z',
      requestedAt: '2026-11-23 16:05:00.000Z',
    });
    expect(events.map((e) => [e.at, e.text])).toEqual([
      ['2026-11-23 16:05:00.000Z', 'Coleta solicitada'],
      ['2026-11-23 17:10:00.000Z', 'Remessa registrada'],
      ['2026-11-24 09:00:00.000Z', 'Encomenda coletada no ponto de coleta'],
    ]);
  });

  it('a follower hears of an attempt in the same e-mail as a stage', () => {
    const news = newsInOrder([
      { stage: 3, label: 'Encomenda chegou ao destino', at: '2026-11-25 09:00:00.000Z' },
      ...attemptsToTell(
        [
          { at: '2026-11-24 10:00:00.000Z', reason: 'fechado' },
          { at: '2026-11-25 14:32:00.000Z', reason: 'ausente' },
        ],
        1,
      ),
    ]);
    const mail = followUpdateMail(
      '123',
      news,
      { lookup: 'https://x.example/rastrear', unsubscribe: 'https://x.example/c' },
      { name: 'Rota Veloz', email: 'contato@x.example' },
    );
    expect(mail.subject).toBe(
      'Tentativa de entrega não realizada: destinatário ausente - rastreio 123',
    );
    expect(mail.paragraphs?.[0]).toBe('Seu rastreio tem novidades:');
    expect(mail.sections[0]!.rows.map((r) => r[0])).toEqual([
      'Encomenda chegou ao destino',
      'Tentativa de entrega não realizada: destinatário ausente',
    ]);
  });
});
