// Several pickup requests of one signed-in client in one request: a spreadsheet's rows leave the
// device's outbox fifty at a time. One at a time, a thousand rows were a thousand round trips (on
// a phone's link, minutes) and a thousand writes of the device's outbox.
import { admit } from '../http/roles';
import { allowCreate, COMPANY_CREATE_DAY_LIMIT, COMPANY_CREATE_LIMIT } from '../http/limits';
import { MAX_REQUEST_BYTES } from '../http/site';
import { batchFailure, fieldErrors, type BatchFailure } from '../core/errors';
import { PICKUP_BATCH_MAX, SUBMISSION_KINDS } from '../../src/domain/submissions';
import { storePickup, type Receipt } from './submissions';

type PickupResult = { status: 200; answer: Receipt } | BatchFailure;

/**
 * POST /api/pedidos-coleta/lote: `{ requests: [...] }`, each one pickup as the form creates it
 * (with its device-made id), stored in the order given, each with its own number and transaction,
 * and one answer per request. A refused request (400) does not stop the ones after it; the
 * company's limit reached (429) or a server failure does: it is answered, the rest are left
 * unanswered and the device sends them again later. A retry of a stored id gets its receipt.
 */
export function createPickupBatch(e: core.RequestEvent): void {
  const auth = admit(e, ['client']);
  const length = e.request!.contentLength;
  if (length < 0 || length > PICKUP_BATCH_MAX * MAX_REQUEST_BYTES) {
    throw new ApiError(413, 'A solicitação é grande demais para ser enviada.');
  }
  const requests = (e.requestInfo().body || {}).requests;
  if (!Array.isArray(requests) || requests.length === 0 || requests.length > PICKUP_BATCH_MAX) {
    throw fieldErrors({ requests: `Envie de 1 a ${PICKUP_BATCH_MAX} solicitações de coleta.` });
  }
  const company = auth.getString('company');
  const results: PickupResult[] = [];
  for (const sent of requests as unknown[]) {
    const fields =
      sent && typeof sent === 'object' && !Array.isArray(sent)
        ? (sent as { [field: string]: unknown })
        : {};
    try {
      // Counted one by one, as the form's creates are: a batch is no way around the limit.
      const limits = [COMPANY_CREATE_LIMIT, COMPANY_CREATE_DAY_LIMIT];
      const name = SUBMISSION_KINDS.pickup.collection;
      const allowed = company ? allowCreate(e.app, name, `empresa:${company}`, limits) : true;
      if (!allowed) throw new TooManyRequestsError('Too Many Requests.');
      results.push({ status: 200, answer: storePickup(e, fields) });
    } catch (err) {
      const failure = batchFailure(err);
      results.push(failure);
      if (failure.status === 429 || failure.status >= 500) break;
    }
  }
  e.json(200, { results });
}
