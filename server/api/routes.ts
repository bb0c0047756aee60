// The API for a client company's own systems, under /api/v1 (pb_hooks/api.pb.js; docs/api.md): a
// price, a pickup request, the company's requests and shipments with their stages, a shipment's
// label. Each route admits an API key first (`admitKey`) and answers what the company's people
// read on the screens, by the same rules: the form's catalogue and its create (reused, not
// copied), the simulator's price, 'Minhas solicitações' fields, the public lookup's stages.
import {
  API_MESSAGES as M,
  PICKUPS,
  apiPage,
  apiPickupFields,
  apiQuote,
  apiShipmentOf,
  pageOf,
  type ApiShipment,
} from '../../src/domain/api';
import { labelText } from '../../src/domain/labels';
import { SHIPMENT_RULES, shipmentOf } from '../../src/domain/shipments';
import { storedName } from '../../src/domain/fields';
import { TRACKING_STAGES, stageTimeField } from '../../src/domain/stages';
import { company as brand, siteUrl } from '../core/config';
import { fieldErrors } from '../core/errors';
import { allowCreate, COMPANY_CREATE_DAY_LIMIT, COMPANY_CREATE_LIMIT } from '../http/limits';
import { MAX_REQUEST_BYTES } from '../http/site';
import { createPickup } from '../requests/submissions';
import { admitKey } from './keys';
import { labelPdf } from './label';
import { openApiDocument } from './openapi';

type Body = { [name: string]: unknown };
const bodyOf = (e: core.RequestEvent) => (e.requestInfo().body || {}) as Body;

/** A body that states its length, within the forms' own limit (http/site.ts). */
function checkSize(e: core.RequestEvent): void {
  const length = e.request!.contentLength;
  if (length < 0 || length > MAX_REQUEST_BYTES) throw new ApiError(413, M.tooLarge);
}

function paging(e: core.RequestEvent): { page: number; perPage: number } {
  const asked = pageOf(e.requestInfo().query as { page?: unknown; perPage?: unknown });
  if ('errors' in asked) throw fieldErrors(asked.errors, M.checkFields);
  return asked;
}

/** `GET /api/v1/openapi.json` (anyone): the document describing every route below. */
export function answerOpenApi(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-cache');
  e.json(200, openApiDocument(siteUrl(e.app)));
}

/** `POST /api/v1/cotacoes`: the simulator's price for a parcel's weight, size and value. */
export function apiQuoteRoute(e: core.RequestEvent): void {
  admitKey(e);
  checkSize(e);
  const result = apiQuote(bodyOf(e));
  if (!result.ok) throw fieldErrors(result.errors, M.checkFields);
  e.json(200, result.quote);
}

/**
 * `POST /api/v1/coletas`: a pickup request, as the form sends it (its catalogue's fields, and an
 * `id` of the sender's own for retries). 201 with the receipt; a retry of the same id, 200 with
 * the same receipt. Counted with the company's other pickups (its form, its spreadsheets), as the
 * form counts them (http/site.ts).
 */
export function apiCreatePickup(e: core.RequestEvent): void {
  const caller = admitKey(e);
  checkSize(e);
  const limits = [COMPANY_CREATE_LIMIT, COMPANY_CREATE_DAY_LIMIT];
  if (!allowCreate(e.app, PICKUPS.collection, `empresa:${caller.company}`, limits)) {
    throw new TooManyRequestsError(M.tooManyCreates);
  }
  const id = bodyOf(e).id;
  if (id !== undefined && id !== null && id !== '') {
    if (typeof id !== 'string' || !/^[a-z0-9]{15}$/.test(id)) {
      throw fieldErrors({ id: M.badId }, M.checkFields);
    }
  }
  const made = createPickup(e, { company: caller.company, requestedBy: caller.name });
  e.json(made.created ? 201 : 200, made.receipt);
}

/** A pickup request as the company's people read it (clientReadableFields), typed. */
function pickupView(record: core.Record): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of apiPickupFields()) {
    if (field.type === 'integer') out[field.name] = record.getInt(field.name);
    else if (field.type === 'number') out[field.name] = record.getFloat(field.name);
    else out[field.name] = record.getString(field.name);
  }
  return out;
}

function count(app: core.App, sql: string, params: dbx.Params): number {
  const row = new DynamicModel({ n: 0 });
  app.db().newQuery(sql).bind(params).one(row);
  return Number(row.n) || 0;
}

/** `GET /api/v1/coletas?page=&perPage=`: the company's pickup requests, newest first. */
export function apiListPickups(e: core.RequestEvent): void {
  const caller = admitKey(e);
  const { page, perPage } = paging(e);
  const params = { company: caller.company };
  const total = count(
    e.app,
    'SELECT COUNT(*) AS n FROM pickup_requests WHERE company = {:company}',
    params,
  );
  const records = e.app.findRecordsByFilter(
    PICKUPS.collection,
    'company = {:company}',
    '-created,-number',
    perPage,
    (page - 1) * perPage,
    params,
  ) as core.Record[];
  e.json(200, apiPage(records.map(pickupView), page, perPage, total));
}

/** `GET /api/v1/coletas/{id}`: one of them; another company's is answered as missing. */
export function apiPickup(e: core.RequestEvent): void {
  const caller = admitKey(e);
  let record: core.Record | null = null;
  try {
    record = e.app.findRecordById(PICKUPS.collection, e.request!.pathValue('id'));
  } catch {
    record = null;
  }
  if (!record || record.getString('company') !== caller.company) {
    throw new NotFoundError(M.pickupNotFound);
  }
  e.json(200, pickupView(record));
}

/** The columns a shipment's view reads, each as text, a number or JSON text. */
const SHIPMENT_ROW = {
  number: '',
  service: '',
  registeredAt: '',
  created: '',
  promisedDate: '',
  recipientCity: '',
  recipientState: '',
  // -0: a float column (weights have decimals).
  weightKg: -0,
  stages: '',
  receiverName: '',
  returnedAt: '',
  attemptLog: '',
  requestNumber: 0,
  ...Object.fromEntries(TRACKING_STAGES.map(({ stage }) => [stageTimeField(stage), ''])),
};

/**
 * The company's shipments matching `where` (on `tracking t`), newest first, read with one query of
 * only the columns the view answers (and the request's number).
 */
function shipmentRows(
  app: core.App,
  where: string,
  params: dbx.Params,
  limit: number,
  offset: number,
): ApiShipment[] {
  const rows = arrayOf(new DynamicModel({ ...SHIPMENT_ROW }));
  const columns = Object.keys(SHIPMENT_ROW)
    .filter((name) => name !== 'requestNumber')
    .map((name) =>
      name === 'weightKg'
        ? 'COALESCE(t.weightKg, 0) AS weightKg'
        : `COALESCE(t.[[${name}]], '') AS [[${name}]]`,
    );
  app
    .db()
    .newQuery(
      `SELECT ${columns.join(', ')}, COALESCE(p.number, 0) AS requestNumber FROM tracking t ` +
        // The request's own id after 'pickup:': its primary key, not a scan of every request.
        "LEFT JOIN pickup_requests p ON t.request LIKE 'pickup:%' AND p.id = substr(t.request, 8) " +
        `WHERE ${where} ORDER BY t.created DESC, t.id DESC LIMIT ${limit} OFFSET ${offset}`,
    )
    .bind(params)
    .all(rows);
  return rows.map((row) => {
    const values = row as unknown as Record<string, unknown>;
    const json = (name: string) => {
      try {
        return values[name] ? JSON.parse(String(values[name])) : [];
      } catch {
        return [];
      }
    };
    return apiShipmentOf(
      { ...values, stages: json('stages'), attemptLog: json('attemptLog') },
      Number(values.requestNumber) || 0,
    );
  });
}

/** Only the company's own, and never a number registered by hand (which belongs to no company). */
const OWN = "t.company = {:company} AND t.company != ''";

/** `GET /api/v1/remessas?page=&perPage=`: the company's shipments, newest first, with their stages. */
export function apiListShipments(e: core.RequestEvent): void {
  const caller = admitKey(e);
  const { page, perPage } = paging(e);
  const params = { company: caller.company };
  const total = count(e.app, `SELECT COUNT(*) AS n FROM tracking t WHERE ${OWN}`, params);
  const items = shipmentRows(e.app, OWN, params, perPage, (page - 1) * perPage);
  e.json(200, apiPage(items, page, perPage, total));
}

/** The number in the path, if it is one of the caller's company's shipments (else 404). */
function ownNumber(e: core.RequestEvent, company: string): string {
  const number = e.request!.pathValue('number');
  if (!/^[0-9]{1,32}$/.test(number)) throw new NotFoundError(M.shipmentNotFound);
  const found = count(
    e.app,
    `SELECT COUNT(*) AS n FROM tracking t WHERE ${OWN} AND t.number = {:number}`,
    { company, number },
  );
  if (!found) throw new NotFoundError(M.shipmentNotFound);
  return number;
}

/** `GET /api/v1/remessas/{number}`: one of the company's shipments. */
export function apiShipment(e: core.RequestEvent): void {
  const caller = admitKey(e);
  const number = ownNumber(e, caller.company);
  const params = { company: caller.company, number };
  e.json(200, shipmentRows(e.app, `${OWN} AND t.number = {:number}`, params, 1, 0)[0]);
}

/** `GET /api/v1/remessas/{number}/etiqueta`: its 10×15 cm label, a PDF. */
export function apiShipmentLabel(e: core.RequestEvent): void {
  const caller = admitKey(e);
  const number = ownNumber(e, caller.company);
  const record = e.app.findFirstRecordByData('tracking', 'number', number);
  const values: Record<string, unknown> = {};
  for (const rule of SHIPMENT_RULES) {
    const name = storedName(rule);
    values[name] =
      rule.kind === 'decimal' || rule.kind === 'money'
        ? record.getFloat(name)
        : record.getString(name);
  }
  const pdf = labelPdf(labelText(brand.shortName, number, shipmentOf(values), siteUrl(e.app)));
  e.response.header().set('Content-Disposition', `inline; filename="etiqueta-${number}.pdf"`);
  e.blob(200, 'application/pdf', pdf);
}
