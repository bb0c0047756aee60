import { describe, expect, it } from 'vitest';
import {
  checkPhoto,
  checkTrackingChange,
  initials,
  mergeStageChange,
  overlayChanges,
  trackingRowOf,
  type TrackingChange,
  type TrackingRow,
} from '../tracking-changes';
import { moveStop, placeStop, stopsInOrder } from '../stops';
import type { TrackingStage } from '../stages';
import { emptyShipment } from '../shipments';

const row = (id: string, number: string, stages: (1 | 2 | 3 | 4)[] = []) =>
  trackingRowOf({ id, number, stages: stages.map(String), created: '2026-11-22 10:00:00.000Z' });

describe('the list a phone shows while changes wait', () => {
  const rows = [row('a', '111', [1]), row('b', '222')];

  it('adds a registered number on top, applies stages, hides a deleted one, marking what waits', () => {
    const changes: TrackingChange[] = [
      { op: 'register', record: 'c', number: '333', at: '2026-11-22T11:00:00.000Z' },
      {
        op: 'stage',
        record: 'c',
        number: '333',
        stage: 1,
        set: true,
        at: '2026-11-22T11:01:00.000Z',
      },
      {
        op: 'stage',
        record: 'a',
        number: '111',
        stage: 1,
        set: false,
        at: '2026-11-22T11:02:00.000Z',
      },
      { op: 'delete', record: 'b', number: '222', at: '2026-11-22T11:03:00.000Z' },
    ];
    const shown = overlayChanges(rows, changes, 'Ana');
    expect(shown.map((r) => [r.number, r.stages, Boolean(r.waiting)])).toEqual([
      ['333', [1], true],
      ['111', [], true],
    ]);
    expect(shown[0]!.stageBy).toEqual({ 1: 'Ana' });
    expect(shown[0]!.stageTimes[1]).toBe('2026-11-22 11:01:00.000Z');
  });

  it('is the list itself when nothing waits', () => {
    expect(overlayChanges(rows, [], 'Ana')).toBe(rows);
  });
});

describe('merging a stage change on the server', () => {
  const record = {
    stages: ['2'],
    stage2At: '2026-11-22 10:05:00.000Z',
    stage2ChangedAt: '2026-11-22 10:05:00.000Z',
  };
  const change = (stage: 1 | 2 | 3 | 4, set: boolean, at: string) =>
    ({ op: 'stage', record: 'x', number: '1', stage, set, at }) as const;

  it('a later action on a stage wins; an older one (or the same one again) changes nothing', () => {
    expect(
      mergeStageChange(record, change(2, false, '2026-11-22T10:00:00.000Z'), 'Ana'),
    ).toBeNull();
    expect(mergeStageChange(record, change(2, true, '2026-11-22T10:05:00.000Z'), 'Ana')).toBeNull();
    expect(mergeStageChange(record, change(2, false, '2026-11-22T10:06:00.000Z'), 'Ana')).toEqual({
      stages: [],
      stage2ChangedAt: '2026-11-22 10:06:00.000Z',
      stage2At: '',
      stage2By: '',
    });
  });

  it('another stage is merged beside it, with the proof of delivery', () => {
    expect(
      mergeStageChange(
        record,
        {
          ...change(4, true, '2026-11-22T09:00:00.000Z'),
          receiverName: ' Ana Lima ',
          receiverCpf: '529.982.247-25',
        },
        'João',
      ),
    ).toEqual({
      stages: ['2', '4'],
      stage4ChangedAt: '2026-11-22 09:00:00.000Z',
      stage4At: '2026-11-22 09:00:00.000Z',
      stage4By: 'João',
      receiverName: 'Ana Lima',
      receiverCpf: '52998224725',
      deliveryLatitude: 0,
      deliveryLongitude: 0,
    });
  });

  it('keeps where it was delivered when the phone shared it, and forgets it when undone', () => {
    const delivered = {
      ...change(4, true, '2026-11-22T09:00:00.000Z'),
      receiverName: 'Ana Lima',
      latitude: -16.6869,
      longitude: -49.2648,
    };
    expect(checkTrackingChange(delivered, { now: Date.parse('2026-11-22T10:00:00Z') })).toEqual({});
    expect(mergeStageChange(record, delivered, 'João')).toMatchObject({
      deliveryLatitude: -16.6869,
      deliveryLongitude: -49.2648,
    });
    expect(
      checkTrackingChange(
        { ...delivered, latitude: 91 },
        { now: Date.parse('2026-11-22T10:00:00Z') },
      ),
    ).toEqual({ position: 'Localização inválida.' });
    expect(
      mergeStageChange(
        { ...record, stages: ['2', '4'], stage4At: '2026-11-22 09:00:00.000Z' },
        change(4, false, '2026-11-22T09:30:00.000Z'),
        'João',
      ),
    ).toMatchObject({ deliveryLatitude: 0, deliveryLongitude: 0 });
  });
});

describe('proof of delivery', () => {
  it('shows the receiver by initials, leaving out da/de/dos', () => {
    expect(initials('maria da Silva souza')).toBe('M. S. S.');
    expect(initials('  Ana  ')).toBe('A.');
  });

  it.each([
    ['Ângela Souza', 'Â. S.'],
    ['😀 <b>Ana</b> Lima', 'A. L.'],
    ['<script>alert(1)</script>', 'A.'],
    ['"Ana" (Lima)', 'A. L.'],
    ['😀 ☎ 123', ''],
    ['A\u0301lvaro de Souza', 'Á. S.'],
    ["O'Neil Çelik", 'O. Ç.'],
    ['Ωmega Ёлка', 'Ω. Ё.'],
    ['佐藤 花子', '佐. 花.'],
  ])('initials of %j come from letters only: %j', (name, shown) => {
    expect(initials(name)).toBe(shown);
  });

  it('takes photos that are images up to 5 MB', () => {
    expect(checkPhoto('image/jpeg', 200_000)).toBeNull();
    expect(checkPhoto('application/pdf', 1000)).toBe(
      'A foto precisa ser uma imagem (JPEG, PNG ou WebP).',
    );
    expect(checkPhoto('image/png', 6 * 1024 * 1024)).toBe('A foto passa de 5 MB.');
  });
});

describe('checking a change before it is queued', () => {
  const at = new Date().toISOString();
  const check = (made: object) => checkTrackingChange(made, { now: Date.now() });

  it('refuses to register a shipment number whose last digit does not match', () => {
    // 100000000007 is a valid shipment number (see shipment-numbers.test.ts); the 7 changed to 8.
    expect(check({ op: 'register', record: 'r1', number: '100000000007', at })).toEqual({});
    expect(check({ op: 'register', record: 'r2', number: '100000000008', at }).number).toBe(
      'Confira o número: o dígito final não confere',
    );
  });

  it('still changes a record registered by hand under such a number', () => {
    expect(
      check({ op: 'stage', record: 'r3', number: '100000000008', at, stage: 1, set: true }),
    ).toEqual({});
  });
});

describe("a driver's stops", () => {
  const stop = (id: string, stopOrder: number, created: string, stages: TrackingStage[] = []) =>
    ({
      ...trackingRowOf({ id, number: id, created, updated: created, stopOrder }),
      stages,
      shipment: { recipientName: `Cliente ${id}` },
    }) as TrackingRow;

  it('in its planned order, never-ordered ones last (oldest first), delivered ones gone', () => {
    const rows = [
      stop('aaaaaaaaaaaaaaa', 0, '2026-11-25 08:00:00.000Z'),
      stop('bbbbbbbbbbbbbbb', 2, '2026-11-25 09:00:00.000Z'),
      stop('ccccccccccccccc', 1, '2026-11-25 10:00:00.000Z'),
      stop('ddddddddddddddd', 0, '2026-11-25 07:00:00.000Z'),
      stop('eeeeeeeeeeeeeee', 3, '2026-11-25 07:00:00.000Z', [4]),
    ];
    expect(stopsInOrder(rows).map((r) => r.id[0])).toEqual(['c', 'b', 'd', 'a']);
  });

  it("'Subir' and 'Descer' swap neighbours; the ends stay put", () => {
    expect(moveStop(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveStop(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveStop(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveStop(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
  });

  it('a stop dragged in front of another, or to the end, takes that place', () => {
    const ids = ['a', 'b', 'c', 'd'];
    expect(placeStop(ids, 'd', 'a')).toEqual(['d', 'a', 'b', 'c']);
    expect(placeStop(ids, 'a', 'd')).toEqual(['b', 'c', 'a', 'd']);
    expect(placeStop(ids, 'b', null)).toEqual(['a', 'c', 'd', 'b']);
    expect(placeStop(ids, 'b', 'b')).toEqual(ids);
    expect(placeStop(ids, 'b', 'c')).toEqual(ids);
    expect(placeStop(ids, 'x', 'a')).toEqual(ids);
  });

  it('a new order waiting on the phone shows at once', () => {
    const rows = [
      stop('aaaaaaaaaaaaaaa', 1, '2026-11-25 08:00:00.000Z'),
      stop('bbbbbbbbbbbbbbb', 2, '2026-11-25 09:00:00.000Z'),
    ];
    const shown = overlayChanges(
      rows,
      [
        {
          op: 'route',
          record: 'motoristademo01',
          number: '',
          at: '2026-11-25T10:00:00.000Z',
          order: ['bbbbbbbbbbbbbbb', 'aaaaaaaaaaaaaaa'],
        },
      ],
      '',
    );
    expect(stopsInOrder(shown).map((r) => r.id[0])).toEqual(['b', 'a']);
    expect(
      checkTrackingChange(
        { op: 'route', record: 'x', number: '', at: new Date().toISOString(), order: ['../etc'] },
        { now: Date.now() },
      ),
    ).toEqual({
      order: 'Ordem das paradas inválida.',
    });
  });

  it('a shipment saved with no signal shows at once with the driver chosen in the form', () => {
    const fields = {
      ...emptyShipment('2026-11-27'),
      senderName: 'Balcão',
      senderZip: '01310100',
      senderStreet: 'Av. Paulista',
      senderStreetNumber: '1000',
      senderCity: 'São Paulo',
      senderState: 'SP',
      recipientName: 'Ana Souza',
      recipientPhone: '(62) 99999-0000',
      recipientZip: '74000000',
      recipientStreet: 'Rua 7',
      recipientStreetNumber: '45',
      recipientCity: 'Goiânia',
      recipientState: 'GO',
      contents: 'Documentos',
      weight: '1',
    };
    const made = {
      op: 'shipment' as const,
      record: 'ccccccccccccccc',
      number: '',
      at: '2026-11-27T10:00:00.000Z',
      fields,
    };
    const [fresh] = overlayChanges([], [{ ...made, driver: 'motoristademo01' }], 'Ana');
    expect(fresh).toMatchObject({ driver: 'motoristademo01', waiting: true });
    // An edit that leaves the driver out keeps the one the row has.
    const kept = { ...fresh!, waiting: undefined };
    expect(overlayChanges([kept], [made], 'Ana')[0]!.driver).toBe('motoristademo01');
    expect(overlayChanges([kept], [{ ...made, driver: '' }], 'Ana')[0]!.driver).toBe('');
  });
});
