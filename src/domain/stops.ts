/**
 * A driver's stops and their order: which shipments are still to be delivered, the order the
 * driver works them in ('Subir', 'Descer', dragging, 'Ordenar por CEP'), and what a route change
 * the server applied leaves on the device's rows.
 */
import { DELIVERED_STAGE } from './stages';
import type { RouteChange, TrackingRow } from './tracking-changes';

/** A shipment still to be delivered: not delivered, not waiting for the office, not returned. */
export function isOpenStop(row: TrackingRow): boolean {
  return (
    Boolean(row.shipment) &&
    !row.stages.includes(DELIVERED_STAGE) &&
    !row.pendingSince &&
    !row.returnedAt
  );
}

/**
 * A driver's stops for the day: its shipments not yet delivered, in its planned order (those never
 * ordered after the rest, oldest first).
 */
export function stopsInOrder<T extends TrackingRow>(rows: readonly T[]): T[] {
  const place = (r: T) => (r.stopOrder > 0 ? r.stopOrder : Number.MAX_SAFE_INTEGER);
  return rows
    .filter(isOpenStop)
    .sort(
      (a, b) => place(a) - place(b) || (a.created < b.created ? -1 : a.created > b.created ? 1 : 0),
    );
}

/**
 * A first order for a driver's stops, by the addressee's CEP: CEPs are laid out by region (the
 * first digits a state and a region, the next a town and its districts), so stops with close CEPs
 * are near each other. A start for the driver to adjust, not a route: stops without a CEP go
 * last, in the order they had.
 */
export function orderByCep<T extends TrackingRow>(stops: readonly T[]): string[] {
  const cep = (r: T) => String(r.shipment?.recipientZip ?? '').replace(/\D/g, '');
  return stops
    .map((r, i) => ({ id: r.id, cep: cep(r), i }))
    .sort((a, b) => {
      if (!a.cep || !b.cep) return (a.cep ? 0 : 1) - (b.cep ? 0 : 1) || a.i - b.i;
      return a.cep < b.cep ? -1 : a.cep > b.cep ? 1 : a.i - b.i;
    })
    .map((s) => s.id);
}

/**
 * The stops' ids with one dragged to a place: `before` is the stop it is dropped in front of, or
 * null for the end of the route. The same order when the stop is unknown or dropped on itself.
 */
export function placeStop(ids: readonly string[], id: string, before: string | null): string[] {
  if (!ids.includes(id) || id === before) return [...ids];
  const rest = ids.filter((x) => x !== id);
  const at = before === null ? rest.length : rest.indexOf(before);
  if (at === -1) return [...ids];
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

/** The stops' ids with one moved up (-1) or down (+1); the same order when it cannot move. */
export function moveStop(ids: readonly string[], id: string, by: -1 | 1): string[] {
  const out = [...ids];
  const from = out.indexOf(id);
  const to = from + by;
  if (from === -1 || to < 0 || to >= out.length) return out;
  [out[from], out[to]] = [out[to]!, out[from]!];
  return out;
}

/**
 * The rows a route change the server applied leaves changed: each of the driver's listed stops
 * with its place in the order (as the server sets it: a stop taken from the driver meanwhile is
 * skipped). The server answers a route change with a count, not rows: written on the device in
 * the transaction that marks the change sent, the new order stays on the screen until the
 * realtime rows confirm it, instead of the old order showing (and taking a tap) in between.
 */
export function routeApplied<T extends TrackingRow>(
  rows: ReadonlyMap<string, T>,
  change: Pick<RouteChange, 'record' | 'order'>,
): T[] {
  const changed: T[] = [];
  change.order.forEach((id, i) => {
    const row = rows.get(id);
    if (!row || row.driver !== change.record || row.stopOrder === i + 1) return;
    changed.push({ ...row, stopOrder: i + 1 });
  });
  return changed;
}
