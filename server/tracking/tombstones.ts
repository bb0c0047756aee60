// Tombstones: what a phone that was offline learns was deleted, or taken from its driver.
import { stored } from '../core/config';

/**
 * A deletion leaves a tombstone (in the same transaction), for phones that were offline; so does a
 * shipment taken from a driver (`unassigned`), for that driver's phone only.
 */
export function leaveTombstone(app: core.App, record: core.Record, unassignedFrom?: string): void {
  const row = new Record(app.findCollectionByNameOrId('tracking_deletions'));
  row.set('record', record.id);
  row.set('number', record.getString('number'));
  row.set('driver', unassignedFrom ?? record.getString('driver'));
  row.set('unassigned', Boolean(unassignedFrom));
  app.save(row);
}

/** Tombstones older than 90 days go (a phone away that long downloads the whole list again). */
export function dropOldTombstones(app: core.App): void {
  app
    .db()
    .newQuery('DELETE FROM tracking_deletions WHERE created < {:cutoff}')
    .bind({ cutoff: stored(Date.now() - 90 * 24 * 60 * 60 * 1000) })
    .execute();
}
