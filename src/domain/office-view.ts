/**
 * The office's view of its day, from the list kept on the device: the counts of 'Painel do dia',
 * the filters and the sort of the shipment list. Pure, so the panel, the list and the tests read
 * one definition of "late" or "delivered today"; fast enough for ten thousand rows on a phone
 * (one pass per count, no per-row allocation beyond the result).
 */
import { DELIVERED_STAGE, type TrackingStage } from './stages';
import { destinationOf, todayInBrazil } from './shipments';
import { normalizeTrackingNumber } from './text';
import { CHANGE_MESSAGES, type TrackingRow } from './tracking-changes';

/** What a count of the panel opens: the list filtered to it. */
export const SITUATIONS = [
  { key: 'a-atribuir', label: 'A atribuir' },
  { key: 'com-motoristas', label: 'Com motoristas' },
  { key: 'entregues-hoje', label: 'Entregues hoje' },
  { key: 'pendencias', label: 'Pendências' },
  { key: 'para-hoje', label: 'Para hoje' },
  { key: 'atrasadas', label: 'Atrasadas' },
] as const;
export type Situation = (typeof SITUATIONS)[number]['key'];

export const PROMISES = [
  { key: 'atrasadas', label: 'Atrasadas' },
  { key: 'hoje', label: 'Para hoje' },
  { key: 'amanha', label: 'Para amanhã' },
] as const;
export type PromiseFilter = (typeof PROMISES)[number]['key'];

/** '0': none ticked yet; otherwise the furthest stage reached. */
export type StageFilter = '0' | `${TrackingStage}`;

export interface OfficeFilters {
  situation?: Situation;
  /** A driver's account id, or 'nenhum' for shipments with no driver. */
  driver?: string;
  stage?: StageFilter;
  promise?: PromiseFilter;
  city?: string;
  /** Part of a number, of the receiver's name or of its CEP. */
  text?: string;
}

export const SORT_COLUMNS = [
  'number',
  'receiver',
  'city',
  'driver',
  'stage',
  'promise',
  'attempts',
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export interface Sort {
  column: SortColumn;
  descending: boolean;
}

/** The furthest stage ticked (0 for none). */
export function stageReached(row: TrackingRow): number {
  return row.stages.length ? Math.max(...row.stages) : 0;
}

const delivered = (row: TrackingRow) => row.stages.includes(DELIVERED_STAGE);
/** Still on its way: neither delivered nor returned to its sender. */
const underway = (row: TrackingRow) => !delivered(row) && !row.returnedAt;
const promiseOf = (row: TrackingRow) => String(row.shipment?.promisedDate ?? '').slice(0, 10);
/**
 * Days of the hours seen, by the time's first 13 characters ('2026-11-27 14'): time zones move on
 * the hour, so every time of one UTC hour has one Brasília day, and a day's list has a few dozen
 * hours where formatting each row's time was most of the panel's pass.
 */
const dayOfHour = new Map<string, string>();

/** The Brasília day of a stored time ('2026-11-27 14:02:00.000Z' or ISO 8601), or ''. */
export function dayOf(time: string): string {
  // A UTC hour prefix only for times that end in Z (an offset other than whole hours would not).
  const hour = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?Z$/.test(time) ? time.slice(0, 13) : '';
  const known = hour && dayOfHour.get(hour);
  if (known) return known;
  const at = time ? Date.parse(time.replace(' ', 'T')) : NaN;
  const day = Number.isNaN(at) ? '' : todayInBrazil(at);
  if (hour && day) {
    if (dayOfHour.size > 5000) dayOfHour.clear();
    dayOfHour.set(hour, day);
  }
  return day;
}

/** The day after `today` ('AAAA-MM-DD'). */
export function nextDay(today: string): string {
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** Whether the row's promise is late, due today or tomorrow (only for shipments underway). */
export function promiseState(
  row: TrackingRow,
  today: string,
  tomorrow = nextDay(today),
): PromiseFilter | null {
  const promised = promiseOf(row);
  if (!promised || !underway(row)) return null;
  if (promised < today) return 'atrasadas';
  if (promised === today) return 'hoje';
  return promised === tomorrow ? 'amanha' : null;
}

const inPendencies = (row: TrackingRow) => Boolean(row.pendingSince) && !row.returnedAt;

/**
 * Which of the panel's situations a row is in: one definition for the counts and the filters,
 * worked out in one look at the row (the panel asks all six for ten thousand rows).
 */
function situationsOf(
  row: TrackingRow,
  today: string,
  tomorrow: string,
): Record<Situation, boolean> {
  const isDelivered = delivered(row);
  const isUnderway = !isDelivered && !row.returnedAt;
  const pending = inPendencies(row);
  const promise = isUnderway ? promiseState(row, today, tomorrow) : null;
  return {
    'a-atribuir': Boolean(row.shipment) && isUnderway && !row.driver && !pending,
    'com-motoristas': Boolean(row.driver) && isUnderway && !pending,
    'entregues-hoje': isDelivered && dayOf(row.stageTimes[DELIVERED_STAGE] ?? '') === today,
    pendencias: pending,
    'para-hoje': promise === 'hoje',
    atrasadas: promise === 'atrasadas',
  };
}

/** A row's place in a day: its situations and its failed attempts that day. */
interface RowDay {
  today: string;
  within: Record<Situation, boolean>;
  failedToday: number;
}
const rowDays = new WeakMap<TrackingRow, RowDay>();

/**
 * A row's day, worked out once per row object and day (a row is never changed in place, see
 * below): while a queue drains, the panel is counted again for every batch the server answers,
 * and only the rows that batch changed are new objects to look at.
 */
function dayOfRow(row: TrackingRow, today: string, tomorrow: string): RowDay {
  let known = rowDays.get(row);
  if (known?.today !== today) {
    let failedToday = 0;
    for (const attempt of row.attempts) if (dayOf(attempt.at) === today) failedToday += 1;
    known = { today, within: situationsOf(row, today, tomorrow), failedToday };
    rowDays.set(row, known);
  }
  return known;
}

function inSituation(
  row: TrackingRow,
  situation: Situation,
  today: string,
  tomorrow = nextDay(today),
): boolean {
  return dayOfRow(row, today, tomorrow).within[situation];
}

/**
 * What a row is searched and grouped by, worked out once per row object and only when first
 * asked: a row kept on the device is never changed in place (a change makes a new object), so the
 * counts and each search keystroke read these instead of working them out again for ten thousand
 * rows (folding every name when the list opened was most of its first draw).
 */
const rowCities = new WeakMap<TrackingRow, string>();
const rowNames = new WeakMap<TrackingRow, string>();

/** The city a row goes to, as the list shows it ('Campinas - SP'), or ''. */
export function cityOf(row: TrackingRow): string {
  let city = rowCities.get(row);
  if (city === undefined) {
    city = row.shipment ? destinationOf(row.shipment) : '';
    rowCities.set(row, city);
  }
  return city;
}

/** The receiver's name as a search compares it (no accents, lower case). */
function foldedName(row: TrackingRow): string {
  let name = rowNames.get(row);
  if (name === undefined) {
    name = folded(String(row.shipment?.recipientName ?? ''));
    rowNames.set(row, name);
  }
  return name;
}

/**
 * Text without accents, in lower case. Plain `toLowerCase`: Portuguese has no casing of its own
 * (the locale-aware one was several times slower), and a name with no accent skips the rest.
 */
function folded(text: string): string {
  // eslint-disable-next-line no-control-regex
  const plain = /^[\x00-\x7f]*$/.test(text);
  return (plain ? text : text.normalize('NFD').replace(/[\u0300-\u036f]/g, '')).toLowerCase();
}

/** A test for one row: every filter given must hold. */
/**
 * A search as the list compares it: the text folded (a receiver's name holds it), and its digits
 * when it is typed as a number or a CEP is (digits, dots, dashes, spaces: a name's digits are not
 * one), which a number or a CEP holds; '' when there are none.
 */
function searchOf(filters: OfficeFilters): { text: string; digits: string } {
  const text = folded((filters.text ?? '').trim());
  return { text, digits: /^[\d\s./-]+$/.test(text) ? normalizeTrackingNumber(text) : '' };
}

export function rowFilter(filters: OfficeFilters, today: string): (row: TrackingRow) => boolean {
  const { text, digits } = searchOf(filters);
  const city = folded(filters.city ?? '');
  const tomorrow = nextDay(today);
  const sameCity = new Map<string, boolean>();
  return (row) => {
    if (filters.situation && !inSituation(row, filters.situation, today, tomorrow)) return false;
    if (
      filters.driver &&
      (filters.driver === 'nenhum' ? row.driver : row.driver !== filters.driver)
    )
      return false;
    if (filters.stage && String(stageReached(row)) !== filters.stage) return false;
    if (filters.promise && promiseState(row, today, tomorrow) !== filters.promise) return false;
    if (city) {
      // A few dozen cities among thousands of rows: each folded once.
      const of = cityOf(row);
      let same = sameCity.get(of);
      if (same === undefined) sameCity.set(of, (same = folded(of) === city));
      if (!same) return false;
    }
    if (text) {
      const zip = String(row.shipment?.recipientZip ?? '');
      const byDigits = digits.length > 0 && (row.number.includes(digits) || zip.includes(digits));
      if (!byDigits && !foldedName(row).includes(text)) return false;
    }
    return true;
  };
}

/**
 * Whether `after` can only let through rows `before` let through: the same filters, and a search
 * that only grew at its end ('12' then '123', 'ana' then 'ana s'). A name that holds the longer
 * text holds the shorter one, and so do a number's and a CEP's digits; so a list already
 * filtered by `before` may be filtered again instead of the whole list (each keystroke of a search
 * otherwise walks every shipment).
 */
export function searchNarrows(before: OfficeFilters, after: OfficeFilters): boolean {
  const others = ['situation', 'driver', 'stage', 'promise', 'city'] as const;
  if (others.some((name) => (before[name] ?? '') !== (after[name] ?? ''))) return false;
  const [was, now] = [searchOf(before), searchOf(after)];
  // '-' found names only; '-7' finds numbers and CEPs with a 7 too: not fewer rows.
  if (now.digits && !now.digits.includes(was.digits)) return false;
  if (now.digits && !was.digits && was.text) return false;
  return now.text.startsWith(was.text);
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** Sort a list by a column (ties keep the newest first); `driverName` turns an id into a name. */
export function sortRows<T extends TrackingRow>(
  rows: readonly T[],
  sort: Sort | null,
  driverName: (id: string) => string,
): T[] {
  const newest = [...rows].sort((a, b) =>
    a.created < b.created ? 1 : a.created > b.created ? -1 : 0,
  );
  if (!sort) return newest;
  const key = (row: T): string | number => {
    switch (sort.column) {
      case 'number':
        return row.number;
      case 'receiver':
        return String(row.shipment?.recipientName ?? '');
      case 'city':
        return cityOf(row);
      case 'driver':
        return row.driver ? driverName(row.driver) : '';
      case 'stage':
        return stageReached(row);
      case 'promise':
        return promiseOf(row);
      case 'attempts':
        return row.attempts.length;
    }
  };
  const keys = new Map(newest.map((row) => [row, key(row)]));
  const sign = sort.descending ? -1 : 1;
  return newest.sort((a, b) => {
    const x = keys.get(a)!;
    const y = keys.get(b)!;
    // Empty values (no driver, no promise) go last whichever the direction.
    if (x === '' && y !== '') return 1;
    if (y === '' && x !== '') return -1;
    return sign * (typeof x === 'number' ? x - (y as number) : collator.compare(x, String(y)));
  });
}

export interface DriverDay {
  driver: string;
  /** Stops still to make. */
  left: number;
  deliveredToday: number;
  failedToday: number;
}

export interface DayPanel {
  counts: Record<Situation, number>;
  /** One line per driver with work today, by stops left. */
  drivers: DriverDay[];
}

/** One row's share of the panel, added (1) or taken out (-1). */
function tally(
  counts: Record<Situation, number>,
  byDriver: Map<string, DriverDay>,
  row: TrackingRow,
  sign: 1 | -1,
  today: string,
  tomorrow: string,
): void {
  const { within, failedToday } = dayOfRow(row, today, tomorrow);
  for (const { key } of SITUATIONS) if (within[key]) counts[key] += sign;
  if (!row.driver) return;
  const left = within['com-motoristas'] ? sign : 0;
  const delivered = within['entregues-hoje'] ? sign : 0;
  if (!left && !delivered && !failedToday) return;
  let day = byDriver.get(row.driver);
  if (!day) {
    day = { driver: row.driver, left: 0, deliveredToday: 0, failedToday: 0 };
    byDriver.set(row.driver, day);
  }
  day.left += left;
  day.deliveredToday += delivered;
  day.failedToday += sign * failedToday;
}

/** The drivers with work today, by stops left (then by id, so that equal ones keep a place). */
const driversOf = (byDriver: Map<string, DriverDay>): DriverDay[] =>
  [...byDriver.values()]
    .filter((d) => d.left || d.deliveredToday || d.failedToday)
    .sort((a, b) => b.left - a.left || (a.driver < b.driver ? -1 : a.driver > b.driver ? 1 : 0));

/** The panel's counts over the whole list, in one pass. */
export function dayPanel(rows: readonly TrackingRow[], today: string): DayPanel {
  const counts = Object.fromEntries(SITUATIONS.map((s) => [s.key, 0])) as Record<Situation, number>;
  const byDriver = new Map<string, DriverDay>();
  const tomorrow = nextDay(today);
  for (const row of rows) tally(counts, byDriver, row, 1, today, tomorrow);
  return { counts, drivers: driversOf(byDriver) };
}

/**
 * The panel of the same day once some rows changed (each pair: the row before, the row after):
 * their old shares taken out and their new ones put in, instead of counting every row again. A
 * queue draining changes the list a few hundred rows at a time, and the office's list is ten
 * thousand.
 */
export function adjustDayPanel(
  panel: DayPanel,
  changed: readonly (readonly [TrackingRow, TrackingRow])[],
  today: string,
): DayPanel {
  const counts = { ...panel.counts };
  const byDriver = new Map(panel.drivers.map((d) => [d.driver, { ...d }]));
  const tomorrow = nextDay(today);
  for (const [before, after] of changed) {
    tally(counts, byDriver, before, -1, today, tomorrow);
    tally(counts, byDriver, after, 1, today, tomorrow);
  }
  return { counts, drivers: driversOf(byDriver) };
}

/** The cities the list goes to, for the city filter's choices. */
export function citiesOf(rows: readonly TrackingRow[]): string[] {
  const cities = new Set<string>();
  for (const row of rows) cities.add(cityOf(row));
  cities.delete('');
  return [...cities].sort(collator.compare);
}

/** Why a row was left out of an action on many, said as a count ('2 já entregues'). */
const LEFT_OUT: Record<string, [string, string]> = {
  [CHANGE_MESSAGES.assignDelivered]: ['já entregue', 'já entregues'],
  [CHANGE_MESSAGES.assignReturned]: ['devolvida', 'devolvidas'],
  [CHANGE_MESSAGES.assignPending]: ['em Pendências', 'em Pendências'],
  [CHANGE_MESSAGES.assignNotShipment]: ['sem dados de remessa', 'sem dados de remessa'],
};

/**
 * The outcome of an action on many, per shipment, in one line: '18 atribuídas; 2 já entregues,
 * não alteradas'. `done`: the verb for one and for many; `leftOut`: the reason of each row not
 * changed (a message of the rules, or a phrase of its own such as 'já estava nessa etapa').
 */
export function bulkOutcome(
  done: [string, string],
  changed: number,
  leftOut: readonly string[],
): string {
  const parts = [`${changed} ${changed === 1 ? done[0] : done[1]}`];
  const counts = new Map<string, number>();
  for (const reason of leftOut) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  for (const [reason, n] of counts) {
    const phrase = LEFT_OUT[reason] ?? [reason, reason];
    parts.push(
      `${n} ${n === 1 ? phrase[0] : phrase[1]}, não ${n === 1 ? 'alterada' : 'alteradas'}`,
    );
  }
  return parts.join('; ');
}
