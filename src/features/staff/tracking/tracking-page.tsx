import { StaffPage } from '../staff-page';
import { TrackingManager } from './tracking-manager';

/** Courier staff only: the server refuses everything else, and so does this screen. */
export default function TrackingAdminPage() {
  return (
    <StaffPage title="Gerenciar Status de Rastreamento">
      <TrackingManager />
    </StaffPage>
  );
}
