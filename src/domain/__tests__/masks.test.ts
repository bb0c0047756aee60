import IMask from 'imask';
import { describe, expect, it } from 'vitest';
import {
  CEP_MASK,
  CNPJ_MASK,
  CPF_MASK,
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
  PHONE_MASK,
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
});

describe('formatting agrees with the mask library', () => {
  // Whole values are written straight into the pattern, partial ones go through the mask: for
  // random values and every prefix of them, the result is what imask itself writes.
  // Park-Miller's generator: exact in doubles, every character of an alphabet as likely.
  let seed = 20261126;
  const random = (alphabet: string, length: number) => {
    let out = '';
    for (let i = 0; i < length; i++) {
      seed = (seed * 48271) % 2147483647;
      out += alphabet[Math.floor((seed / 2147483647) * alphabet.length)];
    }
    return out;
  };
  const prefixes = (value: string) =>
    Array.from({ length: value.length + 1 }, (_, i) => value.slice(0, i));
  const viaImask = (value: string, mask: object) =>
    IMask.pipe(value, mask as Parameters<typeof IMask.pipe>[1]);
  const DIGITS = '0123456789';
  const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

  it('CPF, phone and CEP', () => {
    for (let run = 0; run < 40; run++) {
      for (const raw of prefixes(random(DIGITS, 12))) {
        expect(formatCpf(raw)).toBe(viaImask(raw.slice(0, 11), CPF_MASK));
        expect(formatPhone(raw)).toBe(viaImask(raw.slice(0, 11), PHONE_MASK));
        expect(formatCep(raw)).toBe(viaImask(raw.slice(0, 8), CEP_MASK));
      }
    }
    expect(formatCep('0131')).toBe('0131');
    expect(formatPhone('1134567890')).toBe('(11) 3456-7890');
  });

  it('CNPJ, numeric and alphanumeric, with letters where the check digits go too', () => {
    for (let run = 0; run < 40; run++) {
      const raw = run % 4 === 0 ? random(ALNUM, 15) : random(ALNUM, 12) + random(DIGITS, 3);
      for (const prefix of prefixes(raw)) {
        expect(formatCnpj(prefix)).toBe(viaImask(prefix.slice(0, 14), CNPJ_MASK));
      }
    }
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
