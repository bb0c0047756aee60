import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageTitle } from '../../components/page-title';
import { staffApi } from '../../lib/pocketbase';
import { useSession } from '../../hooks/use-session';
import { useHydrated } from '../../hooks/use-hydrated';
import { Loading } from '../../components/loading';
import { StaffLinks } from './staff-links';
import { StaffSignIn } from './staff-sign-in';
import { signedInAsDriver } from './shipments/drivers';
import { useReservedNumbers } from './shipments/numbers';

/**
 * A staff screen: its title, the staff menu, and the screen itself once signed in (else the
 * sign-in). `driverTitle`: what the screen is called on a driver's phone, once signed in.
 */
export function StaffPage({
  title,
  driverTitle,
  children,
}: {
  title: string;
  driverTitle?: string;
  children: ReactNode;
}) {
  const token = useSession(staffApi);
  // The session lives on the device: until the page is the browser's own, neither the sign-in
  // nor the screen (the prerendered page shows 'Carregando...').
  const hydrated = useHydrated();
  const driver = hydrated && Boolean(token) && signedInAsDriver();
  useReservedNumbers(hydrated && Boolean(token) && !driver);
  return (
    <Stack gap="4">
      <PageTitle title={driver && driverTitle ? driverTitle : title} />
      <StaffLinks signedIn={Boolean(token)} />
      {!hydrated ? <Loading /> : token ? children : <StaffSignIn />}
    </Stack>
  );
}
