// Sessions and the live (realtime) connections opened with them.

/** What decides whether an account's sessions are still good. */
function sessionState(record) {
  return {
    tokenKey: record.getString('tokenKey'),
    // The stored hash: PocketBase renews the token key when the password changes, during the save.
    password: record.getString('password'),
    disabled: record.getBool('disabled'),
  };
}

/** True when a change ended every session: a new token key or password, or the account disabled. */
function sessionsEnded(before, after) {
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
function endLiveConnections(app, record) {
  const broker = app.subscriptionsBroker();
  const chunks = broker.chunkedClients(300);
  const ids = [];
  for (let i = 0; i < chunks.length; i++) {
    for (let j = 0; j < chunks[i].length; j++) {
      const client = chunks[i][j];
      const auth = client.get('auth');
      if (auth && auth.id === record.id && auth.collection().name === record.collection().name) {
        ids.push(client.id());
      }
    }
  }
  for (const id of ids) broker.unregister(id);
}

module.exports = { sessionState, sessionsEnded, endLiveConnections };
