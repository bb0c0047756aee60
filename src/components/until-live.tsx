import { chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useHydrated } from '../hooks/use-hydrated';

/**
 * The page's controls wait until the page is live: typed into before React adopts the prerendered
 * HTML, a field would show text the form never sees, and a submit would reload the page with the
 * fields in the address. They keep their look (no grey flash); a tap simply waits a moment.
 * Put inside a Suspense boundary, it goes live with that boundary's code, not before.
 */
export function UntilLive({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <chakra.fieldset
      disabled={!hydrated}
      display="contents"
      css={{ '&:disabled :disabled': { opacity: 1, cursor: 'progress' } }}
    >
      {children}
    </chakra.fieldset>
  );
}
