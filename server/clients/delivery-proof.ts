// 'Comprovante de entrega': what a client company's people read of each of their delivered
// shipments, and its photo and signature. The `tracking` collection stays closed to clients (its
// rules are staff-only): these routes read the one record, answer only the caller's company's,
// and stream the protected files themselves, kept by no cache. Words and shape in
// src/domain/delivery-proof.ts.
import { admit } from '../http/roles';
import { PROOF_MESSAGES, type DeliveryProof } from '../../src/domain/delivery-proof';
import { destinationOf } from '../../src/domain/shipments';
import { DELIVERED_STAGE, normalizeStages, stageTimeField } from '../../src/domain/stages';

/**
 * The shipment `{number}` of the caller's company, delivered. Any other (none such, another
 * company's, a number registered by hand that belongs to no company) is the same 404, so a number
 * tells a client nothing of shipments not its own.
 */
function companyShipment(e: core.RequestEvent): core.Record {
  const auth = admit(e, ['client']);
  const company = auth.getString('company');
  const number = e.request!.pathValue('number');
  let record: core.Record | null = null;
  if (company && /^[0-9]{1,32}$/.test(number)) {
    try {
      record = e.app.findFirstRecordByData('tracking', 'number', number);
    } catch {
      record = null;
    }
  }
  if (!record || record.getString('company') !== company) {
    throw new NotFoundError(PROOF_MESSAGES.notFound);
  }
  if (normalizeStages(record.get('stages')).indexOf(DELIVERED_STAGE) === -1) {
    throw new NotFoundError(PROOF_MESSAGES.notDelivered);
  }
  return record;
}

/** The number of the pickup request a shipment came from, or 0. */
export function requestNumberOf(app: core.App, record: core.Record): number {
  const link = record.getString('request');
  if (link.indexOf('pickup:') !== 0) return 0;
  try {
    return app.findRecordById('pickup_requests', link.slice('pickup:'.length)).getInt('number');
  } catch {
    return 0;
  }
}

function companyName(app: core.App, id: string): string {
  try {
    return app.findRecordById('companies', id).getString('name');
  } catch {
    return '';
  }
}

/** `GET /api/comprovantes/{number}` (client): the proof of one delivery, as DeliveryProof. */
export function answerDeliveryProof(e: core.RequestEvent): void {
  const record = companyShipment(e);
  const proof: DeliveryProof = {
    number: record.getString('number'),
    company: companyName(e.app, record.getString('company')),
    requestNumber: requestNumberOf(e.app, record),
    recipient: record.getString('recipientName'),
    destination: destinationOf({
      recipientCity: record.getString('recipientCity'),
      recipientState: record.getString('recipientState'),
    }),
    receiverName: record.getString('receiverName'),
    deliveredAt: record.getString(stageTimeField(DELIVERED_STAGE)),
    photo: Boolean(record.getString('deliveryPhoto')),
    signature: Boolean(record.getString('deliverySignature')),
    erased: Boolean(record.getString('anonymizedAt')),
  };
  // A number field is never empty: 0, 0 (in the ocean off Africa) is no position.
  const latitude = record.getFloat('deliveryLatitude');
  const longitude = record.getFloat('deliveryLongitude');
  if (latitude !== 0 || longitude !== 0) proof.position = { latitude, longitude };
  e.response.header().set('Cache-Control', 'private, no-store');
  e.json(200, proof);
}

/**
 * The delivery's photo or signature, streamed from storage to the company's own people only, and
 * kept by no browser or proxy cache (a shared computer keeps no receiver's doorway).
 */
function serveProofFile(e: core.RequestEvent, field: 'deliveryPhoto' | 'deliverySignature'): void {
  const record = companyShipment(e);
  const name = record.getString(field);
  if (!name) throw new NotFoundError(PROOF_MESSAGES.noFile);
  const fs = e.app.newFilesystem();
  try {
    e.response.header().set('Cache-Control', 'private, no-store');
    const kind = field === 'deliveryPhoto' ? 'foto' : 'assinatura';
    const extension = name.slice(name.lastIndexOf('.'));
    fs.serve(
      e.response,
      e.request!,
      `${record.baseFilesPath()}/${name}`,
      `${kind}-${record.getString('number')}${extension}`,
    );
  } catch {
    throw new NotFoundError(PROOF_MESSAGES.noFile);
  } finally {
    fs.close();
  }
}

/** `GET /api/comprovantes/{number}/foto` (client). */
export function answerProofPhoto(e: core.RequestEvent): void {
  serveProofFile(e, 'deliveryPhoto');
}

/** `GET /api/comprovantes/{number}/assinatura` (client). */
export function answerProofSignature(e: core.RequestEvent): void {
  serveProofFile(e, 'deliverySignature');
}
