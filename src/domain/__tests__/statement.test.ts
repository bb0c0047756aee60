import { describe, expect, it } from 'vitest';
import { shipmentPrice } from '../pricing';
import {
  monthInBrazil,
  monthLabel,
  monthRange,
  recentMonths,
  statementLine,
  statementTotals,
  type StatementShipment,
} from '../statement';

describe("a shipment's price (what the server stores)", () => {
  const parcel = { lengthCm: 0, widthCm: 0, heightCm: 0, invoiceValueCents: 0 };
  it.each([
    // weight, sizes, declared value, service → rule, total, freight, insurance, kg charged
    [{ weightKg: 1 }, 'tabela', 6710, 6710, 0, 1],
    [{ weightKg: 1.01 }, 'tabela', 8380, 8380, 0, 1.01],
    [{ weightKg: 2, invoiceValueCents: 150000 }, 'tabela', 9880, 8380, 1500, 2],
    // Cubagem 50 × 40 × 30 / 6000 = 10 kg beats 2 kg.
    [{ weightKg: 2, lengthCm: 50, widthCm: 40, heightCm: 30 }, 'tabela', 20630, 20630, 0, 10],
    [{ weightKg: 30 }, 'tabela', 64710, 64710, 0, 30],
    [{ weightKg: 30.01 }, 'consulta', 0, 0, 0, 30.01],
    [{ weightKg: 1, service: 'Urgente' }, 'consulta', 0, 0, 0, 1],
    [{ weightKg: 1, service: '' }, 'consulta', 0, 0, 0, 1],
  ])('%j is %s: %i cents (%i + %i), %s kg', (input, rule, total, freight, insurance, kg) => {
    expect(shipmentPrice({ ...parcel, service: 'Expressa', ...input })).toEqual({
      priceRule: rule,
      priceCents: total,
      priceFreightCents: freight,
      priceInsuranceCents: insurance,
      priceChargeableKg: kg,
    });
  });
});

describe("the statement's months (Brasília: UTC−3 all year)", () => {
  it('starts and ends at midnight in Brasília', () => {
    expect(monthRange('2026-11')).toEqual({
      from: '2026-11-01 03:00:00.000Z',
      to: '2026-12-01 03:00:00.000Z',
    });
    expect(monthRange('2026-12')!.to).toBe('2027-01-01 03:00:00.000Z');
    expect(monthRange('2027-02')).toEqual({
      from: '2027-02-01 03:00:00.000Z',
      to: '2027-03-01 03:00:00.000Z',
    });
  });

  it.each(['', '2026-13', '2026-00', '2026-1', '26-11', '2026-11-01', 'x'])(
    '%j is no month',
    (month) => expect(monthRange(month)).toBeNull(),
  );

  it("is Brasília's month at the turn of a month in UTC", () => {
    // 1 December 01:00 UTC is still 30 November 22:00 in Brasília.
    expect(monthInBrazil(Date.parse('2026-12-01T01:00:00Z'))).toBe('2026-11');
    expect(monthInBrazil(Date.parse('2026-12-01T03:00:00Z'))).toBe('2026-12');
  });

  it('offers the current month and the ones before, across years', () => {
    expect(recentMonths('2026-02', 4)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
    expect(monthLabel('2026-03')).toBe('março de 2026');
  });
});

const row = (over: Partial<StatementShipment>): StatementShipment => ({
  number: '100000000019',
  registeredAt: '2026-11-03 12:00:00.000Z',
  requestNumber: 0,
  destination: 'Goiânia - GO',
  service: 'Expressa',
  weightKg: 0,
  priceRule: 'tabela',
  priceChargeableKg: 0,
  priceFreightCents: 0,
  priceInsuranceCents: 0,
  priceCents: 0,
  ...over,
});

describe("the statement's totals", () => {
  it('sums weights in grams and money in cents, leaving shipments with no table price out', () => {
    const shipments = [
      row({ weightKg: 0.1, priceChargeableKg: 0.1, priceFreightCents: 6710, priceCents: 6710 }),
      row({ weightKg: 0.2, priceChargeableKg: 0.2, priceFreightCents: 6710, priceCents: 6710 }),
      row({
        weightKg: 2.5,
        priceChargeableKg: 10,
        priceFreightCents: 20630,
        priceInsuranceCents: 1235,
        priceCents: 21865,
      }),
      row({ service: 'Urgente', weightKg: 3, priceChargeableKg: 3, priceRule: 'consulta' }),
      row({ weightKg: 1, priceRule: '' }),
    ];
    expect(statementTotals(shipments)).toEqual({
      count: 5,
      weightKg: 6.8, // not 6.800000000000001
      chargeableKg: 13.3,
      freightCents: 34050,
      insuranceCents: 1235,
      priceCents: 35285,
      unpriced: 2,
    });
  });

  it("prints each line as the client reads it, in Brasília's day", () => {
    expect(
      statementLine(
        row({
          // 02:30 UTC on the 1st is still 31 October in Brasília.
          registeredAt: '2026-11-01 02:30:00.000Z',
          requestNumber: 1042,
          weightKg: 2.5,
          priceChargeableKg: 10,
          priceFreightCents: 20630,
          priceInsuranceCents: 1235,
          priceCents: 21865,
        }),
      ),
    ).toEqual({
      number: '100000000019',
      day: '31/10/2026',
      request: 'nº 1042',
      destination: 'Goiânia - GO',
      service: 'Expressa',
      weight: '2,50',
      chargeable: '10,00',
      freight: 'R$ 206,30',
      insurance: 'R$ 12,35',
      price: 'R$ 218,65',
    });
    expect(statementLine(row({ priceRule: 'consulta' })).price).toBe('Sob consulta');
    expect(statementLine(row({ priceRule: '' })).price).toBe('—');
  });
});
