import { Stack } from '@chakra-ui/react';
import { PageTitle } from '../../components/page-title';
import { staffApi } from '../../lib/pocketbase';
import { useSession } from '../../lib/use-session';
import { StaffLinks } from './staff-links';
import { StaffSignIn } from './staff-sign-in';
import { TrackingManager } from './tracking-manager';

/** Courier staff only: the server refuses everything else, and so does this screen. */
export default function TrackingAdminPage() {
  const token = useSession(staffApi);
  return (
    <Stack gap="4">
      <PageTitle title="Gerenciar Status de Rastreamento" />
      <StaffLinks signedIn={Boolean(token)} />
      {token ? <TrackingManager /> : <StaffSignIn />}
    </Stack>
  );
}
