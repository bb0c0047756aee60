import { startTransition, useEffect, useState } from 'react';

/**
 * False for the screen's first paint, true right after: a list opens with its first rows and
 * draws the others once that is painted (a phone shows two or three stops at once).
 */
export function useAllDrawn(loaded: boolean): boolean {
  const [allDrawn, setAllDrawn] = useState(false);
  useEffect(() => {
    if (allDrawn || !loaded) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setAllDrawn(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [allDrawn, loaded]);
  return allDrawn;
}
