import { useEffect, useState } from 'react';
import { company as config } from '../../config/company';
import type { ClientKind } from '../../domain/companies';
import type { FixedPickupPlace } from '../../domain/submission-mails';
import { clientApi } from '../../lib/pocketbase';

const KEY = 'rv_client_company';

/** The signed-in client account, as its session carries it. */
export interface ClientAccount {
  id: string;
  name: string;
  email: string;
  kind: ClientKind;
  company: string;
}

export function signedInAccount(): ClientAccount | null {
  const record = clientApi.authStore.record as Partial<ClientAccount> | null;
  if (!record?.id) return null;
  return {
    id: record.id,
    name: record.name ?? '',
    email: record.email ?? '',
    kind: (record.kind || 'compartilhada') as ClientKind,
    company: record.company ?? '',
  };
}

type Kept = FixedPickupPlace & { id: string };

function kept(): Kept | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Kept | null;
    return value && value.id === signedInAccount()?.company ? value : null;
  } catch {
    return null;
  }
}

/**
 * The signed-in company's record (its name and fixed pickup site), asked of the server and kept on
 * the device, so the pickup form shows it with no signal. Called after a sign-in and by the form.
 */
export async function refreshOwnCompany(): Promise<Kept | null> {
  const account = signedInAccount();
  if (!account?.company) return null;
  const record = await clientApi.collection('companies').getOne<Kept>(account.company, {
    fields: 'id,name,taxId,stateRegistration,street,town',
    requestKey: null,
  });
  localStorage.setItem(KEY, JSON.stringify(record));
  return record;
}

export function forgetOwnCompany(): void {
  localStorage.removeItem(KEY);
}

/**
 * The fixed site the signed-in company's pickups leave from: what the device kept, brought up to
 * date when online. Until the device first learns it (a session from before there were many
 * companies, opened offline), the configuration's company, which is the only one that existed.
 */
export function useOwnCompany(): FixedPickupPlace {
  const [site, setSite] = useState<FixedPickupPlace>(() => kept() ?? config.client);
  useEffect(() => {
    let cancelled = false;
    refreshOwnCompany()
      .then((record) => {
        if (record && !cancelled) setSite(record);
      })
      .catch(() => undefined); // no signal: what the device kept
    return () => {
      cancelled = true;
    };
  }, []);
  return site;
}
