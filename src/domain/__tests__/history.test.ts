import { describe, expect, it } from 'vitest';
import {
  anonymizedHistoryDetails,
  historyLine,
  historyRowOf,
  historyTime,
  newestFirst,
  shipmentChanges,
  type HistoryRow,
} from '../history';
import {
  assignProblem,
  checkTrackingChange,
  CHANGE_MESSAGES,
  overlayChanges,
  trackingRowOf,
  type TrackingChange,
} from '../tracking-changes';

// 27/11/2026 17:02 UTC is 14:02 in Brasília.
const AT = '2026-11-27 17:02:00.000Z';
const NOW = Date.parse('2026-11-28T12:00:00Z');

const row = (action: string, details: Record<string, unknown> = {}, by = 'Ana'): HistoryRow =>
  historyRowOf({
    id: 'h1',
    tracking: 'abcdefghij12345',
    number: '123456789012',
    action,
    by,
    account: 'equipeprincipal',
    at: AT,
    created: AT,
    details,
  });

describe('the line the office reads for a history row', () => {
  it('says what happened, who did it and when, in Brasília', () => {
    expect(historyLine(row('assigned', { driver: 'x', driverName: 'Motorista Beta' }), NOW)).toBe(
      'Atribuída a Motorista Beta por Ana, 27/11 14:02',
    );
    expect(historyLine(row('stage-set', { stage: 2 }, 'Carlos'), NOW)).toBe(
      'Etapa 2 marcada por Carlos, 27/11 14:02',
    );
    expect(historyLine(row('stage-cleared', { stage: 3 }), NOW)).toBe(
      'Etapa 3 desmarcada por Ana, 27/11 14:02',
    );
    expect(historyLine(row('label'), NOW)).toBe('Etiqueta impressa por Ana, 27/11 14:02');
    expect(historyLine(row('deleted'), NOW)).toBe('Registro excluído por Ana, 27/11 14:02');
  });

  it('tells an edited field with its old and new value', () => {
    const edited = row('edited', {
      changes: [{ field: 'recipientName', from: 'João', to: 'Maria' }],
    });
    expect(historyLine(edited, NOW)).toBe(
      'Destinatário alterado de “João” para “Maria” por Ana, 27/11 14:02',
    );
    const several = row('edited', {
      changes: [
        { field: 'weightKg', from: 1, to: 2.5 },
        { field: 'recipientComplement', from: '', to: 'Apto 2' },
        { field: 'promisedDate', from: '2026-11-28', to: '2026-11-30' },
        { field: 'driver', from: 'Motorista Alfa', to: 'Motorista Beta' },
      ],
    });
    expect(historyLine(several, NOW)).toBe(
      'Remessa editada por Ana, 27/11 14:02 — Peso de “1,00 kg” para “2,50 kg”; ' +
        'Complemento do destinatário de (vazio) para “Apto 2”; ' +
        'Previsão de entrega de “28/11/2026” para “30/11/2026”; ' +
        'Motorista de “Motorista Alfa” para “Motorista Beta”',
    );
    expect(
      historyLine(
        row('edited', { changes: [{ field: 'recipientCity', from: 'Goiânia', to: '' }] }),
        NOW,
      ),
    ).toBe('Cidade do destinatário apagada (era “Goiânia”) por Ana, 27/11 14:02');
    expect(
      historyLine(
        row('edited', { changes: [{ field: 'recipientPhone', from: '', to: '62999990000' }] }),
        NOW,
      ),
    ).toBe('Telefone do destinatário preenchido com “(62) 99999-0000” por Ana, 27/11 14:02');
  });

  it('tells how a shipment began, its driver, its stages and attempts, and the decisions', () => {
    expect(historyLine(row('created', { kind: 'number' }), NOW)).toBe(
      'Número registrado por Ana, 27/11 14:02',
    );
    expect(
      historyLine(
        row('created', { kind: 'shipment', request: 'urgent:x', driverName: 'Motorista Beta' }),
        NOW,
      ),
    ).toBe(
      'Remessa criada a partir de uma solicitação e atribuída a Motorista Beta por Ana, 27/11 14:02',
    );
    expect(
      historyLine(
        row('assigned', { driverName: 'Motorista Beta', fromName: 'Motorista Alfa' }),
        NOW,
      ),
    ).toBe('Passada de Motorista Alfa para Motorista Beta por Ana, 27/11 14:02');
    expect(historyLine(row('unassigned', { fromName: 'Motorista Beta' }), NOW)).toBe(
      'Retirada de Motorista Beta por Ana, 27/11 14:02',
    );
    expect(historyLine(row('stage-set', { stage: 4, receiverName: 'Maria' }, 'Carlos'), NOW)).toBe(
      'Etapa 4 marcada por Carlos, 27/11 14:02 — recebedor: Maria',
    );
    expect(
      historyLine(
        row('attempt', { reason: 'ausente', pending: true, fromName: 'Carlos' }, 'Carlos'),
        NOW,
      ),
    ).toBe(
      'Tentativa sem sucesso (Destinatário ausente) por Carlos, 27/11 14:02 — ' +
        'foi para Pendências e saiu da lista de Carlos',
    );
    expect(historyLine(row('decision', { decision: 'return' }), NOW)).toBe(
      'Devolução ao remetente decidida por Ana, 27/11 14:02',
    );
    expect(historyLine(row('decision', { decision: 'retry', driverName: 'Beta' }), NOW)).toBe(
      'Nova tentativa com Beta decidida por Ana, 27/11 14:02',
    );
    expect(
      historyLine(row('created', { kind: 'number', dashboard: true }, 'adm@x.example'), NOW),
    ).toBe('Número registrado por adm@x.example (painel), 27/11 14:02');
  });

  it('writes the year only for another year than now', () => {
    expect(historyTime(AT, NOW)).toBe('27/11 14:02');
    expect(historyTime(AT, Date.parse('2027-01-02T12:00:00Z'))).toBe('27/11/2026 14:02');
    expect(historyTime('', NOW)).toBe('');
  });

  it('lists the newest first, by the time on the device, then by the time written', () => {
    const rows = [
      { at: '2026-11-27 10:00:00.000Z', created: '2026-11-27 10:00:01.000Z', id: 'a' },
      { at: '2026-11-27 12:00:00.000Z', created: '2026-11-27 12:00:01.000Z', id: 'b' },
      { at: '2026-11-27 10:00:00.000Z', created: '2026-11-27 10:00:02.000Z', id: 'c' },
    ];
    expect(newestFirst(rows).map((r) => r.id)).toEqual(['b', 'c', 'a']);
  });
});

describe('what an edit changed, and what a row keeps once anonymised', () => {
  it('lists only the fields that changed, numbers as numbers and dates by the day', () => {
    expect(
      shipmentChanges(
        { recipientName: 'João', weightKg: 1, promisedDate: '2026-11-28', contents: 'Docs' },
        { recipientName: 'Maria', weightKg: 1, promisedDate: '2026-11-28', contents: 'Docs' },
      ),
    ).toEqual([{ field: 'recipientName', from: 'João', to: 'Maria' }]);
    expect(shipmentChanges({ weightKg: 1 }, { weightKg: 1 })).toEqual([]);
  });

  it('hides people in edits and keeps the receiver as initials; staff names stay', () => {
    const details = {
      changes: [
        { field: 'recipientName', from: 'João Lima', to: 'Maria Souza' },
        { field: 'recipientComplement', from: '', to: 'Apto 2' },
        { field: 'weightKg', from: 1, to: 2 },
        { field: 'driver', from: 'Motorista Alfa', to: 'Motorista Beta' },
      ],
    };
    expect(anonymizedHistoryDetails('edited', details)).toEqual({
      changes: [
        { field: 'recipientName', from: 'Anonimizado', to: 'Anonimizado' },
        { field: 'recipientComplement', from: '', to: 'Anonimizado' },
        { field: 'weightKg', from: 1, to: 2 },
        { field: 'driver', from: 'Motorista Alfa', to: 'Motorista Beta' },
      ],
    });
    expect(
      anonymizedHistoryDetails('stage-set', { stage: 4, receiverName: 'Maria Souza' }),
    ).toEqual({
      stage: 4,
      receiverName: 'M. S.',
    });
  });
});

describe("'assign': a shipment's driver from the office", () => {
  const shipment = (over: Record<string, unknown> = {}) =>
    trackingRowOf({
      id: 'abcdefghij12345',
      number: '123456789012',
      stages: [],
      recipientName: 'Cliente',
      driver: 'motoristaum0001',
      stopOrder: 3,
      created: AT,
      ...over,
    });

  it('says why a row would not be changed', () => {
    expect(assignProblem(shipment())).toBeNull();
    expect(assignProblem(shipment({ stages: ['1', '4'] }))).toBe(
      'Remessa já entregue: não alterada.',
    );
    expect(assignProblem(shipment({ returnedAt: AT }))).toBe('Remessa devolvida: não alterada.');
    expect(assignProblem(shipment({ pendingSince: AT }))).toBe(CHANGE_MESSAGES.assignPending);
    expect(assignProblem(shipment({ recipientName: '' }))).toBe(CHANGE_MESSAGES.assignNotShipment);
  });

  it('is checked like other changes: a driver id or none', () => {
    const base = { record: 'abcdefghij12345', number: '123456789012', at: AT.replace(' ', 'T') };
    const now = Date.parse(AT);
    expect(
      checkTrackingChange({ ...base, op: 'assign', driver: 'motoristadois02' }, { now }),
    ).toEqual({});
    expect(checkTrackingChange({ ...base, op: 'assign', driver: '' }, { now })).toEqual({});
    expect(checkTrackingChange({ ...base, op: 'assign' }, { now })).toEqual({
      driver: CHANGE_MESSAGES.driverUnknown,
    });
    expect(checkTrackingChange({ ...base, op: 'label' }, { now })).toEqual({});
  });

  it('shows a waiting assignment at once, and nothing for a row the server would refuse', () => {
    const rows = [shipment(), shipment({ id: 'entregue0000001', stages: ['4'] })];
    const at = '2026-11-27T18:00:00.000Z';
    const changes: TrackingChange[] = [
      { op: 'assign', record: rows[0]!.id, number: rows[0]!.number, at, driver: 'motoristadois02' },
      { op: 'assign', record: rows[1]!.id, number: rows[1]!.number, at, driver: 'motoristadois02' },
      { op: 'label', record: rows[1]!.id, number: rows[1]!.number, at },
    ];
    const shown = overlayChanges(rows, changes, 'Ana');
    expect(shown[0]).toMatchObject({ driver: 'motoristadois02', stopOrder: 0, waiting: true });
    expect(shown[1]).toBe(rows[1]);
  });
});
