import { useSearchParams } from 'react-router-dom';
import { StaffPage } from '../staff-page';
import { ShipmentForm } from './shipment-form';

/** 'Nova remessa' (blank or from a request) and 'Editar remessa': office staff. */
export default function ShipmentPage() {
  const [params] = useSearchParams();
  return (
    <StaffPage title={params.get('editar') ? 'Editar remessa' : 'Nova remessa'}>
      <ShipmentForm />
    </StaffPage>
  );
}
