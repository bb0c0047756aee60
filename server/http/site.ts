// Every request's first stop (middleware.pb.js): security headers, cache lifetimes, the site's
// prerendered pages, the health check, the pickup form's session, and errors in Portuguese.
import { countArrival } from './busy';
import { inPortuguese } from '../core/errors';
import { jobsHealth } from '../core/jobs';
import { health } from '../mail/queue';
import { allowCreate, COMPANY_CREATE_DAY_LIMIT, COMPANY_CREATE_LIMIT } from './limits';
import { createSubmission, kindCreatedAt, type CreatedKind } from '../requests/submissions';
import { inTurn } from './turns';
import { acceptsBrotli, precompressedType } from '../../src/domain/compression';
import { guessedPath } from '../../src/domain/guessed-paths';
import { CEP_SERVICE_ORIGINS } from '../../src/domain/cep';

// The address forms ask the public CEP services from the browser (src/lib/cep-lookup.ts): the only
// addresses a page may reach beside our own.
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  `font-src 'self'; connect-src 'self' ${CEP_SERVICE_ORIGINS.join(' ')}; manifest-src 'self'; worker-src 'self'; ` +
  "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";

export function everyRequest(e: core.RequestEvent): void {
  const request = e.request!;
  const path = request.url!.path;
  const method = request.method;

  const h = e.response.header();
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  // The camera (label scanner, photos) and the position ('Não entregue', when the driver allows
  // it) for our own pages only; nothing for anything embedded.
  h.set(
    'Permissions-Policy',
    'camera=(self), microphone=(), geolocation=(self), payment=(), usb=()',
  );
  // The admin dashboard (/_/) ships inline scripts; everything of ours comes from our own origin.
  if (!path.startsWith('/_/')) h.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  if (path.startsWith('/assets/')) {
    h.set('Cache-Control', 'public, max-age=31536000, immutable');
  } else if (path.startsWith('/api/files/')) {
    // Every stored file is a protected photo (a receiver's doorway, a delivery): never kept by a
    // shared phone's cache or a proxy (the file server's own default is a month).
    h.set('Cache-Control', 'private, no-store');
  } else if (!path.startsWith('/api/') && !path.startsWith('/_/')) {
    // index.html, sw.js, the manifest and icons: always revalidate, so a deploy reaches everyone.
    h.set('Cache-Control', 'no-cache');
  }

  if (
    (method === 'GET' || method === 'HEAD') &&
    !path.startsWith('/api/') &&
    !path.startsWith('/_/')
  ) {
    if (sitePage(e, path) === 'answered') return;
  }

  // The manifest is JSON of its own kind (the static handler keeps a type set before it).
  if (path === '/manifest.webmanifest') h.set('Content-Type', 'application/manifest+json');

  // A tracking number is often a CPF: the request log gets the route without it.
  if (path.startsWith('/api/rastreio/')) {
    request.url!.path = '/api/rastreio/…';
    request.url!.rawPath = '';
  }
  // The receiver's private token is a key: a refused request is logged without it too.
  if (path.startsWith('/api/recebedor/')) {
    request.url!.path = '/api/recebedor/…';
    request.url!.rawPath = '';
  }

  // /api/health also says whether mail is flowing and every scheduled job succeeds, so a monitor
  // can alert on a stuck queue or a job that keeps failing.
  if (path === '/api/health' && (method === 'GET' || method === 'HEAD')) {
    const mail = health(e.app);
    const jobs = jobsHealth(e.app);
    const late = jobs.filter((j) => j.late).map((j) => j.job);
    const problems = (mail.flowing ? [] : ['E-mails parados na fila.']).concat(
      late.length ? [`Tarefas sem sucesso recente: ${late.join(', ')}.`] : [],
    );
    const code = problems.length ? 503 : 200;
    h.set('Cache-Control', 'no-store');
    e.json(code, {
      code,
      message: problems.length ? problems.join(' ') : 'API is healthy.',
      data: { mail, jobs },
    });
    return;
  }

  const kind = method === 'POST' ? kindCreatedAt(e.app, path) : undefined;
  if (kind) {
    createRequest(e, kind);
    return;
  }

  if (!path.startsWith('/api/')) {
    e.next();
    return;
  }
  // Counted, so that the mail jobs give way during a burst (http/busy.ts).
  countArrival(e.app);
  // Every API error a person can trigger answers in Portuguese.
  try {
    e.next();
  } catch (err) {
    throw inPortuguese(err);
  }
}

/** The largest request a form can send: its text fields, with room to spare. */
export const MAX_REQUEST_BYTES = 64 * 1024;

/**
 * A quote, urgent or pickup request posted to its collection's REST address, answered here and
 * not by PocketBase's records API (server/requests/submissions.ts says why). Answered before PocketBase's
 * own middlewares run, so this does what they would have: the body's size, the rate limit, the
 * signed-in account; and what ours does for the rest of the API.
 */
function createRequest(e: core.RequestEvent, kind: CreatedKind): void {
  const name = kind.def.collection;
  // Counted, so that the mail jobs give way during a burst (http/busy.ts).
  countArrival(e.app);
  try {
    // A form's request states its length; one that does not, or is larger, is not read.
    const length = e.request!.contentLength;
    if (length < 0 || length > MAX_REQUEST_BYTES) {
      throw new ApiError(413, 'A solicitação é grande demais para ser enviada.');
    }
    loadSession(e);
    // Superusers are not limited (nor are they by PocketBase's limiter).
    // A signed-in corporate client is counted as its company, with the company's own limits, not
    // by its address (an office behind one address, a carrier's shared address); a visitor by
    // its address.
    const company =
      e.auth && e.auth.collection().name === 'clients' ? e.auth.getString('company') : '';
    const allowed = company
      ? () =>
          allowCreate(e.app, name, `empresa:${company}`, [
            COMPANY_CREATE_LIMIT,
            COMPANY_CREATE_DAY_LIMIT,
          ])
      : () => allowCreate(e.app, name, e.realIP());
    if (!e.hasSuperuserAuth() && !allowed()) {
      throw new TooManyRequestsError('Too Many Requests.');
    }
    // A pickup needs a client's session; the others take note of one ('Minhas solicitações').
    if (name === 'pickup_requests') requireClient(e);
    // The checks above refuse at once; the work itself waits for its turn (http/turns.ts).
    inTurn(e.app, () => createSubmission(e, kind));
  } catch (err) {
    const refused = inPortuguese(err);
    // The request log never sees these creates: a flood or an oversized body is noted here,
    // without the sender's address.
    if (refused.status === 413 || refused.status === 429) {
      e.app.logger().warn('Solicitação recusada', 'kind', name, 'status', refused.status);
    }
    throw refused;
  }
}

/**
 * The site's files (vite build): each page's address answers its prerendered HTML, an unknown
 * address the 'not found' page with a real 404, and a missing /assets/ file (a chunk of another
 * deploy) a 404, never the home page with a year-long cache. 'answered' when it has answered.
 */
function sitePage(e: core.RequestEvent, path: string): 'answered' | undefined {
  const h = e.response.header();
  // A path that climbs out of the build folder ('..' or '.' segments, however encoded), or with a
  // backslash or a NUL, names no file of ours: 404 as for a missing one, so nothing else on the
  // server can be probed.
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
  // An address people guess for another page (/rastreamento): sent there, query kept.
  const guessed = guessedPath(path);
  if (guessed) {
    const query = e.request!.url!.rawQuery;
    e.redirect(301, query ? `${guessed}?${query}` : guessed);
    return 'answered';
  }
  const site = $os.getenv('PB_PUBLIC_DIR') || `${__hooks}/../dist`;
  const isFile = (name: string) => {
    try {
      return !$os.stat(`${site}/${name}`).isDir();
    } catch {
      return false;
    }
  };
  if (path.startsWith('/assets/')) {
    const file = path.slice(1);
    if (!isFile(file)) {
      h.set('Cache-Control', 'no-store');
      throw new NotFoundError('Arquivo não encontrado.');
    }
    serveFile(e, file, isFile);
  } else if (path.lastIndexOf('.') <= path.lastIndexOf('/')) {
    const page = path === '/' ? 'index.html' : `${path.slice(1).replace(/\/+$/, '')}.html`;
    if (isFile(page)) serveFile(e, page, isFile);
    else if (isFile('404.html')) {
      // Answered here, so the gzip middleware never sees it: brotli or nothing.
      h.add('Vary', 'Accept-Encoding');
      const brotliType = inBrotli(e, '404.html', isFile);
      if (brotliType) {
        e.blob(404, brotliType, $os.readFile(`${site}/404.html.br`));
      } else {
        e.html(404, toString($os.readFile(`${site}/404.html`)));
      }
      return 'answered';
    }
  } else if (path.endsWith('.html') && !path.endsWith('/index.html') && isFile(path.slice(1))) {
    // A page by its file's name, as the service worker asks for it when it keeps the pages.
    // (The static handler sends '/index.html' to '/'.)
    serveFile(e, path.slice(1), isFile);
  }
  return undefined;
}

/**
 * Has the static handler send `file` of the build, or the build's brotli copy of it
 * (vite.config.ts) to a browser that takes brotli: smaller than gzip, and nothing to compress
 * here. The request then claims no encoding, so the gzip middleware that runs after this one (and
 * adds 'Vary: Accept-Encoding') leaves it as it is. An address ending in '/' is only redirected
 * by the static handler (to the one without it): no brotli headers on that answer.
 */
function serveFile(e: core.RequestEvent, file: string, isFile: (name: string) => boolean): void {
  const path = e.request!.url!.path;
  const redirected = path.length > 1 && path.endsWith('/');
  e.request!.setPathValue('path', !redirected && inBrotli(e, file, isFile) ? `${file}.br` : file);
}

/**
 * Whether `file` goes out as the build's brotli copy: a kind the build compresses, a copy there,
 * and a browser that takes brotli. If so, the response says so (type and encoding), the request
 * claims no encoding any more, and the type is returned (undefined otherwise).
 */
function inBrotli(
  e: core.RequestEvent,
  file: string,
  isFile: (name: string) => boolean,
): string | undefined {
  const type = precompressedType(file);
  const request = e.request!;
  if (!type || !acceptsBrotli(request.header.get('Accept-Encoding')) || !isFile(`${file}.br`)) {
    return undefined;
  }
  const h = e.response.header();
  h.set('Content-Type', type);
  h.set('Content-Encoding', 'br');
  request.header.del('Accept-Encoding');
  return type;
}

/**
 * The account of the request's token, if any. PocketBase has not read the token yet at this
 * point: read it here (it then keeps this one).
 */
function loadSession(e: core.RequestEvent): void {
  const token = (e.request!.header.get('Authorization') || '').replace(/^Bearer /i, '');
  if (e.auth || !token) return;
  try {
    e.auth = e.app.findAuthRecordByToken(token, 'auth');
  } catch {
    // An expired or foreign token: no session.
  }
}

/**
 * Pickup requests need the corporate client's session. The collection rule says so too (checked
 * when the request is stored); this 403, before the body is read, tells the outbox to wait for a
 * new sign-in.
 */
function requireClient(e: core.RequestEvent): void {
  loadSession(e);
  if (!e.auth || e.auth.collection().name !== 'clients') {
    throw new ForbiddenError('Entre com a senha de acesso para enviar solicitações.');
  }
}
