import { memo, useEffect, useState } from 'react';
import { SHIPMENT_MESSAGES, type ShownRow } from '../../../domain';
import { deliveredText, undoDeadline } from '../../../domain/driver-stops';
import { look, RowNumber, sameRow } from '../tracking/row-parts';
import { actorName } from '../tracking/use-tracking';

/** Whether the phone's clock is still before `deadline` (ms); drawn again once it passes. */
function useBefore(deadline: number): boolean {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (now >= deadline) return;
    const timer = setTimeout(() => setNow(Date.now()), deadline - now);
    return () => clearTimeout(timer);
  }, [now, deadline]);
  return now < deadline;
}

/**
 * A stop delivered today, collapsed under the route: its number, whom it went to, when and who
 * received it. For ten seconds after the driver recorded it, 'Desfazer' takes the delivery back
 * (a tap on the wrong stop, the wrong parcel): the stop returns to its place in the route.
 */
export const DeliveredItem = memo(DeliveredItemView, sameRow);

function DeliveredItemView({ row, undo }: { row: ShownRow; undo: (row: ShownRow) => void }) {
  const undoable = useBefore(undoDeadline(row, actorName()));
  const who = String(row.shipment?.recipientName ?? '');
  return (
    <li aria-label={`Rastreio ${row.number || SHIPMENT_MESSAGES.provisional}`} data-done="">
      <div className="ti-head">
        <div>
          <RowNumber row={row} />
          {who && <p className="ti-small">Para {who}</p>}
          <p className="ti-small ti-done" data-testid="entregue">
            <span aria-hidden="true">✓ </span>
            {deliveredText(row)}
          </p>
        </div>
        {undoable && (
          <button
            type="button"
            {...look('outline', 'brand')}
            onClick={() => undo(row)}
            aria-label={`Desfazer entrega: ${who || row.number}`}
          >
            Desfazer
          </button>
        )}
      </div>
    </li>
  );
}
