import { newChangeTime, type ShownRow } from '../../../domain';
import { undoDeliveryChange } from '../../../domain/driver-stops';
import { db } from '../../../lib/db';
import { discardItem, type PhotoPayload } from '../../../offline';
import { change } from '../tracking/use-tracking';

/**
 * 'Desfazer' on a delivery just recorded: stage 4 cleared through the list's one write path (kept
 * on the phone, sent in order, the later action winning on the server), so it works with no
 * signal. The delivery's photo and signature, if they still wait on the phone, are put away
 * first: the server takes them only on a delivered shipment, so they would wait for ever.
 */
export async function undoDelivery(row: ShownRow): Promise<boolean> {
  const photos = await db.outbox
    .where('kind')
    .equals('trackingPhoto')
    .and((i) => {
      const photo = i.payload as unknown as PhotoPayload;
      return (
        i.state !== 'sent' &&
        photo.record === row.id &&
        (photo.target === 'entrega' || photo.target === 'assinatura')
      );
    })
    .primaryKeys();
  for (const id of photos) await discardItem(String(id));
  return change(undoDeliveryChange(row, newChangeTime()), 'Entrega desfeita');
}
