import { describe, expect, it } from 'vitest';
import { quoteDraftFrom, quoteDraftQuery } from '../quote-draft';

describe("the simulator's figures carried to the quote form", () => {
  it('round-trips places, type and figures through the address, leaving empty ones out', () => {
    const query = quoteDraftQuery({
      pickupLocation: 'São Paulo - SP',
      deliveryLocation: 'Goiânia - GO',
      parcelType: 'documento',
      weight: '2,5',
      width: '',
      invoiceValue: 'R$ 1.500,00',
    });
    expect(query).not.toContain('largura');
    expect(quoteDraftFrom(new URLSearchParams(query.slice(1)))).toEqual({
      pickupLocation: 'São Paulo - SP',
      deliveryLocation: 'Goiânia - GO',
      parcelType: 'documento',
      weight: '2,5',
      invoiceValue: 'R$ 1.500,00',
    });
    expect(quoteDraftQuery({ weight: ' ' })).toBe('');
  });

  it('takes from a link only places of the list, a known type and short values', () => {
    const params = new URLSearchParams({
      origem: 'Lugar Nenhum - XX',
      tipo: 'caminhão',
      peso: '1'.repeat(21),
      nf: '<script>',
      altura: '30',
    });
    expect(quoteDraftFrom(params)).toEqual({ invoiceNumber: '<script>', height: '30' });
  });
});
