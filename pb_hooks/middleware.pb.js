/// <reference path="../server/pocketbase.d.ts" />
/// <reference path="../server/hooks.d.ts" />

// Every response: compressed, with security headers fit for a PWA and the right cache lifetime.
routerUse($apis.gzip());

// One JS middleware, not several: each one borrows a JS VM for every request, lookups included
// (server/http/site.ts). It runs early: at -1041, right after PocketBase's CORS (bound before it with
// the same priority; the order is stable) and before its request log (-1040) and rate limit
// (-1000), so a refused lookup is logged without its number too, and a 429 answers in Portuguese.
routerUse(
  new Middleware(
    (e) => require(`${__hooks}/lib/generated/server.cjs`).everyRequest(e),
    -1041,
    'rotaVeloz',
  ),
);

// An unknown /api/ address is a JSON 404, not the site's index page with 200.
for (const method of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE']) {
  routerAdd(method, '/api/{rest...}', () => {
    throw new NotFoundError('Endereço da API não encontrado.');
  });
}
