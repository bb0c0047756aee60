import {
  useContext,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { UNSAFE_NavigationContext, useLocation } from 'react-router-dom';

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
 * Where a click on a router link inside the island should take the app, or null when the
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
 * `aria-current="page"` on the island's router links to the page shown, as NavLink (`end`) does,
 * for the links of a menu kept as the build wrote it. Its own component: a change of page redraws
 * nothing but this.
 */
function MarkCurrentLinks({ island }: { island: RefObject<HTMLDivElement | null> }) {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    for (const link of island.current?.querySelectorAll('a[data-discover]') ?? []) {
      if (new URL((link as HTMLAnchorElement).href).pathname === pathname)
        link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
  }, [island, pathname]);
  return null;
}

/**
 * Markup that never changes once built (a footer, a page's headings and paragraphs). The build
 * renders its children as usual; the browser, adopting the prerendered page, keeps that HTML as
 * it is and never runs the children's components: no Chakra styles resolved, no effects, none
 * of the adoption's slices spent on them. A fresh render (a page reached by a link) draws the
 * children as any component does.
 *
 * Inside one, nothing is live: no state, no handlers. Router links still open their page in the
 * app, through one click handler on the island, and with `markCurrent` the link to the page shown
 * gets `aria-current="page"` as a NavLink's would (exact address). The wrapper is
 * `display: contents`: the layout is the children's.
 */
export function StaticIsland({
  children,
  markCurrent = false,
}: {
  children: ReactNode;
  markCurrent?: boolean;
}) {
  const id = useId();
  const element = useRef<HTMLDivElement>(null);
  const adopting = useAdopting();
  // The router's navigator, not `useNavigate()`: that hook reads the address, so every island
  // would be drawn again on each change of page. The targets are whole paths of this site.
  const { navigator } = useContext(UNSAFE_NavigationContext);
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
    // As a router link does: the page shown again replaces its entry in the history.
    const here = location.pathname + location.search + location.hash;
    if (to === here) navigator.replace(to);
    else navigator.push(to);
  };
  const marker = markCurrent && <MarkCurrentLinks island={element} />;
  if (built === undefined)
    return (
      <>
        <div data-island={id} ref={element} style={CONTENTS}>
          {children}
        </div>
        {marker}
      </>
    );
  // React does not adopt (nor check) the children of an element given its inner HTML: the
  // built markup stays untouched.
  return (
    // The island only passes on the clicks its links receive (a link answers Enter with a click).
    <>
      <div
        data-island={id}
        ref={element}
        style={CONTENTS}
        onClick={follow}
        dangerouslySetInnerHTML={{ __html: built }}
      />
      {marker}
    </>
  );
}
