import { Box, chakra, CloseButton, IconButton, Separator, Text, VStack } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { mainNav, staffNav } from '../config/paths';
import { StaticIsland } from '../components/static-island';

const MENU_ID = 'menu-celular';

/** Whether this browser carries out `command`/`commandfor` itself (read only in handlers). */
const INVOKERS =
  typeof HTMLButtonElement !== 'undefined' && 'command' in HTMLButtonElement.prototype;

/**
 * Buttons that open and close the menu by themselves (HTML invoker commands): they work from the
 * moment the prerendered page is on screen, before any script has run, so an early tap is never
 * lost. The attributes are not in React's types yet, hence the spread.
 */
const invokes = (command: 'show-modal' | 'close') =>
  ({ commandfor: MENU_ID, command }) as Record<string, string>;

function MenuIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M3 6h18M3 12h18M3 18h18"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/*
 * The page shown is marked by the `aria-current` NavLink gives its link, in CSS: a change of page
 * draws no label of the menu again.
 */
const ACTIVE_LINK = {
  '& a[aria-current=page] > *': { fontWeight: 'bold', bg: 'brand.subtle', color: 'brand.fg' },
} as const;
const ACTIVE_STAFF_LINK = { '& > a[aria-current=page] > *': { fontWeight: 'bold' } } as const;

function MenuLink({ to, end, children }: { to: string; end?: boolean; children: ReactNode }) {
  return (
    <NavLink to={to} end={end}>
      <Box px="3" py="3" borderRadius="md">
        {children}
      </Box>
    </NavLink>
  );
}

/** Any navigation closes the menu (not the page going live: a menu opened before stays open). */
function CloseOnNavigation({ menu }: { menu: RefObject<HTMLDialogElement | null> }) {
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    menu.current?.close();
  }, [pathname, menu]);
  return null;
}

/**
 * The phone menu: a native modal dialog sliding from the right, already in the page's HTML, so its
 * first opening is as quick as any other (no code to fetch) and the browser gives it focus
 * trapping, Esc and a tap outside to close. Any navigation closes it.
 */
export function MobileNav() {
  const menu = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // aria-expanded follows the dialog itself, written on the button directly: kept in React state,
  // each open re-rendered the whole menu right as it appeared (some 40 ms of a slow phone's main
  // thread before the next frame). Its prop stays 'false', and React writes an attribute only when
  // its prop changes, so a later render never undoes what this sets.
  useEffect(() => {
    const dialog = menu.current;
    if (!dialog) return;
    // Opened before the page was live, the menu is already showing when this first runs.
    const sync = () => button.current?.setAttribute('aria-expanded', String(dialog.open));
    sync();
    dialog.addEventListener('toggle', sync);
    return () => dialog.removeEventListener('toggle', sync);
  }, []);

  return (
    <Box hideFrom="md">
      <CloseOnNavigation menu={menu} />
      {/* Chakra passes on only the attributes it knows: the invoker goes on a plain button. */}
      <IconButton
        asChild
        aria-label="Abrir menu"
        aria-haspopup="dialog"
        aria-expanded={false}
        variant="ghost"
        color="white"
        _hover={{ bg: 'brand.700' }}
      >
        <button
          type="button"
          ref={button}
          {...invokes('show-modal')}
          // Browsers without invoker commands open it from here once the page is live (where the
          // command works, it opens the menu itself: opening it twice logs a warning).
          onClick={() => {
            if (INVOKERS || menu.current?.open) return;
            menu.current?.showModal();
          }}
        >
          <MenuIcon />
        </button>
      </IconButton>
      <chakra.dialog
        asChild
        color="fg"
        bg="bg.panel"
        boxShadow="lg"
        css={{
          position: 'fixed',
          inset: '0 0 0 auto',
          margin: 0,
          padding: 0,
          border: 'none',
          width: 'min(20rem, 85vw)',
          maxWidth: '100vw',
          height: '100dvh',
          maxHeight: '100dvh',
          overscrollBehavior: 'contain',
          '&::backdrop': { background: 'rgba(0, 0, 0, 0.4)' },
        }}
      >
        <dialog
          id={MENU_ID}
          ref={menu}
          closedby="any"
          aria-labelledby={`${MENU_ID}-titulo`}
          // A link to the page already shown changes no address: close on any link's tap too.
          onClick={(e) => {
            if ((e.target as Element).closest('a')) menu.current?.close();
          }}
        >
          <Box position="relative" px="6" pt="6" pb="4">
            <Text id={`${MENU_ID}-titulo`} fontWeight="semibold" fontSize="lg">
              Menu
            </Text>
            <CloseButton size="sm" position="absolute" top="3" insetEnd="3" asChild>
              <button
                type="button"
                aria-label="Fechar menu"
                {...invokes('close')}
                onClick={() => menu.current?.close()}
              >
                <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
                  <path
                    d="M6 6l12 12M18 6L6 18"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            </CloseButton>
          </Box>
          <Box px="6" pb="6" css={ACTIVE_STAFF_LINK}>
            <VStack as="nav" aria-label="Menu" align="stretch" gap="1" css={ACTIVE_LINK}>
              <StaticIsland markCurrent>
                {mainNav.map((item) => (
                  <MenuLink key={item.to} to={item.to} end>
                    {item.label}
                  </MenuLink>
                ))}
              </StaticIsland>
            </VStack>
            <Separator my="2" />
            <NavLink to={staffNav.to}>
              <Box px="3" py="2" fontSize="sm" color="fg.muted">
                {staffNav.label}
              </Box>
            </NavLink>
          </Box>
        </dialog>
      </chakra.dialog>
    </Box>
  );
}
