import { describe, expect, it } from 'vitest';
import {
  hasValidCheckDigit,
  isValidCpf,
  numberFromScan,
  shipmentNumberFrom,
  shipmentNumberProblem,
} from '..';

/** Eleven random digits, not starting with 0, as the server draws them. */
function randomBody(): string {
  let body = String(1 + Math.floor(Math.random() * 9));
  while (body.length < 11) body += String(Math.floor(Math.random() * 10));
  return body;
}

function issued(count: number): string[] {
  const out: string[] = [];
  while (out.length < count) {
    const number = shipmentNumberFrom(randomBody());
    if (number) out.push(number);
  }
  return out;
}

describe('shipment numbers', () => {
  it('end in the mod-11 digit of the first eleven, worked out by hand', () => {
    // 1×4 (the 11th weight from the right is 4) = 4; 11 - 4 = 7.
    expect(shipmentNumberFrom('10000000000')).toBe('100000000007');
    // 2×4 = 8; 11 - 8 = 3.
    expect(shipmentNumberFrom('20000000000')).toBe('200000000003');
    // 1×4 + 2×3 + 3×2 + 4×9 + 5×8 + 6×7 + 7×6 + 8×5 + 9×4 + 0×3 + 1×2 = 254 = 11×23 + 1: the
    // digit would be 10, so this body is never issued and the server draws again.
    expect(shipmentNumberFrom('12345678901')).toBeNull();
  });

  it('never start with 0 and are twelve digits, never a CPF', () => {
    expect(shipmentNumberFrom('01234567890')).toBeNull();
    for (const number of issued(200)) {
      expect(number).toMatch(/^[1-9]\d{11}$/);
      expect(isValidCpf(number)).toBe(false);
    }
  });

  it('catch every mistyped digit and every swap of two neighbours before the lookup', () => {
    for (const number of issued(50)) {
      expect(shipmentNumberProblem(number)).toBeNull();
      for (let i = 1; i < 12; i++) {
        for (let d = 0; d < 10; d++) {
          if (String(d) === number[i]) continue;
          const typo = number.slice(0, i) + d + number.slice(i + 1);
          expect(hasValidCheckDigit(typo), typo).toBe(false);
          expect(shipmentNumberProblem(typo)).toBe('Confira o número: o dígito final não confere');
        }
      }
      for (let i = 0; i < 11; i++) {
        if (number[i] === number[i + 1] || (i === 0 && number[1] === '0')) continue;
        const swapped = number.slice(0, i) + number[i + 1] + number[i] + number.slice(i + 2);
        expect(hasValidCheckDigit(swapped), swapped).toBe(false);
      }
    }
  });

  it('leave other numbers to the server: a CPF, a CNPJ, an older number typed by hand', () => {
    for (const other of ['52998224725', '11222333000181', '987654321', '0123456789012']) {
      expect(shipmentNumberProblem(other)).toBeNull();
    }
  });
});

describe('a scanned label', () => {
  it('gives its number from the Code 128 or from the QR code’s tracking link', () => {
    expect(numberFromScan('123456789012')).toBe('123456789012');
    expect(numberFromScan(' 123456789012\n')).toBe('123456789012');
    expect(numberFromScan('https://rotaveloz.example/rastrear?numero=123456789012')).toBe(
      '123456789012',
    );
    expect(numberFromScan('https://x.example/outra?numero=1')).toBeNull();
    expect(numberFromScan('https://x.example/rastrear?numero=12a')).toBeNull();
    expect(numberFromScan('BR123456789XX')).toBeNull();
  });
});
