/// <reference path="../server/pocketbase.d.ts" />
/// <reference path="../server/hooks.d.ts" />

// Webhooks (server/webhooks/): a company's addresses, managed by its administrators and the
// office, and the senders that post each shipment's events to them off the request path.

/** A company's administrator, or the office (`?empresa=`). The addresses, each with its latest deliveries. */
routerAdd('GET', '/api/cliente/webhooks', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).answerWebhooks(e),
);

/** A company's administrator, or the office. 'Novo webhook': `{ url }`; answers the secret, this once. */
routerAdd('POST', '/api/cliente/webhooks', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).createWebhook(e),
);

/** A company's administrator, or the office. The address and its deliveries deleted. */
routerAdd('DELETE', '/api/cliente/webhooks/{id}', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).deleteWebhook(e),
);

/** A company's administrator, or the office. 'Enviar teste'. */
routerAdd('POST', '/api/cliente/webhooks/{id}/teste', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).testWebhook(e),
);

/** A company's administrator, or the office. The address's deliveries, newest first (`?pagina=`). */
routerAdd('GET', '/api/cliente/webhooks/{id}/entregas', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).answerDeliveries(e),
);

/** A company's administrator, or the office. 'Enviar de novo': one delivery goes again. */
routerAdd('POST', '/api/cliente/webhooks/entregas/{id}/reenviar', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).resendDelivery(e),
);

/**
 * The senders: every minute (cron's finest), each one runs through its minute looking at the queue
 * every half second, so an event leaves within a second or two. Six of them: a slow or dead
 * receiver holds one (WEBHOOK_SENDERS runs fewer). A handler cannot see this file's variables, so
 * each is written out.
 */
cronAdd('webhooks-1', '* * * * *', () =>
  require(`${__hooks}/lib/generated/server.cjs`).sendWebhooks('webhooks-1', 1),
);
cronAdd('webhooks-2', '* * * * *', () =>
  require(`${__hooks}/lib/generated/server.cjs`).sendWebhooks('webhooks-2', 2),
);
cronAdd('webhooks-3', '* * * * *', () =>
  require(`${__hooks}/lib/generated/server.cjs`).sendWebhooks('webhooks-3', 3),
);
cronAdd('webhooks-4', '* * * * *', () =>
  require(`${__hooks}/lib/generated/server.cjs`).sendWebhooks('webhooks-4', 4),
);
cronAdd('webhooks-5', '* * * * *', () =>
  require(`${__hooks}/lib/generated/server.cjs`).sendWebhooks('webhooks-5', 5),
);
cronAdd('webhooks-6', '* * * * *', () =>
  require(`${__hooks}/lib/generated/server.cjs`).sendWebhooks('webhooks-6', 6),
);
