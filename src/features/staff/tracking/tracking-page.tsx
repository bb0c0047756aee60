import { StaffPage } from '../staff-page';
import { signedInAsDriver } from '../shipments/drivers';
import { DriverScreen } from '../driver/driver-screen';
import { OfficeScreen } from '../office/office-screen';

/** A driver's day (its stops) or the office's (its day, then every shipment). */
function StaffHome() {
  // Read when the screen mounts, which is once the person has signed in (before, it is the
  // sign-in): a page drawn signed out would otherwise keep the office's screen for a driver.
  return signedInAsDriver() ? <DriverScreen /> : <OfficeScreen />;
}

/** Courier staff only: the server refuses everything else, and so does this screen. */
export default function TrackingAdminPage() {
  return (
    <StaffPage title="Gerenciar Status de Rastreamento" driverTitle="Minhas entregas">
      <StaffHome />
    </StaffPage>
  );
}
