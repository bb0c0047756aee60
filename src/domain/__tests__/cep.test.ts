import { describe, expect, it } from 'vitest';
import { cepStateProblem, ufFromCep } from '../cep';
import { checkShipment } from '../shipments';

describe('the UF of a CEP, with no signal', () => {
  it.each([
    ['01310-100', 'SP'], // Av. Paulista
    ['20040-020', 'RJ'],
    ['30130-010', 'MG'],
    ['40020-000', 'BA'],
    ['69005-070', 'AM'],
    ['69301-000', 'RR'],
    ['70040-010', 'DF'],
    ['72800-000', 'GO'], // Luziânia, inside the DF's block of numbers
    ['73010-000', 'DF'],
    ['74003-010', 'GO'],
    ['76801-000', 'RO'],
    ['80020-000', 'PR'],
    ['88010-000', 'SC'],
    ['90010-000', 'RS'],
  ])('%s is in %s', (cep, uf) => {
    expect(ufFromCep(cep)).toBe(uf);
  });

  it.each(['', '7400', '00000-000', '123456789'])('%j says nothing', (cep) => {
    expect(ufFromCep(cep)).toBeNull();
  });

  it('flags a UF that contradicts the CEP, also when the shipment is checked before saving', () => {
    expect(cepStateProblem('74003-010', 'SP')).toBe('Este CEP é de GO: confira a UF.');
    expect(cepStateProblem('74003-010', 'GO')).toBeNull();
    expect(cepStateProblem('', 'SP')).toBeNull();
    const errors = checkShipment({ recipientZip: '74003010', recipientState: 'SP' });
    expect(errors.recipientState).toBe('Este CEP é de GO: confira a UF.');
  });
});
