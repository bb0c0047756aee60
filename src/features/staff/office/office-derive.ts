/**
 * What the office's screen works out from its whole list (the day's counts, the cities, the
 * decisions waiting, the newest-first order), once per list and warmed while the page is idle.
 */
import { pendingShipments, todayInBrazil, type ShownRow } from '../../../domain';
import { citiesOf, dayPanel, sortRows } from '../../../domain/office-view';
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
export function derive(all: readonly ShownRow[], today: string): Derived {
  const known = derived.get(all);
  if (known?.today === today) return known;
  const made: Derived = {
    today,
    panel: dayPanel(all, today),
    cities: citiesOf(all),
    pending: pendingShipments(all),
    newest: sortRows(all, null, () => ''),
  };
  derived.set(all, made);
  return made;
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
