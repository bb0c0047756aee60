/**
 * The romaneio: the sheet a driver signs as he leaves with the parcels, listing every stop he
 * carries in his own order, with what each parcel is, weighs and is declared to be worth.
 *
 * Which day it is for does not choose the rows: the date is what is written on the sheet (the day
 * he leaves). What he carries is his open stops, whatever their promise: a late parcel (promised
 * yesterday) is exactly one that must go today, and one promised for tomorrow that is loaded now
 * travels in his van all the same. A sheet that left either off would not be a receipt for what
 * he took. Nor does a shipment record the day it went out: the promise is all there is, and it is
 * shown on each row, not used as a filter.
 */
import { formatCents, formatDay, formatDecimal } from './format';
import { displayTrackingNumber, formatCep } from './masks';
import { addressLine, destinationOf } from './shipments';
import { stopsInOrder } from './stops';
import type { TrackingRow } from './tracking-changes';

/** What the sheet lists: one driver's open stops, or the shipments chosen on the office's list. */
export type ManifestChoice = { driver: string } | { ids: readonly string[] };

/** One row of the table, every value as printed. */
export interface ManifestLine {
  id: string;
  /** Its place on the sheet, 1 for the first stop. */
  place: number;
  /** The tracking number as the app shows it ('' while provisional: the server has not given it). */
  number: string;
  receiver: string;
  /** Whom to ask for at the door ('Quem deve receber'), or ''. */
  attention: string;
  /** 'Rua 7, 45 - apto 2 - Centro'. */
  address: string;
  /** 'Goiânia - GO'. */
  city: string;
  /** '74000-000'. */
  cep: string;
  contents: string;
  /** '1,50' (kg), or '—' when none was typed. */
  weight: string;
  /** 'R$ 1.234,56', or '—' when no value was declared. */
  declared: string;
  /** The promise, 'dd/mm/aaaa', or ''. */
  promised: string;
}

/** One printed romaneio: a driver's (or nobody's yet) stops and their totals. */
export interface ManifestSheet {
  /** The driver's account id, '' when the stops have none (the name is written by hand). */
  driver: string;
  lines: ManifestLine[];
  stops: number;
  /** '12,35 kg'. */
  totalWeight: string;
  /** 'R$ 1.234,56'. */
  totalDeclared: string;
}

/**
 * Kilograms with two decimals, three when a weight was typed to the gram (0,125 kg): a sheet that
 * rounds each row would not add up to its own total.
 */
export function manifestKg(kg: number): string {
  const grams = Math.round(kg * 1000);
  return formatDecimal(grams / 1000, grams % 10 === 0 ? 2 : 3);
}

function lineOf(row: TrackingRow, place: number): ManifestLine {
  const details = row.shipment ?? {};
  const text = (name: string) => String(details[name] ?? '').trim();
  const kg = Number(details.weightKg) || 0;
  const cents = Number(details.invoiceValueCents) || 0;
  return {
    id: row.id,
    place,
    number: row.number ? displayTrackingNumber(row.number) : '',
    receiver: text('recipientName'),
    attention: text('recipientReceiver'),
    address: addressLine(details, 'recipient'),
    city: destinationOf(details),
    cep: text('recipientZip') ? formatCep(text('recipientZip')) : '',
    contents: text('contents'),
    weight: kg ? manifestKg(kg) : '—',
    declared: cents ? formatCents(cents) : '—',
    promised: formatDay(text('promisedDate')),
  };
}

function sheetOf(driver: string, stops: readonly TrackingRow[]): ManifestSheet {
  // Summed in grams and cents: 0,1 + 0,2 kg is 0,30 on paper, never 0,30000000000000004.
  const grams = stops.reduce(
    (sum, r) => sum + Math.round((Number(r.shipment?.weightKg) || 0) * 1000),
    0,
  );
  const cents = stops.reduce(
    (sum, r) => sum + Math.round(Number(r.shipment?.invoiceValueCents) || 0),
    0,
  );
  return {
    driver,
    lines: stops.map((row, i) => lineOf(row, i + 1)),
    stops: stops.length,
    totalWeight: `${manifestKg(grams / 1000)} kg`,
    totalDeclared: formatCents(cents),
  };
}

/**
 * The sheets to print. For a driver: one sheet, his open stops (assigned to him, neither delivered,
 * nor waiting for the office's decision, nor returned) in his planned order, then the ones he has
 * not ordered, oldest first, as his phone lists them. For shipments chosen on the office's list:
 * those still open, one sheet per driver (each signs his own), in the order the choice first names
 * each driver, each sheet in that driver's order; one they all share gives one sheet. Stops with no
 * driver yet share a sheet whose name is left blank.
 */
export function manifestSheets(
  rows: readonly TrackingRow[],
  choice: ManifestChoice,
): ManifestSheet[] {
  if ('driver' in choice) {
    return [sheetOf(choice.driver, stopsInOrder(rows.filter((r) => r.driver === choice.driver)))];
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chosen = [...new Set(choice.ids)]
    .map((id) => byId.get(id))
    .filter((r): r is TrackingRow => r !== undefined);
  const drivers = [...new Set(chosen.map((r) => r.driver))];
  return drivers
    .map((driver) => sheetOf(driver, stopsInOrder(chosen.filter((r) => r.driver === driver))))
    .filter((sheet) => sheet.stops > 0);
}
