// A company's webhooks, managed by its administrators and by the office (routes in
// pb_hooks/webhooks.pb.js): the addresses, each delivery's last answer, 'Enviar teste' and
// 'Enviar de novo'. The secret is answered once, when the address is made: it is kept so the
// server can sign (HMAC needs the same secret on both ends), and never read back.
import {
  WEBHOOKS_PER_COMPANY,
  WEBHOOK_MESSAGES as M,
  checkWebhookUrl,
  storedWebhookUrl,
  testPayload,
  type DeliveryView,
} from '../../src/domain/webhooks';
import { env, stored } from '../core/config';
import { fieldErrors } from '../core/errors';
import { admit, roleOf } from '../http/roles';
import { giveUpSeconds, insertDeliveries } from './queue';
import { newSecret } from './sign';

const WEBHOOKS = 'webhooks';
/** Deliveries shown with each address on the list; the rest page by page. */
const RECENT = 10;
const PER_PAGE = 50;

/** Plain http:// to this machine is accepted only where the server runs for development or tests. */
const loopbackHttp = () => env('WEBHOOKS_ALLOW_HTTP_LOOPBACK', '') === '1';

type Body = { [name: string]: unknown };
const bodyOf = (e: core.RequestEvent) => (e.requestInfo().body || {}) as Body;

/**
 * The caller, if the office or an administrator of a company. The office names the company
 * (`empresa`, in the query or the body); an administrator's is its own, whatever it names.
 */
function caller(e: core.RequestEvent): { office: boolean; company: string } {
  const auth = admit(e, ['office', 'client'], M.adminOnly);
  if (roleOf(auth) === 'client') {
    if (auth.getString('kind') !== 'administrador') throw new ForbiddenError(M.adminOnly);
    return { office: false, company: auth.getString('company') };
  }
  return { office: true, company: '' };
}

function companyNamed(e: core.RequestEvent, named: unknown): string {
  const who = caller(e);
  if (!who.office) return who.company;
  const id = String(named ?? '').trim();
  if (!id) throw fieldErrors({ empresa: M.companyRequired }, M.companyRequired);
  try {
    e.app.findRecordById('companies', id);
  } catch {
    throw new NotFoundError('Cliente não encontrado.');
  }
  return id;
}

/** A webhook the caller may manage; another company's is answered as missing. */
function ownWebhook(e: core.RequestEvent, id: string): core.Record {
  const who = caller(e);
  let hook: core.Record;
  try {
    hook = e.app.findRecordById(WEBHOOKS, id);
  } catch {
    throw new NotFoundError(M.notFound);
  }
  if (!who.office && hook.getString('company') !== who.company) throw new NotFoundError(M.notFound);
  return hook;
}

function webhookView(hook: core.Record) {
  return {
    id: hook.id,
    url: hook.getString('url'),
    created: hook.getString('created'),
    createdBy: hook.getString('createdBy'),
  };
}

const DELIVERY_COLUMNS =
  'id, event, number, status, attempts, created, nextAt, lastStatus, lastAnswer, lastAt, sentAt';

function deliveryRows(
  app: core.App,
  where: string,
  params: dbx.Params,
  limit: number,
  offset = 0,
): DeliveryView[] {
  const rows = arrayOf(
    new DynamicModel({
      id: '',
      event: '',
      number: '',
      status: '',
      attempts: 0,
      created: '',
      nextAt: '',
      lastStatus: 0,
      lastAnswer: '',
      lastAt: '',
      sentAt: '',
    }),
  );
  app
    .db()
    .newQuery(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE ${where} ` +
        `ORDER BY seq DESC LIMIT ${limit} OFFSET ${offset}`,
    )
    .bind(params)
    .all(rows);
  return rows.map((r) => ({ ...(r as unknown as DeliveryView) }));
}

function noStore(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
}

/** `GET /api/cliente/webhooks` (?empresa= for the office): the addresses, each with its latest deliveries. */
export function answerWebhooks(e: core.RequestEvent): void {
  const company = companyNamed(e, e.request!.url!.query().get('empresa'));
  const hooks = e.app.findRecordsByFilter(WEBHOOKS, 'company = {:company}', 'created', 0, 0, {
    company,
  }) as core.Record[];
  noStore(e);
  e.json(200, {
    webhooks: hooks.map((hook) => ({
      ...webhookView(hook),
      deliveries: deliveryRows(e.app, 'webhook = {:id}', { id: hook.id }, RECENT),
    })),
  });
}

/** `POST /api/cliente/webhooks` `{ url }` (and `empresa` for the office): the secret, this once. */
export function createWebhook(e: core.RequestEvent): void {
  const body = bodyOf(e);
  const company = companyNamed(e, body.empresa);
  const typed = String(body.url ?? '');
  const problem = checkWebhookUrl(typed, { loopbackHttp: loopbackHttp() });
  if (problem) throw fieldErrors({ url: problem }, problem);
  const url = storedWebhookUrl(typed);
  const secret = newSecret();
  let hook: core.Record | undefined;
  e.app.runInTransaction((txApp) => {
    const theirs = txApp.findRecordsByFilter(WEBHOOKS, 'company = {:company}', '', 0, 0, {
      company,
    }) as core.Record[];
    if (theirs.some((h) => h.getString('url') === url))
      throw fieldErrors({ url: M.taken }, M.taken);
    if (theirs.length >= WEBHOOKS_PER_COMPANY) throw fieldErrors({ url: M.tooMany }, M.tooMany);
    hook = new Record(txApp.findCollectionByNameOrId(WEBHOOKS));
    hook.set('company', company);
    hook.set('url', url);
    hook.set('secret', secret);
    hook.set('createdBy', (e.auth!.getString('name') || e.auth!.email() || '').slice(0, 200));
    hook.set('createdByAccount', e.auth!.id);
    txApp.save(hook);
  });
  e.json(200, { webhook: webhookView(hook!), secret });
}

/** `DELETE /api/cliente/webhooks/{id}`: the address and every delivery it had. */
export function deleteWebhook(e: core.RequestEvent): void {
  const hook = ownWebhook(e, e.request!.pathValue('id'));
  e.app.runInTransaction((txApp) => {
    txApp
      .db()
      .newQuery('DELETE FROM webhook_deliveries WHERE webhook = {:id}')
      .bind({ id: hook.id })
      .execute();
    txApp.delete(txApp.findRecordById(WEBHOOKS, hook.id));
  });
  e.json(200, { deleted: hook.id });
}

function deliveryById(app: core.App, id: string): DeliveryView | undefined {
  return deliveryRows(app, 'id = {:id}', { id }, 1)[0];
}

/** `POST /api/cliente/webhooks/{id}/teste`: a test event, sent like any other. */
export function testWebhook(e: core.RequestEvent): void {
  const hook = ownWebhook(e, e.request!.pathValue('id'));
  let name = '';
  try {
    name = e.app.findRecordById('companies', hook.getString('company')).getString('name');
  } catch {
    name = '';
  }
  let ids: string[] = [];
  e.app.runInTransaction((txApp) => {
    ids = insertDeliveries(
      txApp,
      [hook.id],
      hook.getString('company'),
      '',
      '',
      testPayload(new Date(), name || 'sua empresa'),
    );
  });
  e.json(200, { delivery: deliveryById(e.app, ids[0]!) });
}

/** `GET /api/cliente/webhooks/{id}/entregas?pagina=N`: its deliveries, newest first. */
export function answerDeliveries(e: core.RequestEvent): void {
  const hook = ownWebhook(e, e.request!.pathValue('id'));
  const page = Math.max(1, Math.floor(Number(e.request!.url!.query().get('pagina')) || 1));
  noStore(e);
  e.json(200, {
    page,
    perPage: PER_PAGE,
    items: deliveryRows(e.app, 'webhook = {:id}', { id: hook.id }, PER_PAGE, (page - 1) * PER_PAGE),
  });
}

/**
 * `POST /api/cliente/webhooks/entregas/{id}/reenviar`: 'Enviar de novo'. The same message (same
 * `webhook-id`) goes again, with three more days to get through; the address stops pausing, so
 * it is tried at once. One being sent right now is left alone.
 */
export function resendDelivery(e: core.RequestEvent): void {
  caller(e);
  const id = e.request!.pathValue('id');
  const row = new DynamicModel({ webhook: '', status: '' });
  try {
    e.app
      .db()
      .newQuery('SELECT webhook, status FROM webhook_deliveries WHERE id = {:id}')
      .bind({ id })
      .one(row);
  } catch {
    throw new NotFoundError(M.deliveryNotFound);
  }
  const hook = ownWebhook(e, row.webhook as string);
  if (row.status === 'sending') throw new ApiError(409, M.sendingNow);
  const now = Date.now();
  e.app.runInTransaction((txApp) => {
    txApp
      .db()
      .newQuery(
        "UPDATE webhook_deliveries SET status = 'pending', nextAt = '', expiresAt = {:expiresAt}, " +
          "updated = {:now} WHERE id = {:id} AND status != 'sending'",
      )
      .bind({ id, now: stored(now), expiresAt: stored(now + giveUpSeconds() * 1000) })
      .execute();
    txApp
      .db()
      .newQuery("UPDATE webhooks SET pausedUntil = '' WHERE id = {:id}")
      .bind({ id: hook.id })
      .execute();
  });
  e.json(200, { delivery: deliveryById(e.app, id) });
}
