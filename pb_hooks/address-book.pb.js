/// <reference path="../server/pocketbase.d.ts" />
/// <reference path="../server/hooks.d.ts" />

// A client company's address book (server/clients/address-book.ts): its people save and remove
// entries here; they read them through the collection's rules.

/** Corporate client. An entry saved (made or changed) under the id the device made. */
routerAdd('POST', '/api/cliente/enderecos', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).saveAddressEntry(e),
);

/** Corporate client. An entry of its company removed. */
routerAdd('POST', '/api/cliente/enderecos/{id}/remover', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).removeAddressEntry(e),
);
