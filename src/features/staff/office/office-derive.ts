/**
 * What the office's screen works out from its whole list (the day's counts, the cities, the
 * decisions waiting, the newest-first order), once per list and warmed while the page is idle.
 */
import { awaitsDecision, pendingShipments, todayInBrazil, type ShownRow } from '../../../domain';
import {
  adjustDayPanel,
  citiesOf,
  cityOf,
  dayPanel,
  rowFilter,
  searchNarrows,
  sortRows,
  type OfficeFilters,
} from '../../../domain/office-view';
import { followKeptList, openingList } from '../tracking/kept-list';
import { signedInAsDriver } from '../shipments/drivers';

/** What the screen works out from a whole list: kept per list, a new array when a row changes. */
interface Derived {
  today: string;
  panel: ReturnType<typeof dayPanel>;
  cities: string[];
  pending: ShownRow[];
  /** Newest first: the list's order with no sort chosen, and what a filter walks. */
  newest: ShownRow[];
}
const derived = new WeakMap<readonly ShownRow[], Derived>();
/** The list worked out last, and what it gave: the next list is usually it with a few rows changed. */
let last: { all: readonly ShownRow[]; made: Derived } | undefined;

export function derive(all: readonly ShownRow[], today: string): Derived {
  const known = derived.get(all);
  if (known?.today === today) return known;
  const made = (last && changedFrom(last.all, last.made, all, today)) ?? whole(all, today);
  derived.set(all, made);
  last = { all, made };
  return made;
}

function whole(all: readonly ShownRow[], today: string): Derived {
  return {
    today,
    panel: dayPanel(all, today),
    cities: citiesOf(all),
    pending: pendingShipments(all),
    newest: sortRows(all, null, () => ''),
  };
}

/**
 * What a list works out to from the one before it, when it is that list with some rows changed in
 * place (a row kept on the device is never changed in place: a change is a new object, at the same
 * position): only the changed rows are looked at, and the order is kept without sorting ten
 * thousand rows again. Undefined when rows came, went or moved, or a third of them changed.
 */
function changedFrom(
  before: readonly ShownRow[],
  was: Derived,
  all: readonly ShownRow[],
  today: string,
): Derived | undefined {
  if (was.today !== today || before.length !== all.length) return undefined;
  const changed: [ShownRow, ShownRow][] = [];
  for (let i = 0; i < all.length; i++) {
    const [old, now] = [before[i]!, all[i]!];
    if (old === now) continue;
    if (old.id !== now.id || old.created !== now.created) return undefined;
    changed.push([old, now]);
    if (changed.length * 3 > all.length) return undefined;
  }
  const swapped = new Map(changed);
  const sameCities = changed.every(([old, now]) => cityOf(old) === cityOf(now));
  const samePending = changed.every(([old, now]) => !awaitsDecision(old) && !awaitsDecision(now));
  return {
    today,
    panel: adjustDayPanel(was.panel, changed, today),
    cities: sameCities ? was.cities : citiesOf(all),
    pending: samePending ? was.pending : pendingShipments(all),
    newest: was.newest.map((row) => swapped.get(row) ?? row),
  };
}

/** Per newest-first list: the filters it was last filtered by, and what they found. */
const lastFound = new WeakMap<
  readonly ShownRow[],
  { filters: OfficeFilters; today: string; found: ShownRow[] }
>();

/**
 * The rows of `newest` these filters let through, in its order. A search that only grew since the
 * last call filters the rows that call found, not the whole list (`searchNarrows`): typing a
 * number walks ten thousand shipments for its first digit, then a few hundred.
 */
export function filterRows(
  newest: readonly ShownRow[],
  filters: OfficeFilters,
  today: string,
): ShownRow[] {
  const before = lastFound.get(newest);
  const from =
    before && before.today === today && searchNarrows(before.filters, filters)
      ? before.found
      : newest;
  const found = from.filter(rowFilter(filters, today));
  lastFound.set(newest, { filters, today, found });
  return found;
}

/**
 * Work out the office's panel and order for the list the screen opens on while the page is idle:
 * a staff device loads this code and reads its list as the app starts, whatever page it is on, so
 * 'Rastreamentos' then opens in one draw (over ten thousand shipments these were most of it).
 */
function warmOffice() {
  let asked = false;
  followKeptList(() => {
    if (asked || signedInAsDriver()) return;
    asked = true;
    const whenIdle =
      window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    whenIdle(() => {
      asked = false;
      const list = openingList(false);
      if (list) derive(list.rows, todayInBrazil());
    });
  });
}
if (typeof window !== 'undefined') warmOffice();
