import { company } from '../../config/company';
import { refusedSignInText } from '../../domain/sign-in';
import { clientApi, failureKind, serverMessage } from '../../lib/pocketbase';

export type GateResult = 'ok' | 'wrong' | 'rate-limit' | 'offline';

/** How a sign-in went, with the server's words when it refused to try ('rate-limit'). */
export interface GateOutcome {
  result: GateResult;
  message?: string;
}

/** 'Acesso Restrito': the password signs in the corporate client's account on the server. */
export async function signInClient(password: string): Promise<GateOutcome> {
  if (!navigator.onLine) return { result: 'offline' };
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
    return { result: 'ok' };
  } catch (error) {
    const kind = failureKind(error);
    // The server says how long to wait: a few seconds, or the account's lock.
    if (kind === 'rate-limit') {
      return { result: 'rate-limit', message: refusedSignInText(serverMessage(error)) };
    }
    if (kind === 'offline') return { result: 'offline' };
    return { result: 'wrong' };
  }
}

export function signOutClient() {
  clientApi.authStore.clear();
}
