import { company } from '../../config/company';
import { clientApi, failureKind } from '../../lib/pocketbase';

export type GateResult = 'ok' | 'wrong' | 'rate-limit' | 'offline';

/** 'Acesso Restrito': the password signs in the corporate client's account on the server. */
export async function signInClient(password: string): Promise<GateResult> {
  if (!navigator.onLine) return 'offline';
  try {
    await clientApi.collection('clients').authWithPassword(company.clientAccountEmail, password);
    // Requests that waited for a new sign-in go now, with the new session. The outbox (with the
    // device's database) loads here, not with the sign-in page: a page that goes live without it
    // answers a tap sooner. Signed in whatever happens to that (what still waits goes with the
    // next sign-in).
    try {
      const { resumeAfterSignIn } = await import('../../offline');
      await resumeAfterSignIn('pickup', clientApi.authStore.token);
    } catch {
      // The outbox's code could not be fetched (signal lost, a deploy in between).
    }
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
