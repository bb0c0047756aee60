/// <reference path="../server/pocketbase.d.ts" />
/// <reference path="../server/hooks.d.ts" />

// Client companies and their people (server/clients/companies.ts): the office's 'Clientes', and the
// invitations the office or a company's administrator sends.

/** Office. 'Novo cliente': name, CNPJ, state registration, fixed pickup site. */
routerAdd('POST', '/api/clientes', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).createCompany(e),
);

/** Office. A company's fields edited. */
routerAdd('POST', '/api/clientes/{id}', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).editCompany(e),
);

/** Office. `{ disabled }`: a company disabled (its people's sessions end) or enabled again. */
routerAdd('POST', '/api/clientes/{id}/situacao', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).setCompanyDisabled(e),
);

/** Office, or the company's administrator. 'Convidar pessoa': `{ name, email, admin }`. */
routerAdd('POST', '/api/clientes/{id}/pessoas', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).invitePerson(e),
);

/** Office, or the person's company's administrator. `{ disabled }`. */
routerAdd('POST', '/api/clientes/pessoas/{id}/situacao', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).setPersonDisabled(e),
);

/** Office, or the person's company's administrator. The invitation sent again with a new link. */
routerAdd('POST', '/api/clientes/pessoas/{id}/convite', (e) =>
  require(`${__hooks}/lib/generated/server.cjs`).resendInvite(e),
);
