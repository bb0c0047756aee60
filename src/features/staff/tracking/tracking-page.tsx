import { StaffPage } from '../staff-page';
import { TrackingManager } from './tracking-manager';

/** Courier staff only: the server refuses everything else, and so does this screen. */
export default function TrackingAdminPage() {
  return (
    // A driver's home: its stops for the day.
    <StaffPage title="Gerenciar Status de Rastreamento" driverTitle="Minhas entregas">
      <TrackingManager />
    </StaffPage>
  );
}
