import { describe, expect, it } from 'vitest';
import {
  basePriceCents,
  chargeableWeight,
  formatCents,
  formatKg,
  insuranceCents,
  quoteParcel,
  volumetricWeight,
} from '..';

describe('price tiers are "up to and including", fractions go to the next kilo', () => {
  it.each([
    [0, 0],
    [0.01, 6710],
    [1, 6710],
    [1.01, 8380],
    [2, 8380],
    [10, 20630],
    [11, 21500],
    [12, 22950],
    [12.5, 25270],
    [13, 25270],
    [14, 27590],
    [29.99, 64710],
    [30, 64710],
  ])('%s kg costs %s cents', (kg, cents) => {
    expect(basePriceCents(kg)).toBe(cents);
  });

  it.each([30.01, 31, 100])('%s kg is "Consultar" (null)', (kg) => {
    expect(basePriceCents(kg)).toBeNull();
  });

  it('adds R$ 23,20 per kilo from 13 to 30 kg', () => {
    for (let kg = 13; kg < 30; kg++) {
      expect(basePriceCents(kg + 1)! - basePriceCents(kg)!).toBe(2320);
    }
    expect(basePriceCents(12)! - basePriceCents(11)!).toBe(1450);
  });
});

describe('weights', () => {
  it('volumetric weight is L×W×H/6000 with 2 decimals', () => {
    expect(volumetricWeight(30, 20, 10)).toBe(1);
    expect(volumetricWeight(50, 40, 30)).toBe(10);
    expect(volumetricWeight(10, 10, 10)).toBe(0.17); // 0,1666…
    expect(volumetricWeight(0, 40, 30)).toBe(0);
    expect(volumetricWeight(Number.NaN, 40, 30)).toBe(0);
  });

  it('cubagem beats actual weight when larger, and not otherwise', () => {
    expect(chargeableWeight(2, volumetricWeight(50, 40, 30))).toBe(10);
    expect(chargeableWeight(12.5, volumetricWeight(30, 20, 10))).toBe(12.5);
    const q = quoteParcel({
      weightKg: 3,
      lengthCm: 60,
      widthCm: 50,
      heightCm: 40,
      invoiceCents: 0,
    });
    expect(q.volumetricKg).toBe(20);
    expect(q.chargeableKg).toBe(20);
    expect(q.totalCents).toBe(41510);
  });

  it('no weight at all costs nothing', () => {
    const q = quoteParcel({ weightKg: 0, lengthCm: 0, widthCm: 0, heightCm: 0, invoiceCents: 0 });
    expect(q.totalCents).toBe(0);
    expect(formatCents(q.totalCents!)).toBe('R$ 0,00');
  });
});

describe('insurance is 1% of the invoice value, rounded half up to the cent', () => {
  it.each([
    [0, 0],
    [-500, 0],
    [10000, 100],
    [15050, 151], // 1,505 -> 1,51
    [15049, 150],
    [123456, 1235], // 12,3456 -> 12,35
    [1, 0],
    [50, 1],
  ])('%s cents insure for %s cents', (invoice, fee) => {
    expect(insuranceCents(invoice)).toBe(fee);
  });

  it('is added to the total, and the total is "Consultar" above 30 kg', () => {
    const q = quoteParcel({
      weightKg: 1.01,
      lengthCm: 0,
      widthCm: 0,
      heightCm: 0,
      invoiceCents: 100000,
    });
    expect(q.totalCents).toBe(8380 + 1000);
    const heavy = quoteParcel({
      weightKg: 30.01,
      lengthCm: 0,
      widthCm: 0,
      heightCm: 0,
      invoiceCents: 100000,
    });
    expect(heavy.totalCents).toBeNull();
  });
});

describe('Brazilian formats', () => {
  it.each([
    [0, 'R$ 0,00'],
    [5, 'R$ 0,05'],
    [123456, 'R$ 1.234,56'],
    [64710, 'R$ 647,10'],
    [123456789, 'R$ 1.234.567,89'],
  ])('%s cents is %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('kilos with two decimals and comma', () => {
    expect(formatKg(0)).toBe('0,00 kg');
    expect(formatKg(12.5)).toBe('12,50 kg');
    expect(formatKg(1234.567)).toBe('1.234,57 kg');
  });
});
