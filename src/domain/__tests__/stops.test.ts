import { describe, expect, it } from 'vitest';
import { emptyRow, orderByCep } from '../tracking-changes';

const stop = (id: string, zip: string) => ({
  ...emptyRow(id, '1', 'Ana', '2026-11-27 12:00:00.000Z'),
  shipment: { recipientName: 'X', recipientZip: zip },
});

describe('ordering stops by CEP', () => {
  it('puts neighbours together, the ones with no CEP last, and keeps ties as they were', () => {
    const stops = [
      stop('centro', '74003-010'), // Goiânia, Centro
      stop('semcep', ''),
      stop('bueno', '74230-010'), // Setor Bueno
      stop('aparecida', '74905-000'), // Aparecida de Goiânia
      stop('oeste', '74120-020'), // Setor Oeste
      stop('centro2', '74003010'),
    ];
    expect(orderByCep(stops)).toEqual([
      'centro',
      'centro2',
      'oeste',
      'bueno',
      'aparecida',
      'semcep',
    ]);
  });
});
