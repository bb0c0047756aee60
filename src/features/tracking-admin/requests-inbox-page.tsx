import { Stack } from '@chakra-ui/react';
import { PageTitle } from '../../components/page-title';
import { staffApi } from '../../lib/pocketbase';
import { useSession } from '../../lib/use-session';
import { RequestsInbox } from './requests-inbox';
import { StaffLinks } from './staff-links';
import { StaffSignIn } from './staff-sign-in';

/** Staff only: the requests inbox. The server refuses everything else, and so does this screen. */
export default function RequestsInboxPage() {
  const token = useSession(staffApi);
  return (
    <Stack gap="4">
      <PageTitle title="Solicitações" />
      <StaffLinks signedIn={Boolean(token)} />
      {token ? <RequestsInbox /> : <StaffSignIn />}
    </Stack>
  );
}
