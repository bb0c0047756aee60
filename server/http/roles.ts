// Who may call each custom route. Every route's handler names the callers it admits, first thing,
// with `admit` (tests/server/route-roles.test.ts walks every route with every kind of caller).

/** The kinds of signed-in caller: the office and drivers (staff accounts), and corporate clients. */
export type Role = 'office' | 'driver' | 'client';

const DISABLED = 'Esta conta da equipe foi desativada. Fale com o responsável.';
const CLIENT_DISABLED = 'Este acesso de cliente foi desativado.';

/** A client account that is not disabled, of a company that is not either. */
function clientActive(app: core.App, auth: core.Record): boolean {
  if (auth.getBool('disabled')) return false;
  const company = auth.getString('company');
  if (!company) return true;
  try {
    return !app.findRecordById('companies', company).getBool('disabled');
  } catch {
    return false;
  }
}

/** The caller's kind, or undefined (a superuser, or an account of no kind we know). */
export function roleOf(auth: core.Record): Role | undefined {
  const collection = auth.collection().name;
  if (collection === 'clients') return 'client';
  if (collection !== 'staff') return undefined;
  // Accounts made before roles existed are the office's.
  return auth.getString('role') === 'motorista' ? 'driver' : 'office';
}

/**
 * The signed-in account, when it is one of `roles` (and, for staff, not disabled); otherwise a 401
 * with no session, and a 403 with `refusal` for anyone else.
 */
export function admit(
  e: core.RequestEvent,
  roles: Role[],
  refusal = 'Sem permissão para esta ação.',
): core.Record {
  const auth = e.auth;
  if (!auth) throw new UnauthorizedError('Entre para continuar.');
  if (auth.collection().name === 'staff' && auth.getBool('disabled')) {
    throw new ForbiddenError(DISABLED);
  }
  // A client account disabled, or of a disabled company: its sessions ended when that happened;
  // this refuses a token that was somehow still good.
  if (auth.collection().name === 'clients' && !clientActive(e.app, auth)) {
    throw new ForbiddenError(CLIENT_DISABLED);
  }
  const role = roleOf(auth);
  if (!role || roles.indexOf(role) === -1) throw new ForbiddenError(refusal);
  return auth;
}
