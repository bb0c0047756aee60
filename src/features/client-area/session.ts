import { company } from '../../config/company';
import { refusedSignInText } from '../../domain/sign-in';
import { clientApi, failureKind, serverMessage } from '../../lib/pocketbase';
import { forgetOwnCompany, refreshOwnCompany } from './own-company';
import { forgetAddressBook } from './address-book';

export type GateResult = 'ok' | 'wrong' | 'rate-limit' | 'offline' | 'disabled';

/** How a sign-in went, with the server's words when it refused to try ('rate-limit'). */
export interface GateOutcome {
  result: GateResult;
  message?: string;
}

/**
 * 'Acesso Restrito': a person signs in with their e-mail and password; with no e-mail, the password
 * is the shared one of the company the configuration names.
 */
export async function signInClient(password: string, email = ''): Promise<GateOutcome> {
  if (!navigator.onLine) return { result: 'offline' };
  try {
    const identity = email.trim() || company.clientAccountEmail;
    await clientApi.collection('clients').authWithPassword(identity, password);
    // The company's name and fixed site, kept for the form (also with no signal later).
    await refreshOwnCompany().catch(() => undefined);
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
    // A disabled person or company: the server's words say so.
    if (kind === 'auth' && /desativad/.test(serverMessage(error))) {
      return { result: 'disabled', message: serverMessage(error) };
    }
    return { result: 'wrong' };
  }
}

export function signOutClient() {
  clientApi.authStore.clear();
  // What this device kept of the company ('Minhas solicitações', its site) is not the next one's.
  forgetOwnCompany();
  forgetAddressBook();
  localStorage.removeItem('rv_my_requests');
}
