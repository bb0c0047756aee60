import { useEffect, useState } from 'react';
import { company as config } from '../../../config/company';
import { FIRST_COMPANY_ID } from '../../../domain/companies';
import type { FixedPickupPlace } from '../../../domain/submission-mails';
import { staffApi } from '../../../lib/pocketbase';

/** Where 'Clientes' keeps the office's last list of companies on the device. */
export const KEPT_COMPANIES = 'rv_office_companies';

type Site = FixedPickupPlace & { id: string };

function kept(): Site[] {
  try {
    return (JSON.parse(localStorage.getItem(KEPT_COMPANIES) ?? 'null') as Site[] | null) ?? [];
  } catch {
    return [];
  }
}

/**
 * The fixed pickup site of a request's company, as the office reads a pickup (its e-mail, the
 * shipment made from it): from the list kept on the device, brought up to date when online. A
 * request from before there were many companies, or a company the device has not seen yet, is
 * read with the configuration's company, the only one there was.
 */
export function useCompanySite(companyId: unknown): { site: FixedPickupPlace; pending: boolean } {
  const id = typeof companyId === 'string' && companyId ? companyId : FIRST_COMPANY_ID;
  const find = (list: Site[]) => list.find((c) => c.id === id);
  const [site, setSite] = useState<FixedPickupPlace | undefined>(() => find(kept()));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (site) return;
    let gone = false;
    staffApi
      .collection('companies')
      .getOne<Site>(id, { fields: 'id,name,taxId,stateRegistration,street,town', requestKey: null })
      .then(
        (found) => {
          if (!gone) setSite(found);
        },
        () => {
          if (!gone) setFailed(true); // no signal: the configuration's company, as before
        },
      );
    return () => {
      gone = true;
    };
  }, [id, site]);
  return { site: site ?? config.client, pending: !site && !failed };
}
