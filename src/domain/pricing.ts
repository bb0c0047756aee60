/**
 * The express price table and the rules around it: tiers are "up to and including", so a
 * fractional weight is charged at the next whole kilo; above 30 kg the price is 'Consultar'.
 * Weights are handled in hundredths of a kilo and money in cents, so tier boundaries
 * and the 1% insurance never suffer from floating-point noise.
 */

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
