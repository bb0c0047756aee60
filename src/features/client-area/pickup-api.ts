import { API_PATHS } from '../../config/api-paths';
import { useLiveQuery } from 'dexie-react-hooks';
import { SUBMISSION_KINDS } from '../../domain/submissions';
import { useEffect, useState } from 'react';
import { db } from '../../lib/db';
import { clientApi } from '../../lib/pocketbase';

const LAST_KNOWN = 'rv_next_request_number';
const FIRST_REQUEST_NUMBER = SUBMISSION_KINDS.pickup.firstNumber!;

/**
 * The number the next request will get. Online it comes from the server; offline it is the last
 * number the server gave plus what waits in the outbox, marked provisional.
 */
export function useNextRequestNumber(refreshKey: number) {
  const [fromServer, setFromServer] = useState<number | null>(null);
  const waiting = useLiveQuery(
    () =>
      db.outbox
        .where('kind')
        .equals('pickup')
        .and((i) => i.state !== 'sent')
        .count(),
    [],
    0,
  );

  useEffect(() => {
    let cancelled = false;
    clientApi
      .send<{ next: number }>(API_PATHS.nextPickupNumber, {
        method: 'GET',
        requestKey: null,
      })
      .then(({ next }) => {
        localStorage.setItem(LAST_KNOWN, String(next));
        if (!cancelled) setFromServer(next);
      })
      .catch(() => {
        if (!cancelled) setFromServer(null);
      });
    return () => {
      cancelled = true;
    };
  }, [refreshKey]);

  if (fromServer !== null && waiting === 0) return { number: fromServer, provisional: false };
  const known = Number(localStorage.getItem(LAST_KNOWN)) || FIRST_REQUEST_NUMBER;
  return { number: Math.max(known, fromServer ?? 0) + waiting, provisional: true };
}
