// What every save of a tracking record does, whoever makes it (the staff route, the admin
// dashboard, a migration): stage times stamped, followers counted and told, deletions remembered.
import { followersOf, recordDeleted, stagesChanged } from './follows';
import { stampAuthors, stampStages } from './stamps';
import { leaveTombstone } from './tombstones';
import { tellRequest } from './shipments';

/** Stages are a sorted set; each set stage keeps the time it was reached. */
export function trackingCreated(e: core.RecordEvent): void {
  const record = e.record!;
  stampStages(record);
  // People may have asked to follow the number before it was registered.
  record.set('followers', followersOf(e.app, record.getString('number')));
  e.next();
}

/** A new stage also tells the number's followers ('Avise-me'), in the same transaction. */
export function trackingUpdated(e: core.RecordEvent): void {
  const record = e.record!;
  stampStages(record);
  stagesChanged(e.app, record);
  e.next();
  tellRequest(e.app, record);
}

/** A superuser's edit in the admin dashboard: who marked each stage. */
export function trackingUpdateRequested(e: core.RecordRequestEvent): void {
  stampAuthors(e, false);
  e.next();
}

/** A deletion leaves a tombstone (in the same transaction), for phones that were offline. */
export function trackingDeleted(e: core.RecordEvent): void {
  e.next();
  const record = e.record!;
  leaveTombstone(e.app, record);
  recordDeleted(e.app, record.getString('number'));
}
