import Dexie from 'dexie';
import { useEffect, useRef, useState } from 'react';

/**
 * A query over one table, run again at most every `ms` while that table changes (in this tab or
 * another). For counts over a long queue: an IndexedDB count walks its range, so recounting on
 * every write (as a live query does) made draining a queue of thousands grow quadratically.
 */
export function useThrottledQuery<T>(table: string, query: () => Promise<T>, initial: T, ms = 500) {
  const [value, setValue] = useState(initial);
  const latest = useRef(query);
  useEffect(() => {
    latest.current = query;
  });
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const run = async () => {
      timer = undefined;
      last = Date.now();
      const next = await latest.current();
      if (!stopped) setValue(next);
    };
    const onChange = (parts: Record<string, unknown>) => {
      if (timer || !Object.keys(parts).some((key) => key.includes(`/${table}/`))) return;
      timer = setTimeout(() => void run(), Math.max(0, last + ms - Date.now()));
    };
    void run();
    Dexie.on('storagemutated', onChange);
    return () => {
      stopped = true;
      clearTimeout(timer);
      Dexie.on('storagemutated').unsubscribe(onChange);
    };
  }, [table, ms]);
  return value;
}
