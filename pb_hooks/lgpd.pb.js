/// <reference path="../server/pocketbase.d.ts" />
/// <reference path="../server/hooks.d.ts" />

// A person's data under the LGPD (server/privacy/lgpd.ts), for `npm run lgpd`: superusers only, which the
// command is for the moment it runs. Staff accounts never reach these routes.

/** Everything stored that names a person (e-mail or CPF/CNPJ), per collection. */
routerAdd(
  'POST',
  '/api/lgpd/exportar',
  (e) => require(`${__hooks}/lib/generated/server.cjs`).answerLgpdExport(e),
  $apis.requireSuperuserAuth(),
);

/** Erases a person's records (as the retention job does), stamped with who asked. */
routerAdd(
  'POST',
  '/api/lgpd/apagar',
  (e) => require(`${__hooks}/lib/generated/server.cjs`).answerLgpdErase(e),
  $apis.requireSuperuserAuth(),
);
