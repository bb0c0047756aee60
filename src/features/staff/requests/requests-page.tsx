import { RequestsInbox } from './requests-inbox';
import { StaffPage } from '../staff-page';

/** Staff only: the requests inbox. The server refuses everything else, and so does this screen. */
export default function RequestsInboxPage() {
  return (
    <StaffPage title="Solicitações">
      <RequestsInbox />
    </StaffPage>
  );
}
