/**
 * The express price table and the rules around it: tiers are "up to and including", so a
 * fractional weight is charged at the next whole kilo; above 30 kg the price is 'Consultar'.
 * Weights are handled in hundredths of a kilo and money in cents, so tier boundaries
 * and the 1% insurance never suffer from floating-point noise.
 */
import { formatCents, formatDecimal } from './format';

/** Price in cents for each whole-kilo tier, index = tier (0..30). */
export const PRICE_TABLE_CENTS: readonly number[] = [
  0, 6710, 8380, 10050, 10950, 13220, 13980, 14850, 16520, 17440, 20630, 21500, 22950, 25270, 27590,
  29910, 32230, 34550, 36870, 39190, 41510, 43830, 46150, 48470, 50790, 53110, 55430, 57750, 60070,
  62390, 64710,
];

export const MAX_PRICED_KG = 30;
export const VOLUMETRIC_DIVISOR = 6000;
export const INSURANCE_RATE_PERCENT = 1;

/** Weight rounded to the 2 decimals the customer sees; everything is charged on that figure. */
function toHundredths(kg: number): number {
  if (!Number.isFinite(kg) || kg <= 0) return 0;
  return Math.round(kg * 100);
}

/** Volumetric ('cubagem') weight in kg: L × W × H (cm) ÷ 6000, rounded to 2 decimals. */
export function volumetricWeight(lengthCm: number, widthCm: number, heightCm: number): number {
  const dims = [lengthCm, widthCm, heightCm];
  if (dims.some((d) => !Number.isFinite(d) || d <= 0)) return 0;
  return toHundredths((lengthCm * widthCm * heightCm) / VOLUMETRIC_DIVISOR) / 100;
}

/** The larger of the actual and the volumetric weight, 2 decimals. */
export function chargeableWeight(actualKg: number, volumetricKg: number): number {
  return Math.max(toHundredths(actualKg), toHundredths(volumetricKg)) / 100;
}

/** Tier price in cents for a chargeable weight, or null ('Consultar') above 30 kg. Tiers are "up to and including". */
export function basePriceCents(chargeableKg: number): number | null {
  const hundredths = toHundredths(chargeableKg);
  if (hundredths > MAX_PRICED_KG * 100) return null;
  const tier = Math.ceil(hundredths / 100);
  return PRICE_TABLE_CENTS[tier] ?? null;
}

/** 1% of the declared invoice value, in cents, rounded half up to the cent. */
export function insuranceCents(invoiceCents: number): number {
  if (!Number.isFinite(invoiceCents) || invoiceCents <= 0) return 0;
  return Math.round((invoiceCents * INSURANCE_RATE_PERCENT) / 100);
}

export interface ParcelInput {
  weightKg: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  invoiceCents: number;
}

export interface Quote {
  actualKg: number;
  volumetricKg: number;
  chargeableKg: number;
  baseCents: number | null;
  insuranceCents: number;
  /** null means 'Consultar'. */
  totalCents: number | null;
}

export function quoteParcel(input: ParcelInput): Quote {
  const actualKg = toHundredths(input.weightKg) / 100;
  const volumetricKg = volumetricWeight(input.lengthCm, input.widthCm, input.heightCm);
  const chargeableKg = chargeableWeight(actualKg, volumetricKg);
  const baseCents = basePriceCents(chargeableKg);
  // Nothing to insure or charge until there is a parcel ('0,00' while both weights are 0).
  const insurance = chargeableKg > 0 ? insuranceCents(input.invoiceCents) : 0;
  return {
    actualKg,
    volumetricKg,
    chargeableKg,
    baseCents,
    insuranceCents: insurance,
    totalCents: baseCents === null ? null : baseCents + insurance,
  };
}

export const CONSULTAR = 'Consultar';

/**
 * How a shipment's price was set: 'tabela', from the price table above; 'consulta', quoted apart
 * (an 'Urgente' service, whose route is quoted to the client, or a parcel above 30 kg).
 */
export type PriceRule = 'tabela' | 'consulta';
export const PRICE_RULES: readonly PriceRule[] = ['tabela', 'consulta'];
/** What a shipment quoted apart shows where a price would be. */
export const BY_QUOTE = 'Sob consulta';

/** A shipment's price as the server stores it on the record when the shipment is made or edited. */
export interface ShipmentPrice {
  priceRule: PriceRule;
  /** Freight plus insurance; 0 when quoted apart. */
  priceCents: number;
  /** The table's tier for the chargeable weight; 0 when quoted apart. */
  priceFreightCents: number;
  /** 1% of the declared value; 0 when quoted apart. */
  priceInsuranceCents: number;
  /** The larger of the actual and the volumetric weight ('cubagem'), 2 decimals. */
  priceChargeableKg: number;
}

/** The fields a price is read from, as a shipment stores them (src/domain/shipments.ts). */
export interface PricedShipment {
  weightKg?: unknown;
  lengthCm?: unknown;
  widthCm?: unknown;
  heightCm?: unknown;
  invoiceValueCents?: unknown;
  service?: unknown;
}

/**
 * A shipment's price: the simulator's figures (weight, cubagem, 1% of the declared value) for an
 * 'Expressa' service up to 30 kg; anything else is quoted apart ('Sob consulta').
 */
export function shipmentPrice(shipment: PricedShipment): ShipmentPrice {
  const quote = quoteParcel({
    weightKg: Number(shipment.weightKg) || 0,
    lengthCm: Number(shipment.lengthCm) || 0,
    widthCm: Number(shipment.widthCm) || 0,
    heightCm: Number(shipment.heightCm) || 0,
    invoiceCents: Number(shipment.invoiceValueCents) || 0,
  });
  const priceChargeableKg = quote.chargeableKg;
  if (String(shipment.service ?? '') !== 'Expressa' || quote.totalCents === null) {
    return {
      priceRule: 'consulta',
      priceCents: 0,
      priceFreightCents: 0,
      priceInsuranceCents: 0,
      priceChargeableKg,
    };
  }
  return {
    priceRule: 'tabela',
    priceCents: quote.totalCents,
    priceFreightCents: quote.baseCents ?? 0,
    priceInsuranceCents: quote.insuranceCents,
    priceChargeableKg,
  };
}

/** The price a record carries (none for a number registered by hand, or made before prices). */
export function storedPriceOf(record: Record<string, unknown>): ShipmentPrice | undefined {
  const rule = String(record.priceRule ?? '');
  if (!(PRICE_RULES as readonly string[]).includes(rule)) return undefined;
  return {
    priceRule: rule as PriceRule,
    priceCents: Number(record.priceCents) || 0,
    priceFreightCents: Number(record.priceFreightCents) || 0,
    priceInsuranceCents: Number(record.priceInsuranceCents) || 0,
    priceChargeableKg: Number(record.priceChargeableKg) || 0,
  };
}

/** A price in one line, as the office reads it on a shipment. */
export function shipmentPriceText(price: ShipmentPrice): string {
  const kg = `peso cobrado ${formatDecimal(price.priceChargeableKg)} kg`;
  if (price.priceRule !== 'tabela') return `${BY_QUOTE} (${kg})`;
  const parts = [`frete ${formatCents(price.priceFreightCents)}`];
  if (price.priceInsuranceCents) parts.push(`seguro ${formatCents(price.priceInsuranceCents)}`);
  return `${formatCents(price.priceCents)} (${parts.join(' + ')}; ${kg})`;
}
