import { lazy, useState, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { STAFF_AUTH_KEY } from '../config/auth-keys';
import { paths } from '../config/paths';
import { NotFound } from './error-screens';
import { Layout } from './layout';

// One chunk per route: a visitor on a weak signal downloads only the page they open.
const HomePage = lazy(() => import('../features/home/home-page'));
const ServicesPage = lazy(() => import('../features/services/services-page'));
const LocalitiesPage = lazy(() => import('../features/localities/localities-page'));
const PrivacyPage = lazy(() => import('../features/privacy/privacy-page'));
const QuotePage = lazy(() => import('../features/quote/quote-page'));
const UrgentPage = lazy(() => import('../features/urgent/urgent-page'));
const TrackingLookupPage = lazy(() => import('../features/tracking-lookup/tracking-lookup-page'));
// The sign-in and the request form behind it: one component (see client-area.tsx).
const ClientArea = lazy(() => import('../features/client-area/client-area'));
const MyRequestsPage = lazy(() => import('../features/client-area/my-requests-page'));
const PickupImportPage = lazy(() => import('../features/client-area/pickup-import-page'));
const AddressesPage = lazy(() => import('../features/client-area/addresses-page'));
const PeoplePage = lazy(() => import('../features/client-area/people-page'));
const ApiKeysPage = lazy(() => import('../features/client-area/api-keys-page'));
const WebhooksPage = lazy(() => import('../features/client-area/webhooks-page'));
const DeliveryProofPage = lazy(() => import('../features/client-area/delivery-proof-page'));
const StatementPage = lazy(() => import('../features/client-area/statement-page'));
const InvitePage = lazy(() => import('../features/client-area/invite-page'));
const ReceiverPage = lazy(() => import('../features/receiver/receiver-page'));
/** A screen whose code, once loaded ahead, is drawn at once, without suspending a first time. */
function preloadable(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | undefined;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadAndKeep);
  function Screen() {
    // Chosen once for the screen's life: switching from the lazy wrapper to the loaded component
    // later would mount the screen again and lose what was typed in it.
    const [Chosen] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Chosen />;
  }
  return { Screen, load: loadAndKeep };
}
// The staff's screens draw from the device, not from a prerendered page: their chunk is fetched
// as the app starts (preloadForDevice), not after the app's first render asks for it.
const staffScreens = {
  [paths.trackingAdmin]: preloadable(() => import('../features/staff/tracking/tracking-page')),
  [paths.requestsInbox]: preloadable(() => import('../features/staff/requests/requests-page')),
  [paths.newShipment]: preloadable(() => import('../features/staff/shipments/shipment-page')),
  [paths.labels]: preloadable(() => import('../features/staff/labels/labels-page')),
  [paths.manifest]: preloadable(() => import('../features/staff/manifest/manifest-page')),
  [paths.officeClients]: preloadable(() => import('../features/staff/clients/clients-page')),
} as const;
const TrackingAdminPage = staffScreens[paths.trackingAdmin].Screen;
const RequestsInboxPage = staffScreens[paths.requestsInbox].Screen;
const ShipmentPage = staffScreens[paths.newShipment].Screen;
const LabelsPage = staffScreens[paths.labels].Screen;
const ManifestPage = staffScreens[paths.manifest].Screen;
const ClientsPage = staffScreens[paths.officeClients].Screen;

/**
 * Start loading the chunk of a staff screen before it is opened. The list's rows are read from the
 * device too, so the screen is drawn once, with them.
 */
function preloadRoute(pathname: string) {
  const path = pathname.replace(/\/$/, '') as keyof typeof staffScreens;
  void staffScreens[path]?.load().catch(() => undefined);
  if (path === paths.trackingAdmin) {
    void import('../features/staff/tracking/kept-list')
      .then(({ prepareOpening }) => prepareOpening())
      .catch(() => undefined);
  }
}

/** A staff session kept on this device. */
const staffOnDevice = () => {
  try {
    return Boolean(localStorage.getItem(STAFF_AUTH_KEY));
  } catch {
    return false;
  }
};

/**
 * As the app starts: the screen opened directly (a driver's installed app opens on its list) and,
 * on a driver's or office worker's phone, the staff list from any page, whose code and rows are
 * then ready when 'Área da equipe' is tapped, even the moment the page is live.
 */
export function preloadForDevice(pathname: string) {
  preloadRoute(pathname);
  if (staffOnDevice()) preloadRoute(paths.trackingAdmin);
}

/**
 * Every route of the site, for the browser and for the pages prerendered at build time. Plain
 * routes, not React Router's data router: nothing here loads data through the router, and its
 * machinery was 16 KB (gzip) of the first load of /. A route that fails shows the error inside the
 * layout (see RouteErrorBoundary in layout.tsx).
 */
const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.services, element: <ServicesPage /> },
      { path: paths.localities, element: <LocalitiesPage /> },
      { path: paths.privacy, element: <PrivacyPage /> },
      { path: paths.quote, element: <QuotePage /> },
      { path: paths.urgent, element: <UrgentPage /> },
      { path: paths.tracking, element: <TrackingLookupPage /> },
      { path: paths.access, element: <ClientArea /> },
      { path: paths.pickupRequest, element: <ClientArea form /> },
      { path: paths.myRequests, element: <MyRequestsPage /> },
      { path: paths.pickupImport, element: <PickupImportPage /> },
      { path: paths.clientPeople, element: <PeoplePage /> },
      { path: paths.apiKeys, element: <ApiKeysPage /> },
      { path: paths.clientWebhooks, element: <WebhooksPage /> },
      { path: paths.clientAddresses, element: <AddressesPage /> },
      { path: paths.deliveryProof, element: <DeliveryProofPage /> },
      { path: paths.statement, element: <StatementPage /> },
      { path: paths.invite, element: <InvitePage /> },
      { path: paths.receiver, element: <ReceiverPage /> },
      { path: paths.trackingAdmin, element: <TrackingAdminPage /> },
      { path: paths.requestsInbox, element: <RequestsInboxPage /> },
      { path: paths.newShipment, element: <ShipmentPage /> },
      { path: paths.labels, element: <LabelsPage /> },
      { path: paths.manifest, element: <ManifestPage /> },
      { path: paths.officeClients, element: <ClientsPage /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
