/**
 * The 'Extrato': a client company's shipments of one month (Brasília's calendar), each with the
 * price the server stored when it was made, and the month's totals, as the screen and the A4 sheet
 * show them (the spreadsheet is statement-csv.ts). Sums are worked in grams and cents, so a total never shows floating-point noise.
 */
import { formatCents, formatDateTimeBrasilia, formatDecimal } from './format';
import { displayTrackingNumber } from './masks';
import { BY_QUOTE, type PriceRule } from './pricing';

/** A month as the route and the address take it: 'AAAA-MM'. */
export const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** How many months back the picker offers (the current one included). */
export const STATEMENT_MONTHS = 24;

const MONTH_NAMES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** Brasília is UTC−3 all year (no daylight saving since 2019); also read by the server's JS. */
const BRASILIA_OFFSET_MS = 3 * 60 * 60_000;

/** The month it is in Brasília at `now`: 'AAAA-MM'. */
export function monthInBrazil(now: number = Date.now()): string {
  return new Date(now - BRASILIA_OFFSET_MS).toISOString().slice(0, 7);
}

/**
 * A Brasília month as stored times ('2026-11-01 03:00:00.000Z'): from its first midnight, up to
 * (not including) the next month's. Null for anything but 'AAAA-MM'.
 */
export function monthRange(month: string): { from: string; to: string } | null {
  const m = MONTH.exec(month);
  if (!m) return null;
  const year = Number(m[1]);
  const index = Number(m[2]) - 1;
  const stored = (ms: number) => new Date(ms + BRASILIA_OFFSET_MS).toISOString().replace('T', ' ');
  return {
    from: stored(Date.UTC(year, index, 1)),
    to: stored(Date.UTC(year, index + 1, 1)),
  };
}

/** 'novembro de 2026'. */
export function monthLabel(month: string): string {
  const m = MONTH.exec(month);
  return m ? `${MONTH_NAMES[Number(m[2]) - 1]} de ${m[1]}` : month;
}

/** The months the picker offers, newest first: `current` and the ones before it. */
export function recentMonths(current: string, count = STATEMENT_MONTHS): string[] {
  const m = MONTH.exec(current);
  if (!m) return [];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1 - i, 1));
    out.push(date.toISOString().slice(0, 7));
  }
  return out;
}

/** One shipment of the month, as the route answers it. */
export interface StatementShipment {
  number: string;
  /** When the office made it (stored time, UTC): the day it is counted in. */
  registeredAt: string;
  /** The pickup request's number it came from, or 0. */
  requestNumber: number;
  /** 'Goiânia - GO'. */
  destination: string;
  service: string;
  weightKg: number;
  /** '' for a shipment made before prices were stored. */
  priceRule: PriceRule | '';
  priceChargeableKg: number;
  priceFreightCents: number;
  priceInsuranceCents: number;
  priceCents: number;
}

/** The route's answer: the month, the company it is for, its shipments oldest first. */
export interface Statement {
  month: string;
  company: { name: string; taxId: string };
  shipments: StatementShipment[];
}

export interface StatementTotals {
  count: number;
  weightKg: number;
  chargeableKg: number;
  freightCents: number;
  insuranceCents: number;
  priceCents: number;
  /** Shipments with no table price ('Sob consulta', or none stored): not in the money totals. */
  unpriced: number;
}

const grams = (kg: number) => Math.round((Number(kg) || 0) * 1000);

export function statementTotals(shipments: readonly StatementShipment[]): StatementTotals {
  let weight = 0;
  let chargeable = 0;
  const totals = {
    count: shipments.length,
    freightCents: 0,
    insuranceCents: 0,
    priceCents: 0,
    unpriced: 0,
  };
  for (const s of shipments) {
    weight += grams(s.weightKg);
    chargeable += grams(s.priceChargeableKg);
    if (s.priceRule !== 'tabela') {
      totals.unpriced++;
      continue;
    }
    totals.freightCents += s.priceFreightCents;
    totals.insuranceCents += s.priceInsuranceCents;
    totals.priceCents += s.priceCents;
  }
  return { ...totals, weightKg: weight / 1000, chargeableKg: chargeable / 1000 };
}

/** One shipment as the screen and the sheet print it. */
export interface StatementLine {
  number: string;
  /** 'dd/mm/aaaa' in Brasília. */
  day: string;
  request: string;
  destination: string;
  service: string;
  weight: string;
  chargeable: string;
  freight: string;
  insurance: string;
  /** 'R$ 123,45', 'Sob consulta', or '—' when no price was stored. */
  price: string;
}

const kg = (value: number) => (value > 0 ? formatDecimal(value) : '—');
const NO_PRICE = '—';

export function statementLine(s: StatementShipment): StatementLine {
  const priced = s.priceRule === 'tabela';
  return {
    number: displayTrackingNumber(s.number),
    day: formatDateTimeBrasilia(s.registeredAt).slice(0, 10),
    request: s.requestNumber ? `nº ${s.requestNumber}` : '—',
    destination: s.destination || '—',
    service: s.service || '—',
    weight: kg(s.weightKg),
    chargeable: kg(s.priceChargeableKg),
    freight: priced ? formatCents(s.priceFreightCents) : NO_PRICE,
    insurance: priced ? formatCents(s.priceInsuranceCents) : NO_PRICE,
    price: priced ? formatCents(s.priceCents) : s.priceRule === 'consulta' ? BY_QUOTE : NO_PRICE,
  };
}

/** 'extrato-2026-11.csv'. */
export const statementFileName = (month: string) => `extrato-${month}.csv`;

export const STATEMENT_MESSAGES = {
  month: 'Escolha um mês válido (AAAA-MM).',
  offline: 'Sem conexão: o extrato é carregado do servidor. Tente de novo quando o sinal voltar.',
  empty: 'Nenhuma remessa neste mês.',
  unpriced: (n: number) =>
    n === 1
      ? '1 remessa sem preço de tabela (sob consulta) fica fora dos valores totais.'
      : `${n} remessas sem preço de tabela (sob consulta) ficam fora dos valores totais.`,
} as const;
