import { createSystem, defaultBaseConfig, type SystemContext } from '@chakra-ui/react';
import { OFFERED_TOKENS } from './chakra-snapshot';
import { brand, themeSlice } from './theme-config';

let system: SystemContext | undefined;
/** The system while it is being made a step at a time. */
let making: Promise<SystemContext> | undefined;

const OFFERED = Symbol.for(OFFERED_TOKENS);

/** createSystem as a generator of its steps (built code only: src/app/chakra-snapshot.ts). */
type SystemSteps = (...configs: unknown[]) => Generator<void, SystemContext>;
const systemSteps = (createSystem as unknown as { steps?: SystemSteps }).steps;

/**
 * Chakra's system; with a snapshot of its token dictionary (built code only), not built again.
 * With `pause`, made a step at a time, awaiting `pause` between the steps.
 */
export function makeSystem(snapshot?: unknown): SystemContext;
export function makeSystem(snapshot: unknown, pause: () => Promise<void>): Promise<SystemContext>;
export function makeSystem(snapshot?: unknown, pause?: () => Promise<void>) {
  const slot = globalThis as { [OFFERED]?: unknown };
  const configs = [defaultBaseConfig, themeSlice, brand] as const;
  slot[OFFERED] = snapshot;
  if (!pause || !systemSteps) {
    try {
      const made = createSystem(...configs);
      return pause ? Promise.resolve(made) : made;
    } finally {
      delete slot[OFFERED];
    }
  }
  const steps = systemSteps(...configs);
  return (async () => {
    try {
      for (;;) {
        const step = steps.next();
        if (step.done) return step.value;
        // The snapshot stays offered across the pause: the dictionary is made in a later step.
        await pause();
      }
    } finally {
      delete slot[OFFERED];
    }
  })();
}

/**
 * Chakra's system (tokens, conditions, recipes), made on first use rather than when the module is
 * evaluated.
 */
export function appSystem(): SystemContext {
  system ??= makeSystem();
  return system;
}

/**
 * The same system made a step at a time, `pause` between the steps (src/main.tsx: a task each,
 * so a phone's main thread is never held for all of it at once). With the build's snapshot of the
 * token dictionary (src/main.tsx fetches it), the dictionary is adopted instead of computed again.
 */
export function appSystemInSteps(
  pause: () => Promise<void>,
  snapshot?: unknown,
): Promise<SystemContext> {
  if (system) return Promise.resolve(system);
  making ??= makeSystem(snapshot, pause).then((made) => (system = made));
  return making;
}

/**
 * The system for adopting a prerendered page. The page already carries the global CSS (reset,
 * tokens) in its <style data-emotion="ch-global …"> tags; ChakraProvider would
 * serialize all of it again (some 50 KB) and move those tags, which makes the browser recompute
 * the style of the whole page. Without them here, the tags stay as the HTML made them, and the
 * system never writes that CSS at all (src/app/chakra-snapshot.ts makes it wait until asked for).
 */
export function adoptingSystem(base: SystemContext): SystemContext {
  return Object.create(base, { _global: { value: [] } }) as SystemContext;
}
