/// <reference path="../pocketbase/pb_data/types.d.ts" />

// Every response: compressed, with security headers fit for a PWA and the right cache lifetime.
routerUse($apis.gzip());

// One JS middleware, not several: each one borrows a JS VM for every request, lookups included.
// It runs early: at -1041, right after PocketBase's CORS (bound before it with the same priority;
// the order is stable) and before its request log (-1040) and rate limit (-1000), so a refused
// lookup is logged without its number too, and a 429 answers in Portuguese.
routerUse(
  new Middleware(
    (e) => {
      const path = e.request.url.path;

      const h = e.response.header();
      h.set('X-Content-Type-Options', 'nosniff');
      h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
      h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
      if (!path.startsWith('/_/')) {
        // The admin dashboard (/_/) ships inline scripts; everything of ours comes from our own origin.
        h.set(
          'Content-Security-Policy',
          "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
            "font-src 'self'; connect-src 'self'; manifest-src 'self'; worker-src 'self'; " +
            "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
        );
      }
      if (path.startsWith('/assets/')) {
        h.set('Cache-Control', 'public, max-age=31536000, immutable');
      } else if (!path.startsWith('/api/') && !path.startsWith('/_/')) {
        // index.html, sw.js, the manifest and icons: always revalidate, so a deploy reaches everyone.
        h.set('Cache-Control', 'no-cache');
      }

      // The site's files (vite build): each page's address answers its prerendered HTML, an unknown
      // address the 'not found' page with a real 404, and a missing /assets/ file (a chunk of
      // another deploy) a 404, never the home page with a year-long cache.
      const method = e.request.method;
      if (
        (method === 'GET' || method === 'HEAD') &&
        !path.startsWith('/api/') &&
        !path.startsWith('/_/')
      ) {
        // A path that climbs out of the build folder ('..' or '.' segments, however encoded), or
        // with a backslash or a NUL, names no file of ours: 404 as for a missing one, so nothing
        // else on the server can be probed.
        const segments = path.split('/');
        if (
          segments.indexOf('..') !== -1 ||
          segments.indexOf('.') !== -1 ||
          path.indexOf('\\') !== -1 ||
          path.indexOf('\u0000') !== -1
        ) {
          h.set('Cache-Control', 'no-store');
          throw new NotFoundError('Arquivo não encontrado.');
        }
        const site = $os.getenv('PB_PUBLIC_DIR') || `${__hooks}/../dist`;
        const isFile = (name) => {
          try {
            return !$os.stat(`${site}/${name}`).isDir();
          } catch (_) {
            return false;
          }
        };
        if (path.startsWith('/assets/')) {
          if (!isFile(path.slice(1))) {
            h.set('Cache-Control', 'no-store');
            throw new NotFoundError('Arquivo não encontrado.');
          }
        } else if (path.lastIndexOf('.') <= path.lastIndexOf('/')) {
          const page = path === '/' ? 'index.html' : `${path.slice(1).replace(/\/+$/, '')}.html`;
          if (isFile(page)) e.request.setPathValue('path', page);
          else if (isFile('404.html')) {
            return e.html(404, toString($os.readFile(`${site}/404.html`)));
          }
        }
      }

      // The manifest is JSON of its own kind (the static handler keeps a type set before it).
      if (path === '/manifest.webmanifest') h.set('Content-Type', 'application/manifest+json');

      // A tracking number is often a CPF: the request log gets the route without it.
      if (path.startsWith('/api/rastreio/')) {
        e.request.url.path = '/api/rastreio/…';
        e.request.url.rawPath = '';
      }

      // /api/health also says whether mail is flowing, so a monitor can alert on a stuck queue.
      if (path === '/api/health' && (e.request.method === 'GET' || e.request.method === 'HEAD')) {
        const mail = require(`${__hooks}/lib/mail.js`).health(e.app);
        h.set('Cache-Control', 'no-store');
        return e.json(mail.flowing ? 200 : 503, {
          code: mail.flowing ? 200 : 503,
          message: mail.flowing ? 'API is healthy.' : 'E-mails parados na fila.',
          data: { mail },
        });
      }

      // Pickup requests need the corporate client's session. The collection rule says so too, but a
      // failed create rule answers 400; an explicit 403 tells the outbox to wait for a new sign-in.
      // PocketBase has not read the token yet at this point: read it here (it then keeps this one).
      if (e.request.method === 'POST' && path === '/api/collections/pickup_requests/records') {
        const token = (e.request.header.get('Authorization') || '').replace(/^Bearer /i, '');
        if (!e.auth && token) {
          try {
            e.auth = e.app.findAuthRecordByToken(token, 'auth');
          } catch {
            // An expired or foreign token: no session, so the 403 below.
          }
        }
        const auth = e.auth;
        if (!auth || auth.collection().name !== 'clients') {
          throw new ForbiddenError('Entre com a senha de acesso para enviar solicitações.');
        }
      }
      if (!path.startsWith('/api/')) return e.next();
      // Every API error a person can trigger answers in Portuguese.
      try {
        return e.next();
      } catch (err) {
        throw require(`${__hooks}/lib/errors.js`).inPortuguese(err);
      }
    },
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
