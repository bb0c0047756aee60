/// <reference path="../server/pocketbase.d.ts" />
/// <reference path="../server/hooks.d.ts" />

// What a client company's people read of their own shipments, with the `tracking` collection
// closed to them: the proof of each delivery (server/clients/delivery-proof.ts) and the month's
// statement with its prices (server/clients/statement.ts). Clients only; another company's
// shipment is a 404 like a missing one.

/** Client. 'Comprovante de entrega': number, receiver, when, and whether a photo and signature exist. */
routerAdd('GET', '/api/comprovantes/{number}', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).answerDeliveryProof(e),
);

/** Client. The delivery's photo, streamed with `Cache-Control: private, no-store`. */
routerAdd('GET', '/api/comprovantes/{number}/foto', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).answerProofPhoto(e),
);

/** Client. The receiver's signature, likewise. */
routerAdd('GET', '/api/comprovantes/{number}/assinatura', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).answerProofSignature(e),
);

/** Client. 'Extrato': `?mes=AAAA-MM`, the company's shipments of that month with their prices. */
routerAdd('GET', '/api/extrato', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).answerStatement(e),
);
