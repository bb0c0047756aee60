import { describe, expect, it } from 'vitest';
import { requestSummary } from '../submissions';

describe('a request in one line', () => {
  it('who sent it and from where to where, as typed', () => {
    expect(
      requestSummary('quote', {
        senderName: ' Ana  Souza ',
        pickupLocation: 'São Paulo - SP',
        deliveryLocation: 'Goiânia - GO',
      }),
    ).toBe('Ana Souza: São Paulo - SP → Goiânia - GO');
    expect(
      requestSummary('urgent', {
        senderName: 'Lab Vida',
        senderCity: 'Guarulhos - SP',
        recipientCity: 'Curitiba - PR',
      }),
    ).toBe('Lab Vida: Guarulhos - SP → Curitiba - PR');
    expect(
      requestSummary('pickup', {
        solicitadaPor: 'Carla Mendes',
        tipoEntrega: 'Amostra de Soja',
        cidade: 'Itumbiara',
      }),
    ).toBe('Carla Mendes, Amostra de Soja: Itumbiara');
  });

  it('leaves out what was not given', () => {
    expect(
      requestSummary('urgent', {
        senderName: '',
        senderCity: 'Não informado',
        recipientCity: 'Curitiba - PR',
      }),
    ).toBe('Curitiba - PR');
    expect(requestSummary('quote', {})).toBe('');
  });
});
