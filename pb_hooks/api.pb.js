/// <reference path="../server/pocketbase.d.ts" />
/// <reference path="../server/hooks.d.ts" />

// The API for client companies' own systems (server/api/, docs/api.md): every /api/v1 route but
// the document is called with an API key, which a company's administrator makes and revokes here.

/** Anyone. The OpenAPI 3.1 document of every /api/v1 route. */
routerAdd('GET', '/api/v1/openapi.json', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).answerOpenApi(e),
);

/** An API key. The simulator's price for a parcel. */
routerAdd('POST', '/api/v1/cotacoes', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).apiQuoteRoute(e),
);

/** An API key. A pickup request, as the form sends it (retried safely with its own id). */
routerAdd('POST', '/api/v1/coletas', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).apiCreatePickup(e),
);

/** An API key. The company's pickup requests, newest first (`?page=&perPage=`). */
routerAdd('GET', '/api/v1/coletas', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).apiListPickups(e),
);

/** An API key. One of the company's pickup requests. */
routerAdd('GET', '/api/v1/coletas/{id}', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).apiPickup(e),
);

/** An API key. The company's shipments with their stages, newest first (`?page=&perPage=`). */
routerAdd('GET', '/api/v1/remessas', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).apiListShipments(e),
);

/** An API key. One of the company's shipments. */
routerAdd('GET', '/api/v1/remessas/{number}', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).apiShipment(e),
);

/** An API key. A shipment's 10×15 cm label, as a PDF. */
routerAdd('GET', '/api/v1/remessas/{number}/etiqueta', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).apiShipmentLabel(e),
);

/** A company's administrator. 'Chaves de API': the company's keys, revoked ones too. */
routerAdd('GET', '/api/cliente/chaves', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).answerApiKeys(e),
);

/** A company's administrator. 'Nova chave': `{ name }`; answers the key, this once. */
routerAdd('POST', '/api/cliente/chaves', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).createApiKey(e),
);

/** A company's administrator. 'Revogar': the key stops working at once. */
routerAdd('POST', '/api/cliente/chaves/{id}/revogar', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).revokeApiKey(e),
);
