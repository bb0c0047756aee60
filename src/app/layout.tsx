import { Box, Container, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { lazy, memo, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import {
  Link as RouterLink,
  NavLink,
  Outlet,
  useLocation,
  useNavigationType,
} from 'react-router-dom';
import { company } from '../config/company';
import { accountNav, mainNav, paths, staffNav } from '../config/paths';
import { Loading } from '../components/loading';
import { Logo } from '../components/logo';
import { StaticIsland } from '../components/static-island';
import { UntilLive } from '../components/until-live';
import { useIdle, useQuiet } from '../hooks/use-hydrated';
import { whenDeviceHoldsData } from '../lib/device-data';
import { nextTask } from '../lib/idle';
import { InstallButton, InstallOffer, OfflineBanner, UpdatePrompt } from '../components/pwa';
import { RouteErrorBoundary } from './error-screens';
import { MobileNav } from './mobile-nav';

// The outbox (Dexie, the PocketBase client) loads after the page: it is not needed to paint it.
// Dexie (the device's database) is evaluated in a task of its own before the badge's code, which
// would otherwise evaluate both in one long task as the page goes live.
// A badge whose code cannot be loaded (a deployment replaced it while offline) is left out rather
// than taking the page down; the outbox itself runs from src/app/background.ts.
const OutboxBadge = lazy(() =>
  import('dexie')
    .then(nextTask)
    .then(() => import('../features/outbox-panel/outbox-badge'))
    .catch((error: unknown) => {
      console.error(error);
      return { default: () => null };
    }),
);

/*
 * The link of the page shown is bold: styled by the `aria-current` that NavLink gives it, not by
 * drawing the link's label again on each change of page (the labels are drawn once).
 */
const ACTIVE_BOLD = { '& a[aria-current=page] > *': { fontWeight: 'bold' } } as const;

function DesktopNav() {
  return (
    // From 768 px the six links share the bar with the logo: a smaller type and gap until 1024 px
    // keep them on one line.
    <HStack
      as="nav"
      aria-label="Navegação principal"
      gap={{ md: '4', lg: '6' }}
      hideBelow="md"
      css={ACTIVE_BOLD}
    >
      <StaticIsland markCurrent>
        {[...mainNav, accountNav].map((item) => (
          <NavLink key={item.to} to={item.to} end>
            <Text
              as="span"
              fontSize={{ md: 'sm', lg: 'md' }}
              whiteSpace="nowrap"
              color="white"
              _hover={{ textDecoration: 'underline' }}
            >
              {item.label}
            </Text>
          </NavLink>
        ))}
      </StaticIsland>
    </HStack>
  );
}

/**
 * The badge counts what waits on this device: it starts once the page is live and the browser has
 * a quiet moment, and on a device with no database yet once the database exists. Its own
 * component, so that moment re-renders only this, not the header.
 */
function IdleOutboxBadge() {
  const idle = useIdle();
  const [holdsData, setHoldsData] = useState(false);
  useEffect(() => (idle ? whenDeviceHoldsData(() => setHoldsData(true)) : undefined), [idle]);
  return idle && holdsData ? (
    <Suspense fallback={null}>
      <OutboxBadge />
    </Suspense>
  ) : null;
}

// Header and footer are drawn once (nothing above them reads the address): a change of page draws
// only the page, never every styled box around it.
const Header = memo(function Header() {
  return (
    <Box as="header" bg="brand.600" color="white">
      <Container maxW="6xl">
        <Flex h="16" align="center" justify="space-between" gap="4">
          <RouterLink to={paths.home} aria-label={`${company.shortName}: início`}>
            <HStack gap="2">
              <Logo width="10" height="10" />
              <Text fontWeight="bold" fontSize="lg">
                {company.shortName}
              </Text>
            </HStack>
          </RouterLink>
          <HStack gap="2">
            <IdleOutboxBadge />
            <DesktopNav />
            <MobileNav />
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
});

const Footer = memo(function Footer() {
  return (
    <Box as="footer" bg="gray.900" color="gray.100" mt="16" py="8">
      <Container maxW="6xl">
        <Stack
          direction={{ base: 'column', md: 'row' }}
          justify="space-between"
          gap="4"
          fontSize="sm"
        >
          <StaticIsland>
            <Text fontWeight="bold">{company.name}</Text>
            <Stack gap="1">
              <Text>
                Telefone:{' '}
                <Link href={company.phoneHref} color="inherit">
                  {company.phone}
                </Link>
              </Text>
              <Text>
                E-mail:{' '}
                <Link href={`mailto:${company.email}`} color="inherit">
                  {company.email}
                </Link>
              </Text>
              <Link
                href={company.whatsappHref}
                target="_blank"
                rel="noopener noreferrer"
                color="inherit"
              >
                Fale pelo WhatsApp
              </Link>
            </Stack>
          </StaticIsland>
          <Stack gap="2" align={{ base: 'flex-start', md: 'flex-end' }}>
            <StaticIsland>
              <Link asChild color="inherit">
                <RouterLink to={paths.privacy}>Privacidade</RouterLink>
              </Link>
              {/* The phone menu keeps to the five public pages: the corporate client's way in on
                  a phone is here. */}
              <Link asChild color="inherit" hideFrom="md">
                <RouterLink to={accountNav.to}>{accountNav.label}</RouterLink>
              </Link>
              <Link asChild color="gray.300" fontSize="sm">
                <RouterLink to={paths.trackingAdmin}>{staffNav.label}</RouterLink>
              </Link>
            </StaticIsland>
            <InstallButton />
            <StaticIsland>
              <Text color="gray.400" fontSize="xs">
                Versão {__APP_BUILD__}
              </Text>
            </StaticIsland>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
});

/**
 * The service worker is registered (and updates looked for) once the page is live and quiet: its
 * install downloads every file of the app, and on a phone's few cores it slowed the page's late
 * work (lazy parts, the toaster) when it started at the first idle moment.
 */
function UpdateWhenQuiet() {
  return useQuiet() ? <UpdatePrompt /> : null;
}

/**
 * A page opened by a link or after a form starts at its top (the list after 'Salvar remessa' opened
 * scrolled to its end); back and forward keep the place the browser restores.
 */
function StartAtTop({ pathname }: { pathname: string }) {
  const how = useNavigationType();
  useLayoutEffect(() => {
    if (how !== 'POP') window.scrollTo(0, 0);
  }, [pathname, how]);
  return null;
}

/**
 * The page of the address: the only part of the layout that follows it. Header, menu, footer and
 * the boxes around the page are drawn once, so a tap on a link draws the new page and nothing else.
 */
function RoutedPage() {
  const { pathname } = useLocation();
  return (
    <>
      <StartAtTop pathname={pathname} />
      {/* A route that fails shows the error here: header, menu and footer stay. */}
      <RouteErrorBoundary pathname={pathname}>
        <Suspense fallback={<Loading />}>
          {/* Inside the boundary: it goes live with the page's own chunk, not before. */}
          <UntilLive>
            <Outlet />
          </UntilLive>
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}

export function Layout() {
  return (
    <Flex direction="column" minH="100dvh">
      <Header />
      <OfflineBanner />
      {/* At least a screen tall: the footer never jumps up and back while a route loads (CLS). */}
      <Box as="main" flex="1" minH="100dvh">
        <Container maxW="6xl" py={{ base: '6', md: '10' }}>
          <RoutedPage />
        </Container>
      </Box>
      <Footer />
      <UpdateWhenQuiet />
      <InstallOffer />
    </Flex>
  );
}
