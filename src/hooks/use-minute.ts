import { useEffect, useState } from 'react';

/**
 * Draws the component again each minute while it is on screen, for text that says how long ago
 * something was ('atualizada há 5 minutos'): a part drawn only when its own content changes would
 * otherwise keep saying 'agora mesmo' for as long as the screen stays open with no signal.
 */
export function useMinute(): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((n) => n + 1), 60_000);
    return () => window.clearInterval(timer);
  }, []);
}
