import { API_PATHS } from '../../config/api-paths';
import type { DeliveryProof } from '../../domain/delivery-proof';
import type { Statement } from '../../domain/statement';
import { clientApi, ClientResponseError } from '../../lib/pocketbase';

/** One delivered shipment's proof ('Comprovante de entrega'), of the signed-in company only. */
export function fetchDeliveryProof(number: string): Promise<DeliveryProof> {
  return clientApi.send<DeliveryProof>(API_PATHS.deliveryProof(number), {
    method: 'GET',
    requestKey: null,
  });
}

/**
 * The delivery's photo or signature, as a Blob: it needs the session, which an <img> cannot send,
 * and the server answers it `no-store`, so it lives only in this page's memory.
 */
export async function fetchProofFile(number: string, file: 'foto' | 'assinatura'): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(clientApi.buildURL(API_PATHS.proofFile(number, file)), {
      headers: { Authorization: clientApi.authStore.token },
      cache: 'no-store',
    });
  } catch (cause) {
    throw new ClientResponseError({ status: 0, originalError: cause });
  }
  if (!res.ok) {
    throw new ClientResponseError({
      status: res.status,
      response: (await res.json().catch(() => ({}))) as object,
    });
  }
  return res.blob();
}

/** The signed-in company's shipments of `month` ('AAAA-MM') with their prices. */
export function fetchStatement(month: string): Promise<Statement> {
  return clientApi.send<Statement>(API_PATHS.statement(month), { method: 'GET', requestKey: null });
}
