/**
 * What the price simulator priced goes along to the quote form: its places, type, weight,
 * measures and invoice, carried in the form's address ('/cotacao?origem=…&peso=…'), so the link
 * works offline, from a shared message, and from the prerendered page alike.
 */
import { LOCALITIES } from './localities';
import { PARCEL_TYPE_OPTIONS } from './parcel-types';

/** The quote form's field → its name in the address (Portuguese: people see and share it). */
export const QUOTE_DRAFT_PARAMS = {
  pickupLocation: 'origem',
  deliveryLocation: 'destino',
  parcelType: 'tipo',
  weight: 'peso',
  width: 'largura',
  length: 'comprimento',
  height: 'altura',
  invoiceNumber: 'nf',
  invoiceValue: 'valor',
} as const;
export type QuoteDraftField = keyof typeof QUOTE_DRAFT_PARAMS;
export type QuoteDraft = Partial<Record<QuoteDraftField, string>>;

/** Longest value taken from an address: a figure or an invoice number, never a paragraph. */
const MAX = 20;

/** The query of the quote form's address for what was typed in the simulator ('' when nothing). */
export function quoteDraftQuery(draft: QuoteDraft): string {
  const query = new URLSearchParams();
  for (const [field, param] of Object.entries(QUOTE_DRAFT_PARAMS)) {
    const value = (draft[field as QuoteDraftField] ?? '').trim();
    if (value) query.set(param, value);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * The quote form's values from its address: only places of the list, a known type and short
 * values (anything else is left out, so a link cannot put arbitrary text in the form).
 */
export function quoteDraftFrom(params: { get(name: string): string | null }): QuoteDraft {
  const draft: QuoteDraft = {};
  for (const [field, param] of Object.entries(QUOTE_DRAFT_PARAMS) as [QuoteDraftField, string][]) {
    const value = (params.get(param) ?? '').trim();
    if (!value || value.length > MAX * 2) continue;
    if (field === 'pickupLocation' || field === 'deliveryLocation') {
      if ((LOCALITIES as readonly string[]).includes(value)) draft[field] = value;
    } else if (field === 'parcelType') {
      if (PARCEL_TYPE_OPTIONS.some((o) => o.value === value)) draft[field] = value;
    } else if (value.length <= MAX) {
      draft[field] = value;
    }
  }
  return draft;
}
