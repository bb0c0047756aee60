/// <reference path="../server/pocketbase.d.ts" />
/// <reference path="../server/hooks.d.ts" />

// The receiver's private page (server/tracking/receiver.ts): the token mailed to the addressee is the key.
// An answered request leaves no row in the request log: its address holds the token.

/** Anyone with the link. The shipment's number, stage and city, and the receiver's own note. */
routerAdd(
  'GET',
  '/api/recebedor/{token}',
  (e) => require(`${__hooks}/lib/generated/server.cjs`).answerReceiverNote(e),
  $apis.skipSuccessActivityLog(),
);

/** Anyone with the link. The receiver's note: instructions, complement, who may receive, hold until. */
routerAdd(
  'POST',
  '/api/recebedor/{token}',
  (e) => require(`${__hooks}/lib/generated/server.cjs`).saveReceiverNote(e),
  $apis.skipSuccessActivityLog(),
);
