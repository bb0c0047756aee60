import { useId, useState, useSyncExternalStore, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

const never = () => () => {};

/** True on the server and while React adopts the prerendered page; false for a fresh render. */
function useAdopting(): boolean {
  return useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
}

/**
 * Where a click on a router link inside `container` should take the app, or null when the
 * browser should follow it itself (another site, a new tab, a modifier key, a plain link).
 * Router links carry `data-discover` (react-router writes it on every <Link>).
 */
function routerLinkTarget(event: MouseEvent<HTMLElement>): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const anchor = (event.target as Element).closest?.('a[href][data-discover]');
  if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href);
  if (url.origin !== location.origin) return null;
  return url.pathname + url.search + url.hash;
}

const CONTENTS = { display: 'contents' } as const;

/**
 * Markup that never changes once built (a footer, a page's headings and paragraphs). The build
 * renders its children as usual; the browser, adopting the prerendered page, keeps that HTML as
 * it is and never runs the children's components: no Chakra styles resolved, no effects, none
 * of the adoption's slices spent on them. A fresh render (a page reached by a link) draws the
 * children as any component does.
 *
 * Inside one, nothing is live: no state, no handlers, no NavLink (its `aria-current` would not
 * follow the address). Router links still open their page in the app, through one click
 * handler on the island. The wrapper is `display: contents`: the layout is the children's.
 */
export function StaticIsland({ children }: { children: ReactNode }) {
  const id = useId();
  const adopting = useAdopting();
  const navigate = useNavigate();
  // Read once, as the page is adopted: the HTML the build wrote for this island.
  const [built] = useState(() =>
    adopting && typeof document !== 'undefined'
      ? document.querySelector(`[data-island="${CSS.escape(id)}"]`)?.innerHTML
      : undefined,
  );
  const follow = (event: MouseEvent<HTMLElement>) => {
    const to = routerLinkTarget(event);
    if (to === null) return;
    event.preventDefault();
    void navigate(to);
  };
  if (built === undefined)
    return (
      <div data-island={id} style={CONTENTS}>
        {children}
      </div>
    );
  // React does not adopt (nor check) the children of an element given its inner HTML: the
  // built markup stays untouched.
  return (
    // The island only passes on the clicks its links receive (a link answers Enter with a click).
    <div
      data-island={id}
      style={CONTENTS}
      onClick={follow}
      dangerouslySetInnerHTML={{ __html: built }}
    />
  );
}
