import { company } from '../../config/company';
import { resumeAfterSignIn } from '../../offline';
import { clientApi, failureKind } from '../../lib/pocketbase';

export type GateResult = 'ok' | 'wrong' | 'rate-limit' | 'offline';

/** 'Acesso Restrito': the password signs in the corporate client's account on the server. */
export async function signInClient(password: string): Promise<GateResult> {
  if (!navigator.onLine) return 'offline';
  try {
    await clientApi.collection('clients').authWithPassword(company.clientAccountEmail, password);
    // Requests that waited for a new sign-in go now, with the new session.
    await resumeAfterSignIn('pickup', clientApi.authStore.token);
    return 'ok';
  } catch (error) {
    const kind = failureKind(error);
    if (kind === 'rate-limit') return 'rate-limit';
    if (kind === 'offline') return 'offline';
    return 'wrong';
  }
}

export function signOutClient() {
  clientApi.authStore.clear();
}
