// Sessions and the live (realtime) connections opened with them.

interface SessionState {
  tokenKey: string;
  password: string;
  disabled: boolean;
}

/** What decides whether an account's sessions are still good. */
function sessionState(record: core.Record): SessionState {
  return {
    tokenKey: record.getString('tokenKey'),
    // The stored hash: PocketBase renews the token key when the password changes, during the save.
    password: record.getString('password'),
    disabled: record.getBool('disabled'),
  };
}

/** True when a change ended every session: a new token key or password, or the account disabled. */
function sessionsEnded(before: SessionState, after: SessionState): boolean {
  return (
    before.tokenKey !== after.tokenKey ||
    before.password !== after.password ||
    (after.disabled && !before.disabled)
  );
}

/**
 * Close every realtime connection subscribed as this account. The client's page reconnects on its
 * own, and a reconnection with the old token subscribes as nobody, so it receives nothing.
 */
function endLiveConnections(app: core.App, record: core.Record): void {
  const broker = app.subscriptionsBroker();
  const chunks = broker.chunkedClients(300);
  const ids: string[] = [];
  for (let i = 0; i < chunks.length; i++) {
    for (let j = 0; j < chunks[i].length; j++) {
      const client = chunks[i][j];
      const auth = client.get('auth') as core.Record | undefined;
      if (auth && auth.id === record.id && auth.collection().name === record.collection().name) {
        ids.push(client.id());
      }
    }
  }
  for (const id of ids) broker.unregister(id);
}

/**
 * An account saved: when the save ended its sessions (disabled, new password, new token key), the
 * live connections opened with them end too. PocketBase checks a token only when a realtime
 * subscription is made, so an open stream would otherwise go on delivering records.
 */
export function accountSaved(e: core.RecordEvent): void {
  const before = sessionState(e.record!.original());
  e.next();
  if (sessionsEnded(before, sessionState(e.record!))) endLiveConnections(e.app, e.record!);
}

/**
 * A disabled staff account (npm run staff -- disable EMAIL) cannot sign in again; its sessions
 * ended when it was disabled, and every staff-only API rule refuses it too.
 */
export function refuseDisabledSignIn(e: core.RecordAuthRequestEvent): void {
  if (e.record && e.record.getBool('disabled')) {
    throw new ForbiddenError('Esta conta da equipe foi desativada. Fale com o responsável.');
  }
  e.next();
}
