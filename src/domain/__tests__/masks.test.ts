import IMask from 'imask';
import { describe, expect, it } from 'vitest';
import {
  CEP_MASK,
  displayTrackingNumber,
  filterLocalities,
  formatCep,
  formatCnpj,
  formatCpf,
  formatPhone,
  isValidCnpj,
  isValidCpf,
  LOCALITIES,
  normalizeStages,
  normalizeTrackingNumber,
  STATE_CODES,
  toggleStage,
} from '..';

describe('CPF and CNPJ masks', () => {
  it.each([
    ['52998224725', '529.982.247-25'],
    ['529.982.247-25', '529.982.247-25'],
    ['5299', '529.9'],
    ['529982247251234', '529.982.247-25'], // at most 11 digits
    ['abc52998224725', '529.982.247-25'], // non-digits stripped
    ['', ''],
  ])('CPF %j -> %j', (raw, masked) => expect(formatCpf(raw)).toBe(masked));

  it.each([
    ['11222333000181', '11.222.333/0001-81'],
    ['112223330001819999', '11.222.333/0001-81'],
    ['12abc34501de35', '12.ABC.345/01DE-35'], // alphanumeric CNPJ, uppercased
    ['11.222', '11.222'],
  ])('CNPJ %j -> %j', (raw, masked) => expect(formatCnpj(raw)).toBe(masked));
});

describe('check digits (mod 11)', () => {
  it.each(['529.982.247-25', '11144477735', '39053344705'])('CPF %s is valid', (cpf) =>
    expect(isValidCpf(cpf)).toBe(true),
  );
  it.each(['529.982.247-26', '111.111.111-11', '123', '5299822472'])('CPF %s is invalid', (cpf) =>
    expect(isValidCpf(cpf)).toBe(false),
  );
  it.each(['11.222.333/0001-81', '11444777000161', '12.ABC.345/01DE-35', '12abc34501de35'])(
    'CNPJ %s is valid',
    (cnpj) => expect(isValidCnpj(cnpj)).toBe(true),
  );
  it.each(['11.222.333/0001-82', '00.000.000/0000-00', '12.ABC.345/01DE-36', '12ABC34501DEXX'])(
    'CNPJ %s is invalid',
    (cnpj) => expect(isValidCnpj(cnpj)).toBe(false),
  );
});

describe('phone and CEP', () => {
  it.each([
    ['11987654321', '(11) 98765-4321'],
    ['1134567890', '(11) 3456-7890'],
    ['(11) 98765-43219999', '(11) 98765-4321'],
  ])('phone %j -> %j', (raw, masked) => {
    expect(formatPhone(raw)).toBe(masked);
    expect(formatPhone(raw).length).toBeLessThanOrEqual(15);
  });
  it('CEP', () => expect(formatCep('01310-100x9')).toBe('01310-100'));
  it('a whole CEP reads as its mask writes it, and a partial one is left to the mask', () => {
    for (const raw of ['01310100', '74000-000', ' 99999 999 ', '0131']) {
      expect(formatCep(raw)).toBe(IMask.pipe(raw.replace(/\D/g, ''), CEP_MASK));
    }
    expect(formatCep('0131')).toBe('0131');
  });
});

describe('tracking numbers', () => {
  it('keeps digits only, spaces removed', () => {
    expect(normalizeTrackingNumber(' 123 456 ')).toBe('123456');
    expect(normalizeTrackingNumber('529.982.247-25')).toBe('52998224725');
    expect(normalizeTrackingNumber('abc')).toBe('');
  });
  it('shows a CPF or CNPJ masked, a waybill as typed', () => {
    expect(displayTrackingNumber('52998224725')).toBe('529.982.247-25');
    expect(displayTrackingNumber('11222333000181')).toBe('11.222.333/0001-81');
    expect(displayTrackingNumber('12345678901')).toBe('12345678901');
  });
  it('stages are a sorted set of 1–4', () => {
    expect(normalizeStages([3, 1, 3, 5, '2'])).toEqual([1, 2, 3]);
    expect(toggleStage([1, 3], 2)).toEqual([1, 2, 3]);
    expect(toggleStage([1, 2, 3], 2)).toEqual([1, 3]);
  });
});

describe('reference lists', () => {
  it('16 localities and 27 states', () => {
    expect(LOCALITIES).toHaveLength(16);
    expect(new Set(STATE_CODES).size).toBe(27);
  });
  it('locality search ignores accents and case', () => {
    expect(filterLocalities('goiania')).toEqual(['Aparecida de Goiânia - GO', 'Goiânia - GO']);
    expect(filterLocalities('')).toHaveLength(16);
  });
});
