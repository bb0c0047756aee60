// API keys: a company's administrator makes and revokes them ('Chaves de API'), and every request of
// the API (server/api/routes.ts) is admitted by one. A key is a long random secret answered once;
// only its SHA-256 is kept, so whoever reads the database cannot use one. Each request finds its
// key by that hash and is refused at once (401) when the key was revoked or its company disabled:
// nothing is cached between requests.
import {
  API_KEY_ALPHABET,
  API_KEY_PREFIX,
  API_KEY_SECRET_LENGTH,
  API_KEYS_PER_COMPANY,
  API_MESSAGES as M,
  API_REQUESTS_PER_MINUTE,
  checkApiKeyName,
  isApiKeyShape,
  shownPart,
  storedKeyName,
  type ApiKeyView,
} from '../../src/domain/api';
import { stored } from '../core/config';
import { fieldErrors } from '../core/errors';
import { apiKeyWait } from '../http/limits';
import { admit } from '../http/roles';

const KEYS = 'api_keys';
/** How stale `lastUsedAt` may get: a write per request would cost every request. */
const LAST_USED_EVERY_MS = 60_000;

/** The caller of an API route: a key, its name (who asked, on a pickup) and its company. */
export interface ApiCaller {
  key: string;
  name: string;
  company: string;
}

/** The key a request carries: `Authorization: Bearer <key>`, or `X-Api-Key: <key>`. */
function sentKey(request: http.Request): string {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.header.get('Authorization') || '');
  if (bearer) return bearer[1]!;
  return (request.header.get('X-Api-Key') || '').trim();
}

function refused(e: core.RequestEvent, message: string): ApiError {
  e.response.header().set('WWW-Authenticate', 'Bearer');
  return new UnauthorizedError(message);
}

/**
 * The key that calls an API route, first thing in its handler (as `admit` is for accounts): a key
 * that exists, is not revoked, of a company that is not disabled, within its requests a minute.
 * Otherwise 401 (429 past the limit, with Retry-After). API answers are never cached.
 */
export function admitKey(e: core.RequestEvent): ApiCaller {
  e.response.header().set('Cache-Control', 'no-store');
  const key = sentKey(e.request!);
  if (!key) throw refused(e, M.noKey);
  if (!isApiKeyShape(key)) throw refused(e, M.badKey);
  const row = new DynamicModel({
    id: '',
    company: '',
    name: '',
    revokedAt: '',
    lastUsedAt: '',
    companyDisabled: 0,
  });
  try {
    e.app
      .db()
      .newQuery(
        "SELECT k.id AS id, k.company AS company, k.name AS name, COALESCE(k.revokedAt, '') AS revokedAt, " +
          "COALESCE(k.lastUsedAt, '') AS lastUsedAt, COALESCE(c.disabled, 1) AS companyDisabled " +
          'FROM api_keys k LEFT JOIN companies c ON c.id = k.company WHERE k.hash = {:hash} LIMIT 1',
      )
      .bind({ hash: $security.sha256(key) })
      .one(row);
  } catch {
    throw refused(e, M.badKey);
  }
  if (row.revokedAt) throw refused(e, M.badKey);
  if (row.companyDisabled) throw refused(e, M.companyDisabled);
  const wait = apiKeyWait(e.app, row.id as string, API_REQUESTS_PER_MINUTE);
  if (wait) {
    e.response.header().set('Retry-After', String(wait));
    throw new TooManyRequestsError(M.rateLimited(wait));
  }
  const now = Date.now();
  if (
    !row.lastUsedAt ||
    Date.parse(String(row.lastUsedAt).replace(' ', 'T')) < now - LAST_USED_EVERY_MS
  ) {
    e.app
      .db()
      .newQuery('UPDATE api_keys SET lastUsedAt = {:now} WHERE id = {:id}')
      .bind({ now: stored(now), id: row.id })
      .execute();
  }
  return { key: row.id as string, name: row.name as string, company: row.company as string };
}

// —— 'Chaves de API': the company's administrator ——

/** The caller, if an administrator of an active company; anyone else is refused (403). */
function administrator(e: core.RequestEvent): core.Record {
  const auth = admit(e, ['client'], M.adminOnly);
  if (auth.getString('kind') !== 'administrador') throw new ForbiddenError(M.adminOnly);
  return auth;
}

function viewOf(record: core.Record): ApiKeyView {
  return {
    id: record.id,
    name: record.getString('name'),
    shown: record.getString('shown'),
    created: record.getString('created'),
    createdBy: record.getString('createdBy'),
    lastUsedAt: record.getString('lastUsedAt'),
    revokedAt: record.getString('revokedAt'),
    revokedBy: record.getString('revokedBy'),
  };
}

const whoIs = (auth: core.Record) => (auth.getString('name') || auth.email() || '').slice(0, 200);

/** `GET /api/cliente/chaves`: the company's keys, newest first, revoked ones too. */
export function answerApiKeys(e: core.RequestEvent): void {
  const auth = administrator(e);
  const keys = e.app.findRecordsByFilter(KEYS, 'company = {:company}', '-created', 0, 0, {
    company: auth.getString('company'),
  }) as core.Record[];
  e.response.header().set('Cache-Control', 'no-store');
  e.json(200, { keys: keys.map(viewOf) });
}

/**
 * `POST /api/cliente/chaves` `{ name }`: a new key of the caller's company. The key itself is in
 * this answer only (`secret`); the server keeps its hash.
 */
export function createApiKey(e: core.RequestEvent): void {
  const auth = administrator(e);
  const body = (e.requestInfo().body || {}) as Record<string, unknown>;
  const errors = checkApiKeyName(body);
  if (Object.keys(errors).length) throw fieldErrors(errors, M.checkFields);
  const company = auth.getString('company');
  const secret =
    API_KEY_PREFIX + $security.randomStringWithAlphabet(API_KEY_SECRET_LENGTH, API_KEY_ALPHABET);
  let record: core.Record | undefined;
  e.app.runInTransaction((txApp) => {
    const active = txApp.findRecordsByFilter(
      KEYS,
      "company = {:company} && revokedAt = ''",
      '',
      0,
      0,
      { company },
    ) as core.Record[];
    if (active.length >= API_KEYS_PER_COMPANY)
      throw fieldErrors({ name: M.tooManyKeys }, M.tooManyKeys);
    record = new Record(txApp.findCollectionByNameOrId(KEYS));
    record.set('company', company);
    record.set('name', storedKeyName(body.name));
    record.set('shown', shownPart(secret));
    record.set('hash', $security.sha256(secret));
    record.set('createdBy', whoIs(auth));
    record.set('createdByAccount', auth.id);
    txApp.save(record);
  });
  e.response.header().set('Cache-Control', 'no-store');
  e.json(200, { key: viewOf(record!), secret });
}

/** `POST /api/cliente/chaves/{id}/revogar`: the key stops working now; it stays on the list. */
export function revokeApiKey(e: core.RequestEvent): void {
  const auth = administrator(e);
  let record: core.Record;
  try {
    record = e.app.findRecordById(KEYS, e.request!.pathValue('id'));
  } catch {
    throw new NotFoundError(M.keyNotFound);
  }
  if (record.getString('company') !== auth.getString('company')) {
    throw new NotFoundError(M.keyNotFound);
  }
  if (!record.getString('revokedAt')) {
    record.set('revokedAt', stored());
    record.set('revokedBy', whoIs(auth));
    e.app.save(record);
  }
  e.json(200, { key: viewOf(record) });
}
